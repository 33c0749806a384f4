#!/usr/bin/env bash
# Faults of the run's surroundings (docs/reliability.md, issue 18): SIGTERM and SIGHUP stop a
# run like Ctrl-C (partial result, stop line, exit 3); a closed pipe ends it by SIGPIPE (141)
# without a word, as docs/cli.md says; more threads than cores are clamped quietly; --output
# writes the whole result and leaves no temporary file. Usage: faults.sh BTSOLVE
set -u
bt=$1
. "$(dirname "$0")/await_handler.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; [ -f "$dir/err" ] && cat "$dir/err"; exit 1; }

for sig in TERM HUP; do
  "$bt" nqueens -n 16 --all --format tuple >"$dir/out" 2>"$dir/err" &
  pid=$!
  await_sigint_handler "$pid"
  sleep 0.3
  kill -"$sig" "$pid"
  wait "$pid"
  rc=$?
  [ "$rc" -eq 3 ] || fail "SIG$sig: exit $rc, expected 3"
  grep -qx "stopped: interrupted" "$dir/err" || fail "SIG$sig: no stop line"
  [ -s "$dir/out" ] || fail "SIG$sig: the solutions found were not printed"
done

"$bt" nqueens -n 12 --all 2>"$dir/err" | head -c 10 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" -eq 141 ] || fail "a closed pipe: exit $rc, expected 141 (SIGPIPE)"
[ ! -s "$dir/err" ] || fail "a closed pipe printed on stderr"

threads=$(($(nproc) + 1))
out=$("$bt" nqueens -n 12 --count --threads "$threads" 2>"$dir/err") || fail "--threads $threads: exit $?"
[ "$out" = "count: 14200" ] || fail "--threads $threads: $out"
[ ! -s "$dir/err" ] || fail "--threads $threads printed on stderr"

echo "old" >"$dir/result"
"$bt" nqueens -n 8 --count --output "$dir/result" >/dev/null 2>"$dir/err" || fail "--output: exit $?"
[ "$(cat "$dir/result")" = "count: 92" ] || fail "--output wrote: $(cat "$dir/result")"
ls "$dir" | grep -q "result.tmp" && fail "--output left its temporary file"
echo "ok: SIGTERM and SIGHUP stop like Ctrl-C; a closed pipe is 141, quietly; $threads threads clamped quietly; --output whole"
