#!/usr/bin/env bash
# Stop-latency contract (docs/reliability.md): a run that would go on for long stops by its time
# limit or by Ctrl-C within BOUND seconds of the moment it should, exits 3, and says why.
# Usage: stop_latency.sh time|interrupt BOUND BTSOLVE ARGS...
#   time:      ARGS hold --time-limit S; the overshoot is the wall time beyond S, counted from
#              the moment btsolve is up (its SIGINT handler installed, before its clock starts),
#              so that a slow start on a loaded machine is not taken for a late stop
#   interrupt: SIGINT 0.3 s after btsolve is up; the overshoot is the time from SIGINT to exit
# Prints "overshoot_ms: N" (docs/reliability.md gives the release figures).
set -u
. "$(dirname "$0")/await_handler.sh"
how=$1 bound=$2
shift 2
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
now() { date +%s%N; }
"$@" >"$out" 2>"$err" &
pid=$!
await_sigint_handler "$pid"
start=$(now)
if [ "$how" = interrupt ]; then
  sleep 0.3
  kill -0 "$pid" 2>/dev/null || { echo "FAIL: finished before the interrupt"; cat "$err"; exit 1; }
  sent=$(now)
  kill -INT "$pid"
  wait "$pid"
  rc=$?
  over=$(( ($(now) - sent) / 1000000 ))
  reason="interrupted"
else
  limit=""
  prev=""
  for a in "$@"; do [ "$prev" = --time-limit ] && limit=$a; prev=$a; done
  wait "$pid"
  rc=$?
  over=$(( ($(now) - start) / 1000000 - $(awk -v s="$limit" 'BEGIN { printf "%d", s * 1000 }') ))
  reason="time limit reached"
fi
echo "overshoot_ms: $over"
fail() { echo "FAIL: $*"; echo "--- stderr:"; cat "$err"; exit 1; }
[ "$rc" -eq 3 ] || fail "exit $rc, expected 3"
grep -q "stopped: $reason" "$err" || fail "no 'stopped: $reason' on stderr"
bound_ms=$(awk -v s="$bound" 'BEGIN { printf "%d", s * 1000 }')
[ "$over" -le "$bound_ms" ] || fail "stopped ${over} ms late, bound ${bound_ms} ms"
echo "ok: exit 3, stopped within ${bound} s"
