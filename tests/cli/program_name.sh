#!/usr/bin/env bash
# The runner's name in compare's usage line and errors is the name it was run by (an author's
# runner, btsolve-mpi), not a hard-coded "btsolve" (issue 30).
# Usage: program_name.sh BTSOLVE
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s "$1" "$dir/mysolve"
failed=0
"$dir/mysolve" compare --help >"$dir/out" 2>&1
grep -q "^Usage: mysolve compare PROBLEM" "$dir/out" || { echo "FAIL: usage line: $(head -1 "$dir/out")"; failed=1; }
grep -q "btsolve" "$dir/out" && { echo "FAIL: 'btsolve' in mysolve's compare --help"; failed=1; }
"$dir/mysolve" compare >"$dir/out" 2>&1
code=$?
[ "$code" -eq 2 ] || { echo "FAIL: compare without a problem exits $code, not 2"; failed=1; }
grep -qx "mysolve: error: compare needs a problem: mysolve compare PROBLEM ..." "$dir/out" ||
  { echo "FAIL: error line: $(cat "$dir/out")"; failed=1; }
exit $failed
