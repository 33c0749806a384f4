#!/usr/bin/env bash
# Waiting for input stops on a signal (docs/cli.md, issue 18): --input naming a FIFO that no
# writer opens, and stdin that stays open without data, used to hang until the end of input
# (open() of a FIFO waits for a writer; std::signal restarts it). Now SIGINT, SIGTERM or SIGHUP
# 0.5 s in ends the run within 2 s: exit 3, `stopped: interrupted while reading NAME`.
# Usage: input_interrupt.sh BTSOLVE
set -u
. "$(dirname "$0")/await_handler.sh"
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
now() { date +%s%N; }
failed=0
# expect SIGNAL NAME PID: send SIGNAL to PID 0.5 s after its handler is up; it must exit 3
# within 2 s with the stop line naming NAME on stderr ($dir/err).
expect() {
  local sig=$1 name=$2 pid=$3 sent rc ms
  await_sigint_handler "$pid"
  sleep 0.5
  sent=$(now)
  kill "-$sig" "$pid"
  # Not `wait` alone: a run that ignores the signal would hang the test; poll for 5 s.
  for ((i = 0; i < 500; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.01; done
  kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid"; echo "FAIL: $name: still waiting 5 s after SIG$sig"; failed=1; return; }
  wait "$pid"
  rc=$?
  ms=$(( ($(now) - sent) / 1000000 ))
  if [ "$rc" -ne 3 ] || ! grep -qx "stopped: interrupted while reading $name" "$dir/err" || [ "$ms" -gt 2000 ]; then
    echo "FAIL: $name, SIG$sig: exit $rc after $ms ms, stderr:"; cat "$dir/err"; failed=1
  else
    echo "ok: $name, SIG$sig: exit 3 after $ms ms"
  fi
}
mkfifo "$dir/graph.fifo" "$dir/weights.fifo"
"$bin" colouring --input "$dir/graph.fifo" -m 3 >/dev/null 2>"$dir/err" &
expect INT "$dir/graph.fifo" $!
"$bin" hamiltonian --input "$dir/graph.fifo" >/dev/null 2>"$dir/err" &
expect TERM "$dir/graph.fifo" $!
"$bin" subsets --input "$dir/weights.fifo" >/dev/null 2>"$dir/err" &
expect HUP "$dir/weights.fifo" $!
# stdin open with no data: a FIFO the shell holds open for writing (fd 3) and never writes
mkfifo "$dir/stdin.fifo"
exec 3<>"$dir/stdin.fifo"
"$bin" sudoku <"$dir/stdin.fifo" >/dev/null 2>"$dir/err" &
expect INT "<stdin>" $!
# stdin cut short: one puzzle arrived, the rest never does; the partial input is not solved
echo "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" >&3
"$bin" sudoku <"$dir/stdin.fifo" >"$dir/out" 2>"$dir/err" &
expect INT "<stdin>" $!
exec 3>&-
[ -s "$dir/out" ] && { echo "FAIL: a partial stdin was solved: $(head -1 "$dir/out")"; failed=1; }
# the FIFO's writer comes and goes: the graph is read as from a file
"$bin" colouring --input "$dir/graph.fifo" -m 3 --count >"$dir/out" 2>"$dir/err" &
pid=$!
printf '1 2\n2 3\n3 1\n' >"$dir/graph.fifo"
wait "$pid"
rc=$?
[ "$rc" -eq 0 ] && grep -qx "count: 6" "$dir/out" && echo "ok: a FIFO with a writer is read" ||
  { echo "FAIL: FIFO with a writer: exit $rc"; cat "$dir/out" "$dir/err"; failed=1; }
exit $failed
