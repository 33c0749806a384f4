#!/usr/bin/env bash
# Long lines (docs/reliability.md, issue 18): a comment line of any length is skipped without
# being stored; a data line over 1 MiB is refused with one line naming FILE:LINE before its
# memory is spent; a long token is quoted by its first 40 characters. The files are made here,
# a few MB each (a 100 MB comment line used to cost 2 GB).
# Usage: long_lines.sh BTSOLVE
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# N characters of C, no newline
run_of() { head -c "$1" /dev/zero | tr '\0' "$2"; }
# err_is NAME EXPECTED: $dir/err is one line "btsolve: error: ..." holding EXPECTED, short
err_is() {
  local lines bytes
  lines=$(wc -l <"$dir/err") bytes=$(wc -c <"$dir/err")
  if [ "$lines" -ne 1 ] || ! grep -qF "$2" "$dir/err" || [ "$bytes" -gt 300 ]; then
    fail "$1: expected one short line with '$2', got $lines lines, $bytes bytes: $(head -c 300 "$dir/err")"
  else
    echo "ok: $1: $(cat "$dir/err")"
  fi
}
# peak RSS in KB of a run, or 0 without GNU time
peak_kb() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$dir/rss" "$@" >/dev/null 2>&1
    cat "$dir/rss"
  else
    echo 0
  fi
}

# DIMACS: a 20 MB comment line is skipped, unstored: the answer and the memory of the plain file
printf 'p edge 3 3\ne 1 2\ne 2 3\ne 3 1\n' >"$dir/k3.col"
{ printf 'c '; run_of 20000000 x; printf '\np edge 3 3\ne 1 2\ne 2 3\ne 3 1\n'; } >"$dir/comment.col"
want=$("$bin" colouring --input "$dir/k3.col" -m 3 --count 2>&1)
got=$("$bin" colouring --input "$dir/comment.col" -m 3 --count 2>&1)
[ "$got" = "$want" ] && echo "ok: a 20 MB DIMACS comment line is skipped" ||
  fail "20 MB comment: '$got', plain file '$want'"
plain_kb=$(peak_kb "$bin" colouring --input "$dir/k3.col" -m 3 --count)
comment_kb=$(peak_kb "$bin" colouring --input "$dir/comment.col" -m 3 --count)
# Stored, the line would add 20 MB at least; unstored, the 1 MiB prefix at most.
[ $((comment_kb - plain_kb)) -le 8000 ] && echo "ok: peak RSS $comment_kb KB (plain $plain_kb KB)" ||
  fail "the 20 MB comment costs $((comment_kb - plain_kb)) KB more than the plain file"
# the same in an edge list (# comments) and an HCP COMMENT
{ printf '# '; run_of 3000000 x; printf '\n1 2\n2 3\n3 1\n'; } >"$dir/comment.edges"
got=$("$bin" colouring --input "$dir/comment.edges" -m 3 --count 2>&1)
[ "$got" = "$want" ] && echo "ok: a 3 MB edge-list comment is skipped" || fail "edge-list comment: $got"

# DIMACS: a 3 MB edge line is refused at line 2, and a 3 MB line of digits as well
{ printf 'p edge 3 3\ne 1 '; run_of 3000000 ' '; printf '2\n'; } >"$dir/wide.col"
"$bin" colouring --input "$dir/wide.col" -m 3 >/dev/null 2>"$dir/err"
err_is "3 MB DIMACS edge line" "$dir/wide.col:2: the line is longer than 1048576 bytes"
{ printf 'p edge 3 3\ne 1 '; run_of 3000000 9; printf '\n'; } >"$dir/digits.col"
"$bin" colouring --input "$dir/digits.col" -m 3 >/dev/null 2>"$dir/err"
err_is "3 MB vertex number" "$dir/digits.col:2: the line is longer than 1048576 bytes"
# under the cap, a 500 KB vertex number is quoted by its first 40 digits
{ printf 'p edge 3 3\ne 1 '; run_of 500000 9; printf '\n'; } >"$dir/token.col"
"$bin" colouring --input "$dir/token.col" -m 3 >/dev/null 2>"$dir/err"
err_is "500 KB vertex number" "$dir/token.col:2: vertex '$(run_of 40 9)...' is out of range"
# HCP and edge lists
{ printf 'NAME : x\nTYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n1 '; run_of 2000000 ' '; printf '2\n'; } >"$dir/wide.hcp"
"$bin" hamiltonian --input "$dir/wide.hcp" >/dev/null 2>"$dir/err"
err_is "2 MB HCP edge line" "$dir/wide.hcp:5: the line is longer than 1048576 bytes"
{ printf '1 2\n'; run_of 2000000 1; printf ' 2\n'; } >"$dir/wide.edges"
"$bin" hamiltonian --input "$dir/wide.edges" >/dev/null 2>"$dir/err"
err_is "2 MB edge-list line" "$dir/wide.edges:2: the line is longer than 1048576 bytes"

# subsets: a 2 MB line of weights; sudoku: a 2 MB puzzle line, and a 2 MB comment skipped
{ printf '3 10\n'; run_of 2000000 7; printf '\n'; } >"$dir/wide.txt"
"$bin" subsets --input "$dir/wide.txt" >/dev/null 2>"$dir/err"
err_is "2 MB subsets line" "$dir/wide.txt:2: the line is longer than 1048576 bytes"
{ printf '# a comment\n'; run_of 2000000 .; printf '\n'; } >"$dir/wide.sudoku"
"$bin" sudoku --input "$dir/wide.sudoku" >/dev/null 2>"$dir/err"
err_is "2 MB sudoku line" "$dir/wide.sudoku:2: the line is longer than 1048576 bytes"
"$bin" sudoku <"$dir/wide.sudoku" >/dev/null 2>"$dir/err"
err_is "2 MB sudoku line on stdin" "<stdin>:2: the line is longer than 1048576 bytes"
{ printf '#'; run_of 2000000 x; printf '\n'; run_of 81 .; printf '\n'; } >"$dir/comment.sudoku"
"$bin" sudoku --input "$dir/comment.sudoku" >"$dir/out" 2>"$dir/err"
[ "$?" -eq 0 ] && [ -s "$dir/out" ] && echo "ok: a 2 MB sudoku comment is skipped" ||
  fail "sudoku comment: $(head -c 300 "$dir/err")"
exit $failed
