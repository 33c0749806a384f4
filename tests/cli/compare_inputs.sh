#!/usr/bin/env bash
# compare --inputs from a directory of their own (docs/compare.md): --colours chromatic reads the
# answers.csv beside each file (even a number that is not the true chromatic number: the file is
# what was asked for), two inputs with one file name are headed by their paths, and LaTeX gets
# every special character of a file name escaped. Usage: compare_inputs.sh BTSOLVE
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
      --strategies dsatur --count --pivot --format markdown) || fail "exit $?"
want="| strategy (nodes) | $dir/a/ring.txt (m=4) | $dir/b/ring.txt (m=3) |
| --- | ---: | ---: |
| dsatur | 18 | 12 |"
[ "$out" = "$want" ] || fail "answers.csv and shared names: got
$out
expected
$want"

out=$("$btsolve" compare colouring --inputs "$dir/a/50%_&#\$.txt" --colours 3 --strategies dsatur \
      --count --pivot --format latex) || fail "exit $?"
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
