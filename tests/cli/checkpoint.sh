#!/usr/bin/env bash
# --checkpoint: SIGKILL a count after some units are recorded, run the same command again: it
# resumes (counts fewer units) and ends with the totals of counts.csv. A torn last line is
# counted again; a second run on a file in use, a checkpoint corrupted in the middle or written
# for other parameters is refused (exit 2, one line). STRATEGY: the one the units must name
# (halves: the default count, given no --strategy). Usage: checkpoint.sh COUNTS_CSV N STRATEGY
# BTSOLVE
set -u
csv=$1 n=$2 strategy=$3; shift 3
cmd=("$@")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; [ -f "$dir/err" ] && cat "$dir/err"; exit 1; }
want=$(awk -F, -v n="$n" '$1 == n { print "count: " $2 "\nunique: " $3 }' "$csv")
cp="$dir/cp"
args=(nqueens -n "$n" --count --unique --threads 1 --checkpoint "$cp")
[ "$strategy" = halves ] || args+=(--strategy "$strategy")

# 1. kill -9 once some units are written, then resume
"${cmd[@]}" "${args[@]}" >"$dir/out1" 2>"$dir/err" &
pid=$!
for _ in $(seq 1 600); do
  [ -f "$cp" ] && [ "$(wc -l <"$cp")" -ge 30 ] && break
  sleep 0.02
done
# 1a. a second run on the file meanwhile (a requeued job beside the old one) is refused at
# once, naming the writer, and leaves the file alone
"${cmd[@]}" "${args[@]}" >"$dir/out2" 2>"$dir/err2"
rc=$?
[ "$rc" -eq 2 ] || fail "a second writer: exit $rc, expected 2 ($(cat "$dir/err2"))"
[ "$(grep -c . "$dir/err2")" -eq 1 ] || fail "a second writer: not a one-line error"
grep -q "checkpoint $cp: another run is counting into this file (process $pid)" "$dir/err2" ||
  fail "a second writer: $(cat "$dir/err2")"
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
[ -f "$cp" ] || fail "no checkpoint written"
head -1 "$cp" | grep -q "\"params\":\"nqueens n=$n strategy=$strategy unique=yes " || fail "checkpoint params: $(head -1 "$cp")"
before=$(($(wc -l <"$cp") - 1))
"${cmd[@]}" "${args[@]}" >"$dir/out" 2>"$dir/err" || fail "resumed run: exit $?"
[ "$(cat "$dir/out")" = "$want" ] || fail "resumed totals: $(cat "$dir/out"), expected $want"
units=$(($(wc -l <"$cp") - 1))
resumed=$(sed -n 's/.*resuming, \([0-9]*\) of \([0-9]*\) units.*/\1/p' "$dir/err")
[ -n "$resumed" ] || fail "the second run did not resume"
[ "$resumed" -gt 0 ] && [ "$resumed" -lt "$units" ] || fail "resumed $resumed of $units"
[ "$resumed" -le "$before" ] || fail "resumed $resumed units but only $before were written"

# 2. a finished checkpoint: nothing is counted again
"${cmd[@]}" "${args[@]}" >"$dir/out" 2>"$dir/err" || fail "rerun: exit $?"
[ "$(cat "$dir/out")" = "$want" ] || fail "rerun totals"
grep -q "resuming, $units of $units units" "$dir/err" || fail "rerun recounted units"

# 3. a torn last line (a write cut by a kill) is dropped and its unit counted again
head -c -7 "$cp" >"$dir/torn" && cp "$dir/torn" "$cp"
"${cmd[@]}" "${args[@]}" >"$dir/out" 2>"$dir/err" || fail "torn: exit $?"
[ "$(cat "$dir/out")" = "$want" ] || fail "torn totals"
grep -q "resuming, $((units - 1)) of $units units" "$dir/err" || fail "torn line not recounted"

refused() {  # refused REGEX: the count must stop with exit 2 and a one-line error
  "${cmd[@]}" "${args[@]}" >"$dir/out" 2>"$dir/err"
  local rc=$?
  [ "$rc" -eq 2 ] || fail "expected exit 2 ($1), got $rc"
  [ "$(grep -c . "$dir/err")" -eq 1 ] || fail "not a one-line error"
  grep -q "$1" "$dir/err" || fail "error does not match '$1'"
}
# 4. corrupted in the middle: refused
cp "$cp" "$dir/good"
sed -i '5s/"total":/"total":1/' "$cp"
refused "checkpoint $cp: line 5 is corrupted"
# 5. a line cut short in the middle of the file: refused as well
{ head -3 "$dir/good"; sed -n 4p "$dir/good" | head -c 25; tail -n +5 "$dir/good"; } >"$cp"
refused "checkpoint $cp: line 4 is corrupted"
# 6. other parameters: refused
cp "$dir/good" "$cp"
"${cmd[@]}" nqueens -n "$((n - 1))" --count --unique --checkpoint "$cp" >"$dir/out" 2>"$dir/err"
[ $? -eq 2 ] || fail "other parameters accepted"
grep -q "written for another count: .*n ($n there, $((n - 1)) here)" "$dir/err" || fail "other parameters: $(cat "$dir/err")"
echo "ok: second writer refused; killed after $before units, resumed $resumed of $units; torn line recounted; corrupted and foreign refused"
