#!/usr/bin/env bash
# The run outcome of work units (docs/cli.md, issue 30 item 4): each --unit result line says how
# its unit ended ("status"), merge's JSON says how the whole count ended, and its exit code
# follows: solved (exit 0), no_solution (exit 1); a line of a stopped unit is refused.
# Usage: outcome_merge.sh BTSOLVE (working directory tests/).
set -u
bt=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A count with solutions: every unit line has a status, merge's is solved.
units=$("$bt" nqueens -n 8 --count --strategy board --split 2 | wc -l)
[ "$units" -ge 2 ] || fail "only $units units"
"$bt" nqueens -n 8 --count --strategy board --split 2 --unit "0..$((units - 1))" >"$dir/all" ||
  fail "--unit exit $?"
[ "$(wc -l <"$dir/all")" -eq "$units" ] || fail "expected $units unit lines: $(wc -l <"$dir/all")"
grep -vq '"status":"\(solved\|no_solution\)"' "$dir/all" && fail "a unit line without its status: $(grep -v '"status":"\(solved\|no_solution\)"' "$dir/all" | head -1)"
# Some units have no solution below them (a queen at a corner and one a knight's move away).
grep -q '"status":"no_solution"' "$dir/all" || fail "no unit without a solution"
grep -q '"status":"solved"' "$dir/all" || fail "no unit found a solution"
"$bt" merge --format json "$dir/all" >"$dir/json"
code=$?
[ "$code" -eq 0 ] || fail "merge exit $code, expected 0"
grep -q '"count":92,.*"status":"solved"}$' "$dir/json" || fail "merge json: $(cat "$dir/json")"

# A count of none: merge says no_solution and exits 1, as the single run does.
"$bt" nqueens -n 3 --count --strategy board --split 1 --unit 0..2 >"$dir/none" ||
  fail "n = 3 --unit exit $?"
"$bt" merge --format json "$dir/none" >"$dir/none.json"
code=$?
[ "$code" -eq 1 ] || fail "merge of none: exit $code, expected 1"
grep -q '"count":0,.*"status":"no_solution"}$' "$dir/none.json" || fail "merge json: $(cat "$dir/none.json")"
"$bt" nqueens -n 3 --count --format json >"$dir/single.json"
[ $? -eq 1 ] || fail "the single run of none does not exit 1"
grep -q '"status":"no_solution"' "$dir/single.json" || fail "single run: $(cat "$dir/single.json")"

# A unit stopped by a limit says which, the run exits 3, and merge refuses its line.
"$bt" nqueens -n 13 --count --strategy board --split 1 --unit 0 --node-limit 500 >"$dir/cut" 2>"$dir/cut.err"
code=$?
[ "$code" -eq 3 ] || fail "stopped unit: exit $code, expected 3"
grep -q '"status":"node_limit",.*"done":false' "$dir/cut" || fail "stopped unit line: $(cat "$dir/cut")"
"$bt" merge "$dir/cut" 2>"$dir/merge.err" >/dev/null
code=$?
[ "$code" -eq 2 ] || fail "merge of a stopped unit: exit $code, expected 2"
grep -q "unit 0 was stopped (node_limit) before its end; run it again" "$dir/merge.err" ||
  fail "merge's message: $(cat "$dir/merge.err")"
echo ok
