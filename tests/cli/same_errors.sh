#!/usr/bin/env bash
# One option vocabulary (issue 30, item 2): the same bad option is the same one-line error and
# exit 2 from the runner, from `compare` and, when given, from btsolve-mpi (docs/cli.md).
# Usage: same_errors.sh BTSOLVE [BTSOLVE_MPI MPIRUN...]
set -u
bt=$1; shift
btmpi=${1:-}; [ $# -gt 0 ] && shift
mpirun=("$@")
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# Run a command: its exit code in $code, its error line (without "PROGRAM: error: ") in $line.
run() {
  "$@" </dev/null >/dev/null 2>"$tmp"
  code=$?
  line=$(grep -m1 ': error: ' "$tmp" | sed 's/^[^:]*: error: //')
}
n=0
while IFS="|" read -r name words want <&3; do
  read -r -a extra <<<"$words"
  run "$bt" nqueens -n 5 --count "${extra[@]}"
  runner=$line
  [ "$code" = 2 ] || fail "$name: the runner exits $code, not 2"
  [[ $runner == $want* ]] || fail "$name: the runner says '$runner', not '$want...'"
  run "$bt" compare nqueens -n 4..5 --count "${extra[@]}"
  compare=$line
  [ "$code" = 2 ] || fail "$name: compare exits $code, not 2"
  [ "$compare" = "$runner" ] || fail "$name: compare says '$compare', the runner '$runner'"
  if [ -n "$btmpi" ]; then
    run "${mpirun[@]}" "$btmpi" nqueens -n 5 --count "${extra[@]}"
    mpi=$line
    [ "$code" = 2 ] || fail "$name: btsolve-mpi exits $code, not 2"
    [ "$mpi" = "$runner" ] || fail "$name: btsolve-mpi says '$mpi', the runner '$runner'"
  fi
  n=$((n + 1))
done 3<<'CASES'
node_limit_zero|--node-limit 0|--node-limit must be at least 1
node_limit_text|--node-limit abc|--node-limit wants a whole number from 0 to
limit_negative|--limit -1|--limit wants a whole number from 0 to
limit_zero|--limit 0|--limit must be at least 1
time_limit_text|--time-limit abc|--time-limit wants a number of seconds, not 'abc'
time_limit_negative|--time-limit -1|--time-limit must be a positive number of seconds
tree_max_zero|--tree-max-nodes 0|--tree-max-nodes 0 is out of range 1..100000
strategy_unknown|--strategy frob|unknown strategy 'frob' (naive, board,
switch_unknown|--inference frob|--inference is none, fc or mac, not 'frob'
rule_conflict|--unique --place 1,1|--unique counts symmetry classes of the empty board; drop --place
CASES
# A rule on the mode (option_set::only_in): --unique without --count, refused once by compare
# too, not as a "refused" cell per strategy.
run "$bt" nqueens -n 5 --unique
[ "$code" = 2 ] && [ "$line" = "--unique goes with --count" ] || fail "unique: the runner: $code '$line'"
run "$bt" compare nqueens -n 4..5 --unique
[ "$code" = 2 ] && [ "$line" = "--unique goes with --count" ] || fail "unique: compare: $code '$line'"
n=$((n + 1))
echo "ok: $n bad options, the same error and exit 2 from the runner, compare${btmpi:+ and btsolve-mpi}"
