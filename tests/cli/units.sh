#!/usr/bin/env bash
# The batch-system way: --split lists the units, --unit runs some, `btsolve merge` adds them up
# exactly as the single run (the default count, halves, at n = 10, 11, 12, and symmetry's
# units), and refuses a missing, duplicated or foreign unit (exit 2, one line naming the unit
# and the file). Usage: units.sh BTSOLVE COUNTS_CSV
set -u
bt=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
csv=$2
expect_refusal() {  # expect_refusal REGEX FILES...
  local re=$1; shift
  "$bt" merge "$@" >/dev/null 2>"$dir/err"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "merge $*: exit $rc, expected 2"
  [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "merge $*: not a one-line error: $(cat "$dir/err")"
  grep -q "$re" "$dir/err" || fail "merge $*: '$(cat "$dir/err")' does not match '$re'"
}

# One count by units: list its units, count them in two ranges (1 and 2 threads), merge; the
# merged totals must be the single run's, and counts.csv's. Files: $dir/$tag.{list,a,b,...}.
units=0
by_units() {  # by_units TAG STRATEGY N [ARGS...]
  local tag=$1 strategy=$2 n=$3; shift 3
  local args=(nqueens -n "$n" --count --unique "$@")
  "$bt" "${args[@]}" --split auto >"$dir/$tag.list" || fail "$tag: --split exit $?"
  units=$(wc -l <"$dir/$tag.list")
  [ "$units" -gt 10 ] || fail "$tag: only $units units"
  head -1 "$dir/$tag.list" | grep -q '^{"unit":0,"units":'"$units"',"digest":"[0-9a-f]\{32\}","params":"nqueens n='"$n"' strategy='"$strategy"' unique=yes placed=- split=auto units=v1",' ||
    fail "$tag: list line: $(head -1 "$dir/$tag.list")"
  local half=$((units / 2))
  "$bt" "${args[@]}" --unit "0..$((half - 1))" >"$dir/$tag.a" || fail "$tag: --unit a exit $?"
  "$bt" "${args[@]}" --unit "$half..$((units - 1))" --threads 2 >"$dir/$tag.b" || fail "$tag: --unit b exit $?"
  [ "$(cat "$dir/$tag.a" "$dir/$tag.b" | wc -l)" -eq "$units" ] || fail "$tag: not one result line per unit"
  grep -q '"total":[0-9]*,"unique":[0-9]*,"nodes":[0-9]*,"seconds":' "$dir/$tag.a" || fail "$tag: result line: $(head -1 "$dir/$tag.a")"
  "$bt" "${args[@]}" >"$dir/$tag.single" || fail "$tag: single run exit $?"
  "$bt" merge "$dir/$tag.a" "$dir/$tag.b" >"$dir/$tag.merged" || fail "$tag: merge exit $?"
  cmp -s "$dir/$tag.single" "$dir/$tag.merged" || fail "$tag: merged totals differ: $(cat "$dir/$tag.merged") vs $(cat "$dir/$tag.single")"
  local want
  want=$(awk -F, -v n="$n" '$1 == n { print "count: " $2 "\nunique: " $3 }' "$csv")
  [ "$(cat "$dir/$tag.merged")" = "$want" ] || fail "$tag: merged $(cat "$dir/$tag.merged"), expected $want"
  "$bt" merge --format json "$dir/$tag.b" "$dir/$tag.a" >"$dir/$tag.json" || fail "$tag: merge json exit $?"
  grep -q "\"count\":$(sed -n 's/^count: //p' <<<"$want"),\"unique\":$(sed -n 's/^unique: //p' <<<"$want")," "$dir/$tag.json" ||
    fail "$tag: merge json: $(cat "$dir/$tag.json")"
}
# The default count (halves: its joins, then the two Burnside terms) at even and odd n, and
# symmetry's units when asked for.
for n in 10 11 12; do by_units "h$n" halves "$n"; done
# The plain count names the strategy its units do.
"$bt" nqueens -n 12 --count --unique --format json | grep -q '"strategy":"halves"' || fail "plain count: not halves"
# Halves' last two units are the Burnside terms, and each join says what it joins.
tail -2 "$dir/h11.list" | head -1 | grep -q '"burnside":"quarter turn"}$' || fail "unit J: $(tail -2 "$dir/h11.list" | head -1)"
tail -1 "$dir/h11.list" | grep -q '"burnside":"half turn"}$' || fail "unit J+1: $(tail -1 "$dir/h11.list")"
head -1 "$dir/h11.list" | grep -q '"top":\[[0-9,]*\],"middle":[0-9]*,"weight":[0-9]*}$' || fail "h11 join: $(head -1 "$dir/h11.list")"
head -1 "$dir/h12.list" | grep -q '"top":\[[0-9,]*\],"middle":null,"weight":[0-9]*}$' || fail "h12 join: $(head -1 "$dir/h12.list")"
grep -q '"tally":"unique","tally_divisor":8,' "$dir/h11.a" || fail "h11: no tally_divisor: $(head -1 "$dir/h11.a")"
by_units s11 symmetry 11 --strategy symmetry
units=$(wc -l <"$dir/h11.list")
# The joins without the Burnside terms: no unique count, the first term named missing.
"$bt" nqueens -n 11 --count --unique --unit "0..$((units - 3))" >"$dir/joins" || fail "joins exit $?"
expect_refusal "unit $((units - 2)) is missing (and 1 more)" "$dir/joins"
# The refusals below work on the default count of n = 11.
for f in a b single; do cp "$dir/h11.$f" "$dir/$f"; done
# Units of another strategy of the same board are another count.
expect_refusal "$dir/s11.b line 1: unit [0-9]* is of another count than $dir/a line 1: the strategy (symmetry this line, halves the first)" "$dir/a" "$dir/s11.b"
sed '3d' "$dir/b" >"$dir/b_missing"
missing=$(sed -n '3s/^{"unit":\([0-9]*\),.*/\1/p' "$dir/b")
expect_refusal "unit $missing is missing" "$dir/a" "$dir/b_missing"
sed -n '2p' "$dir/a" >"$dir/dup"
dup=$(sed -n '2s/^{"unit":\([0-9]*\),.*/\1/p' "$dir/a")
expect_refusal "unit $dup is duplicated: $dir/a line 2 and $dir/dup line 1" "$dir/a" "$dir/b" "$dir/dup"
"$bt" nqueens -n 10 --count --unique --unit 0 >"$dir/other"
expect_refusal "$dir/other line 1: unit 0 is of another count than $dir/a line 1: n (10 this line, 11 the first)" "$dir/a" "$dir/b" "$dir/other"
# A result line edited by hand (a total changed, made negative) is refused by its check.
sed '2s/"total":\([0-9]*\)/"total":1\1/' "$dir/a" >"$dir/edited"
expect_refusal "$dir/edited line 2 was changed after it was written" "$dir/edited" "$dir/b"
sed '2s/"total":[0-9]*/"total":-8/' "$dir/a" >"$dir/negative"
expect_refusal "$dir/negative line 2 was changed after it was written" "$dir/negative" "$dir/b"
# So is a line whose tally divisor was changed.
sed '1s/"tally_divisor":8/"tally_divisor":4/' "$dir/a" >"$dir/divisor"
expect_refusal "$dir/divisor line 1 was changed after it was written" "$dir/divisor" "$dir/b"
# So is a line whose unit count was changed (to 20 million).
sed '1s/"units":[0-9]*/"units":20000000/' "$dir/a" >"$dir/claim"
expect_refusal "$dir/claim line 1 was changed after it was written" "$dir/claim" "$dir/b"
# A line longer than any result line is refused before it is held in memory.
head -c 2000000 /dev/zero | tr '\0' x >"$dir/long"
expect_refusal "$dir/long line 1 is longer than 1048576 bytes" "$dir/long"
# --checkpoint with --split: the count of the units of that split, as the single run.
args=(nqueens -n 11 --count --unique --strategy symmetry)
"$bt" "${args[@]}" --split 2 --checkpoint "$dir/cp" >"$dir/split_cp" || fail "--split with --checkpoint: exit $?"
cmp -s "$dir/single" "$dir/split_cp" || fail "--split with --checkpoint: $(cat "$dir/split_cp")"
# halves has no depth to split at: its units are its joins.
"$bt" nqueens -n 11 --count --unique --split 2 >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "halves --split 2: $(cat "$dir/err")"
grep -q "^btsolve: error: --split 2: strategy halves splits a count into its joins only" "$dir/err" || fail "halves --split 2: $(cat "$dir/err")"
echo '{"unit":1,' >"$dir/junk"
expect_refusal "$dir/junk line 1 is not a result line" "$dir/a" "$dir/junk"
echo "ok: halves n = 10..12 and symmetry n = 11 by units, merged = single run = counts.csv; missing/duplicated/foreign/edited refused"
