#!/usr/bin/env bash
# Encodings (docs/reliability.md, issue 18): a file saved with a UTF-8 byte-order mark, with
# CRLF line ends, or both, gives the same output and exit code as the plain file, in every
# reader (DIMACS, HCP, edge lists, subsets, sudoku from a file and from stdin).
# Usage: encoding.sh BTSOLVE (working directory tests/).
set -u
bin=$1
failed=0
# same PLAIN ARGS...: btsolve ARGS --input F for F = PLAIN and its three variants in
# data/encoding/ (STEM.bom.EXT, STEM.crlf.EXT, STEM.bom_crlf.EXT).
same() {
  local plain=$1 base stem ext want got rc_want rc_got v bad=0
  shift
  base=$(basename "$plain") stem=${base%.*} ext=${base##*.}
  want=$("$bin" "$@" --input "$plain" 2>&1)
  rc_want=$?
  for v in bom crlf bom_crlf; do
    got=$("$bin" "$@" --input "data/encoding/$stem.$v.$ext" 2>&1)
    rc_got=$?
    if [ "$got" != "$want" ] || [ "$rc_got" != "$rc_want" ]; then
      echo "FAIL: $* with $stem.$v.$ext: exit $rc_got (plain $rc_want)"
      echo "  plain: $want" | head -3
      echo "  $v: $got" | head -3
      bad=1
    fi
  done
  [ "$bad" -eq 0 ] || { failed=1; return; }
  echo "ok: $* --input $plain (exit $rc_want) and its bom, crlf, bom_crlf copies"
}
same data/coloring/myciel3.col colouring --chromatic
same data/coloring/c5.txt colouring -m 3 --count
same data/hamiltonian/cube_q3.hcp hamiltonian --count
same data/hamiltonian/uva775_sample1.txt hamiltonian --all
same data/subset_sum/textbook_hs4.txt subsets --all
same data/sudoku/two.txt sudoku --count
# sudoku reads stdin too
want=$("$bin" sudoku --count <data/sudoku/two.txt 2>&1)
for v in bom crlf bom_crlf; do
  got=$("$bin" sudoku --count <"data/encoding/two.$v.txt" 2>&1)
  [ "$got" = "$want" ] || { echo "FAIL: sudoku stdin two.$v.txt: $got"; failed=1; }
done
echo "ok: sudoku --count on stdin"
exit $failed
