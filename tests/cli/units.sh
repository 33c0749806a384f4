#!/usr/bin/env bash
# The batch-system way: --split lists the units, --unit runs some, `btsolve merge` adds them up
# exactly as the single run, and refuses a missing, duplicated or foreign unit (exit 2, one
# line naming the unit and the file). Usage: units.sh BTSOLVE
set -u
bt=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
args=(nqueens -n 11 --count --unique)
"$bt" "${args[@]}" --split auto >"$dir/list" || fail "--split exit $?"
units=$(wc -l <"$dir/list")
[ "$units" -gt 10 ] || fail "only $units units"
head -1 "$dir/list" | grep -q '^{"unit":0,"units":'"$units"',"digest":"[0-9a-f]\{16\}",' || fail "list line: $(head -1 "$dir/list")"
half=$((units / 2))
"$bt" "${args[@]}" --unit "0..$((half - 1))" >"$dir/a" || fail "--unit a exit $?"
"$bt" "${args[@]}" --unit "$half..$((units - 1))" --threads 2 >"$dir/b" || fail "--unit b exit $?"
[ "$(cat "$dir/a" "$dir/b" | wc -l)" -eq "$units" ] || fail "not one result line per unit"
grep -q '"total":[0-9]*,"unique":[0-9]*,"nodes":[0-9]*,"seconds":' "$dir/a" || fail "result line: $(head -1 "$dir/a")"
"$bt" "${args[@]}" >"$dir/single"
"$bt" merge "$dir/a" "$dir/b" >"$dir/merged" || fail "merge exit $?"
cmp -s "$dir/single" "$dir/merged" || fail "merged totals differ: $(cat "$dir/merged")"
grep -qx "count: 2680" "$dir/merged" || fail "wrong count"

expect_refusal() {  # expect_refusal REGEX FILES...
  local re=$1; shift
  "$bt" merge "$@" >/dev/null 2>"$dir/err"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "merge $*: exit $rc, expected 2"
  [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "merge $*: not a one-line error: $(cat "$dir/err")"
  grep -q "$re" "$dir/err" || fail "merge $*: '$(cat "$dir/err")' does not match '$re'"
}
sed '3d' "$dir/b" >"$dir/b_missing"
missing=$(sed -n '3s/^{"unit":\([0-9]*\),.*/\1/p' "$dir/b")
expect_refusal "unit $missing is missing" "$dir/a" "$dir/b_missing"
sed -n '2p' "$dir/a" >"$dir/dup"
dup=$(sed -n '2s/^{"unit":\([0-9]*\),.*/\1/p' "$dir/a")
expect_refusal "unit $dup is duplicated: $dir/a line 2 and $dir/dup line 1" "$dir/a" "$dir/b" "$dir/dup"
"$bt" nqueens -n 10 --count --unique --unit 0 >"$dir/other"
expect_refusal "$dir/other line 1: unit 0 has parameters digest" "$dir/a" "$dir/b" "$dir/other"
# A result line edited by hand (a total changed, made negative) is refused by its check.
sed '2s/"total":\([0-9]*\)/"total":1\1/' "$dir/a" >"$dir/edited"
expect_refusal "$dir/edited line 2 was changed after it was written" "$dir/edited" "$dir/b"
sed '2s/"total":[0-9]*/"total":-8/' "$dir/a" >"$dir/negative"
expect_refusal "$dir/negative line 2 was changed after it was written" "$dir/negative" "$dir/b"
# So is a line whose unit count was changed (to 20 million).
sed '1s/"units":[0-9]*/"units":20000000/' "$dir/a" >"$dir/claim"
expect_refusal "$dir/claim line 1 was changed after it was written" "$dir/claim" "$dir/b"
# A line longer than any result line is refused before it is held in memory.
head -c 2000000 /dev/zero | tr '\0' x >"$dir/long"
expect_refusal "$dir/long line 1 is longer than 1048576 bytes" "$dir/long"
# --checkpoint with --split: the count of the units of that split, as the single run.
"$bt" "${args[@]}" --split 2 --checkpoint "$dir/cp" >"$dir/split_cp" || fail "--split with --checkpoint: exit $?"
cmp -s "$dir/single" "$dir/split_cp" || fail "--split with --checkpoint: $(cat "$dir/split_cp")"
echo '{"unit":1,' >"$dir/junk"
expect_refusal "$dir/junk line 1 is not a result line" "$dir/a" "$dir/junk"
echo "ok: $units units, merged = single run, missing/duplicated/foreign/edited refused"
