#!/usr/bin/env bash
# Counting by work units is the runner's, so every problem that counts has it: for each count
# below, the units listed by --split, counted in two --unit batches (one on two threads) and
# added up by `merge` (text and JSON) give the single run's count, and a --checkpoint run
# gives it too. Usage: units_every_problem.sh BTSOLVE (working directory tests/).
set -u
bt=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
check() {  # check ARGS... (a count)
  local single units half
  single=$("$bt" "$@") || fail "$* exit $?"
  "$bt" "$@" --split auto >"$dir/list" || fail "$* --split exit $?"
  units=$(wc -l <"$dir/list")
  [ "$units" -ge 2 ] || fail "$*: only $units units"
  half=$((units / 2))
  "$bt" "$@" --split auto --unit "0..$((half - 1))" >"$dir/a" || fail "$* --unit a exit $?"
  "$bt" "$@" --split auto --unit "$half..$((units - 1))" --threads 2 >"$dir/b" || fail "$* --unit b exit $?"
  [ "$("$bt" merge "$dir/a" "$dir/b")" = "$single" ] || fail "$*: merged $("$bt" merge "$dir/a" "$dir/b") != $single"
  "$bt" merge --format json "$dir/a" "$dir/b" >"$dir/json" || fail "merge --format json exit $?"
  grep -q "\"units\":$units,\"count\":${single#count: }[,}]" "$dir/json" || fail "$*: merge json $(cat "$dir/json")"
  rm -f "$dir/cp"
  [ "$("$bt" "$@" --checkpoint "$dir/cp")" = "$single" ] || fail "$*: checkpoint run differs"
  [ "$("$bt" "$@" --checkpoint "$dir/cp" 2>/dev/null)" = "$single" ] || fail "$*: resumed checkpoint differs"
  echo "ok: $* ($units units, $single)"
}
check nqueens -n 9 --count --strategy board
check nqueens -n 9 --count --strategy mrv+fc
check colouring --mycielski 3 --colours 4 --count --strategy textbook
check colouring -i data/coloring/c5.txt --colours 4 --count
check hamiltonian --dodecahedron --count --strategy pruned
check hamiltonian -i data/hamiltonian/k4.hcp --count --strategy propagate
check subsets -i data/subset_sum/textbook_hs6.txt --count --count-method search
