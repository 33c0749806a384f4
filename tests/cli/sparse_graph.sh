#!/usr/bin/env bash
# A sparse graph colours in time linear in its size (docs/reliability.md, issue 18): dsatur
# scanned every uncoloured vertex at every step, so 300,000 isolated vertices took 38-52 s
# (release) and the 600,000 here would take minutes; now a few seconds in a debug build. The
# bound is CTest's TIMEOUT of this test, not an assertion: the script checks the answers.
# Usage: sparse_graph.sh BTSOLVE
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failed=0
n=600000
printf 'p edge %d 1\ne 1 2\n' "$n" >"$dir/isolated.col"
out=$("$bin" colouring --input "$dir/isolated.col" -m 3)
rc=$?
words=$(echo "$out" | wc -w)
if [ "$rc" -eq 0 ] && [ "$words" -eq $((n + 1)) ] && [[ "$out" == "colours: 1 2 1 1 "* ]]; then
  echo "ok: $n vertices, one edge, coloured with -m 3"
else
  echo "FAIL: colouring -m 3: exit $rc, $words words: ${out:0:100}"
  failed=1
fi
out=$("$bin" colouring --input "$dir/isolated.col" --chromatic | head -1)
[ "$out" = "chromatic number: 2" ] && echo "ok: --chromatic" || { echo "FAIL: --chromatic: $out"; failed=1; }
# hamiltonian: a 200,000-cycle as an edge list, and the isolated vertices refused by the precheck
n=200000
awk -v n="$n" 'BEGIN { for (i = 1; i < n; i++) print i, i + 1; print n, 1 }' >"$dir/cycle.txt"
out=$("$bin" hamiltonian --input "$dir/cycle.txt")
rc=$?
[ "$rc" -eq 0 ] && [ "$(echo "$out" | wc -w)" -eq $((n + 1)) ] && echo "ok: the $n-cycle" ||
  { echo "FAIL: hamiltonian on the cycle: exit $rc"; failed=1; }
"$bin" hamiltonian --input "$dir/isolated.col" >/dev/null 2>"$dir/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "has degree 1" "$dir/err" && echo "ok: hamiltonian precheck" ||
  { echo "FAIL: hamiltonian on isolated vertices: exit $rc $(cat "$dir/err")"; failed=1; }
exit $failed
