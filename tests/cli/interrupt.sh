#!/usr/bin/env bash
# Ctrl-C contract: SIGINT during a long run stops it, prints what was found so far and the
# reason, and exits 3. Usage: interrupt.sh BTSOLVE ARGS...
set -u
. "$(dirname "$0")/await_handler.sh"
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err" &
pid=$!
await_sigint_handler "$pid"
sleep 0.5
kill -INT "$pid"
wait "$pid"
rc=$?
fail() { echo "FAIL: $*"; echo "--- stdout:"; head -5 "$out"; echo "--- stderr:"; cat "$err"; exit 1; }
[ "$rc" -eq 3 ] || fail "exit $rc, expected 3"
grep -qx "stopped: interrupted" "$err" || fail "no 'stopped: interrupted' on stderr"
[ -s "$out" ] || fail "nothing printed of what was found"
echo "ok: exit 3, $(wc -l <"$out") lines of output kept"
