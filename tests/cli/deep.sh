#!/usr/bin/env bash
# The engine searches any depth: a Hamiltonian cycle of a 300,000-vertex cycle graph is found by
# `pruned` and `propagate` (300,000 levels, no cap, no crash) and of a 20,000-vertex one by
# `textbook`, whose NextValue tries every vertex at every level (n^2/2 checks: the 300,000-vertex
# run takes 70 s in a release build, docs/performance.md), and a 1,000,000-vertex path is
# 2-coloured by the textbook's search (10^6 levels). Usage: deep.sh BTSOLVE
set -u
bt=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for run in "pruned 300000" "propagate 300000" "textbook 20000"; do
  read -r s n <<<"$run"
  awk -v n="$n" 'BEGIN { for (i = 1; i < n; ++i) print i, i + 1; print n, 1 }' >"$dir/cycle.txt"
  "$bt" hamiltonian --input "$dir/cycle.txt" --strategy "$s" --no-precheck >"$dir/out" 2>"$dir/err" ||
    fail "hamiltonian --strategy $s: exit $? $(head -c 300 "$dir/err")"
  read -r first second rest <"$dir/out"
  words=$(wc -w <"$dir/out")
  [ "$first" = 1 ] && [ "$words" -eq $((n + 1)) ] || fail "$s: $words vertices, starting $first $second"
  echo "ok: hamiltonian --strategy $s on $n vertices"
done
m=1000000
awk -v n=$m 'BEGIN { for (i = 1; i < n; ++i) print i, i + 1 }' >"$dir/path.txt"
"$bt" colouring --input "$dir/path.txt" --colours 2 --strategy textbook --stats >"$dir/out" 2>"$dir/err" ||
  fail "colouring the path: exit $? $(head -c 300 "$dir/err")"
grep -q "^max_depth: $m$" "$dir/err" || fail "colouring: $(grep max_depth "$dir/err")"
echo "ok: a $m-vertex path coloured 10^6 levels deep"
