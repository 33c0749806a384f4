#!/usr/bin/env bash
# compare --inputs from a directory of their own (docs/compare.md): --colours chromatic reads the
# answers.csv beside each file, checked by a run: a number the run refutes is replaced by the
# proven chromatic number, with a warning (issue 27: it was used silently); two inputs with one
# file name are headed by their paths, and LaTeX gets every special character of a file name
# escaped. Usage: compare_inputs.sh BTSOLVE
set -u
btsolve=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$dir/a" "$dir/b"
cp data/coloring/c5.txt "$dir/a/ring.txt"
cp data/coloring/c5.txt "$dir/b/ring.txt"
cp data/coloring/c5.txt "$dir/a/50%_&#\$.txt"
# C5 needs 3 colours; this answers.csv says 4 (a quoted source with a comma, CRLF line ends).
printf 'instance,vertices,source,chromatic_number\r\nring,5,"hand, written",4\r\n' >"$dir/a/answers.csv"

out=$("$btsolve" compare colouring --inputs "$dir/a/ring.txt,$dir/b/ring.txt" --colours chromatic \
      --strategies dsatur --count --pivot --measure nodes --format markdown 2>"$dir/err") || fail "exit $?"
want="| strategy (nodes) | $dir/a/ring.txt (m=3) | $dir/b/ring.txt (m=3) |
| --- | ---: | ---: |
| dsatur | 12 | 12 |"
[ "$(cat "$dir/err")" = "warning: --colours chromatic: answers.csv gives 4 for $dir/a/ring.txt, but a 3-colouring exists; using the proven chromatic number 3" ] ||
  fail "no warning for the refuted answers.csv: $(cat "$dir/err")"
# An answers.csv that says 2: no 2-colouring of C5 exists.
printf 'instance,chromatic_number\nring,2\n' >"$dir/b/answers.csv"
"$btsolve" compare colouring --inputs "$dir/b/ring.txt" --colours chromatic --strategies dsatur \
  --count >/dev/null 2>"$dir/err" || fail "exit $?"
grep -q "answers.csv gives 2 for $dir/b/ring.txt, but no 2-colouring exists; using the proven chromatic number 3" "$dir/err" ||
  fail "answers.csv of 2: $(cat "$dir/err")"
rm "$dir/b/answers.csv"
[ "$out" = "$want" ] || fail "answers.csv and shared names: got
$out
expected
$want"

out=$("$btsolve" compare colouring --inputs "$dir/a/50%_&#\$.txt" --colours 3 --strategies dsatur \
      --count --pivot --measure nodes --format latex) || fail "exit $?"
want='% btsolve compare; needs \usepackage{booktabs}
\begin{tabular}{lr}
\toprule
strategy (nodes) & 50\%\_\&\#\$.txt (m=3) \\
\midrule
dsatur & 12 \\
\bottomrule
\end{tabular}'
[ "$out" = "$want" ] || fail "LaTeX escapes: got
$out
expected
$want"
echo "ok: answers.csv read, shared names told apart, LaTeX escaped"
