#!/usr/bin/env bash
# btsolve-mpi always ends (issue 27, docs/cluster.md "When a rank fails"): a failure of any
# rank (an input it cannot read, another input's content, an --output rank 0 cannot write, a
# checkpoint on a full disk, a rank stopped or killed) ends the whole job within seconds with
# one line of ours on stderr and a non-zero exit.
# Usage: mpi_faults.sh PART COUNTS_CSV BTSOLVE_MPI MPIRUN...
#   PART: misc (output, remote failures, full disk, mixed checkpoint, a stopped rank), or
#   kill (SIGTERM and SIGKILL at random moments to random ranks, a loop of about 40 s).
set -u
part=$1 csv=$2 btmpi=$3; shift 3
mpirun=("$@")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
ours() { grep -c "^btsolve-mpi: error:\|^stopped:" "$1"; }
# job SECONDS ARGS...: run mpirun ARGS in the background; rc, elapsed and $dir/{out,err} after.
job() {
  local limit=$1; shift
  local start=$SECONDS
  timeout -s KILL "$limit" "${mpirun[@]}" "$@" >"$dir/out" 2>"$dir/err"
  rc=$?
  elapsed=$((SECONDS - start))
  [ "$rc" -ne 137 ] || fail "$*: did not end within $limit s"
}
# ended_with_error REGEX: exit 2, exactly one line of ours, matching REGEX
ended_with_error() {
  [ "$rc" -eq 2 ] || fail "$1: exit $rc ($(cat "$dir/err"))"
  [ "$(ours "$dir/err")" -eq 1 ] || fail "$1: not one line of ours: $(cat "$dir/err")"
  grep -q -- "$1" "$dir/err" || fail "'$(cat "$dir/err")' does not match '$1'"
}

if [ "$part" = misc ]; then
  # --output rank 0 cannot open (a missing folder, a read-only one): before, one line and a
  # job that never ended.
  job 60 "$btmpi" nqueens -n 10 --count --output "$dir/none/x.out"
  ended_with_error "btsolve-mpi: error: --output $dir/none/x.out: cannot write the file"
  mkdir "$dir/ro" && chmod 555 "$dir/ro"
  if [ ! -w "$dir/ro" ]; then  # root writes anywhere
    job 60 "$btmpi" nqueens -n 10 --count --output "$dir/ro/x.out"
    ended_with_error "cannot write the file"
  fi
  # A rank that cannot read its input, and one whose input has other content (each rank reads
  # g<rank>.col: rank 1's is missing, then a path to another graph).
  printf 'p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n' >"$dir/g0.col"
  job 60 bash -c 'exec "$0" colouring -i "$1/g$OMPI_COMM_WORLD_RANK.col" -m 3 --count' "$btmpi" "$dir"
  ended_with_error "btsolve-mpi: error: rank 1: $dir/g1.col: cannot open the file"
  printf 'p edge 5 4\ne 1 2\ne 2 3\ne 3 4\ne 4 5\n' >"$dir/g1.col"
  job 60 bash -c 'exec "$0" colouring -i "$1/g$OMPI_COMM_WORLD_RANK.col" -m 3 --count' "$btmpi" "$dir"
  ended_with_error "btsolve-mpi: error: rank 1: its count is not rank 0's: the input's content"
  # Checkpoint records of n = 11 under an n = 10 header: refused under MPI too.
  job 60 "$btmpi" nqueens -n 10 --count --unique --threads 1 --checkpoint "$dir/n10"
  [ "$rc" -eq 0 ] || fail "n10: exit $rc"
  job 60 "$btmpi" nqueens -n 11 --count --unique --threads 1 --checkpoint "$dir/n11"
  { head -1 "$dir/n10"; tail -n +2 "$dir/n11" | head -4; } >"$dir/mixed"
  job 60 "$btmpi" nqueens -n 10 --count --unique --threads 1 --checkpoint "$dir/mixed"
  ended_with_error "line 2 is a record of another count"
  # The checkpoint's disk fills while the count runs (a file size limit put on rank 0, the
  # rank that holds the file open): before, std::terminate (SIGABRT).
  "${mpirun[@]}" "$btmpi" nqueens -n 17 --count --threads 1 --strategy symmetry \
    --checkpoint "$dir/full.cp" >"$dir/out" 2>"$dir/err" &
  pid=$!
  holder=
  for _ in $(seq 1 600); do
    if [ -f "$dir/full.cp" ] && [ "$(wc -l <"$dir/full.cp")" -ge 20 ]; then
      for p in /proc/[0-9]*; do
        ls -l "$p/fd" 2>/dev/null | grep -q -- "$dir/full.cp" && holder=${p#/proc/} && break
      done
      [ -n "$holder" ] && break
    fi
    sleep 0.05
  done
  [ -n "$holder" ] || { kill "$pid"; fail "no rank holds the checkpoint"; }
  prlimit --pid "$holder" --fsize="$(($(stat -c %s "$dir/full.cp") + 200))"
  start=$SECONDS
  for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid"; fail "full disk: the job did not end"; }
  wait "$pid"; rc=$?
  ended_with_error "btsolve-mpi: error: checkpoint $dir/full.cp: cannot write the file (File too large)"
  # A rank that stops answering (SIGSTOP): declared lost after BTSOLVE_MPI_TIMEOUT, the job
  # aborted.
  BTSOLVE_MPI_TIMEOUT=2 "${mpirun[@]}" -x BTSOLVE_MPI_TIMEOUT "$btmpi" nqueens -n 17 --count \
    --threads 1 --strategy symmetry >"$dir/out" 2>"$dir/err" &
  pid=$!
  worker=
  for _ in $(seq 1 400); do
    for p in $(pgrep -P "$pid" -f btsolve-mpi); do
      grep -q '^OMPI_COMM_WORLD_RANK=1$' <(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null) && worker=$p
    done
    [ -n "$worker" ] && break
    sleep 0.05
  done
  [ -n "$worker" ] || { kill "$pid"; fail "no rank 1"; }
  sleep 1
  kill -STOP "$worker"
  for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid" "$worker"; fail "a stopped rank: the job did not end"; }
  wait "$pid"; rc=$?
  kill -KILL "$worker" 2>/dev/null
  [ "$rc" -ne 0 ] || fail "a stopped rank: exit 0"
  grep -q "btsolve-mpi: error: rank 1 sent nothing for 2 s" "$dir/err" || fail "a stopped rank: $(cat "$dir/err")"
  echo "ok: unwritable --output, a rank without its input or with another, a mixed checkpoint, a full disk and a stopped rank each end the job, exit 2, one line"
  exit 0
fi

# kill: SIGTERM or SIGKILL to a random rank at a random moment (before: SIGTERM just after the
# start hung the job in 14 of 16 trials). Each job must end within 20 s; a SIGTERM'd job with
# exit 3 and one line "stopped: interrupted" (rank 0 printed what the finished units found),
# or exit 0 with the true count if the count ended first; a SIGKILL'd job non-zero.
want=$(awk -F, '$1 == 13 { print "count: " $2 }' "$csv")
trials=0
end=$((SECONDS + 40))
np_index=0
while [ "$SECONDS" -lt "$end" ]; do
  np=$((2 + np_index % 2))
  np_index=$((np_index + 1))
  run=("${mpirun[@]}")
  for i in "${!run[@]}"; do [ "${run[$i]}" = "-np" ] && run[$((i + 1))]=$np; done
  "${run[@]}" "$btmpi" nqueens -n 13 --count --threads 1 --strategy symmetry >"$dir/out" 2>"$dir/err" &
  pid=$!
  sleep "0.$((RANDOM % 10))$((RANDOM % 10))"
  sig=TERM
  [ $((RANDOM % 4)) -eq 0 ] && sig=KILL
  ranks=($(pgrep -P "$pid" -f btsolve-mpi))
  if [ "${#ranks[@]}" -gt 0 ]; then
    kill -"$sig" "${ranks[$((RANDOM % ${#ranks[@]}))]}" 2>/dev/null
  fi
  start=$SECONDS
  for _ in $(seq 1 400); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" ${ranks[@]+"${ranks[@]}"} 2>/dev/null
    fail "np $np, SIG$sig after start: the job did not end within 20 s ($(cat "$dir/err"))"
  fi
  wait "$pid"; rc=$?
  trials=$((trials + 1))
  if [ "$rc" -eq 0 ]; then
    [ "$(cat "$dir/out")" = "$want" ] || fail "np $np, SIG$sig: exit 0 with $(cat "$dir/out")"
  elif [ "$sig" = TERM ]; then
    [ "$(ours "$dir/err")" -le 1 ] || fail "np $np, SIGTERM: more than one line: $(cat "$dir/err")"
  fi
done
echo "ok: $trials jobs with a rank killed at a random moment (2 and 3 ranks), each ended"
