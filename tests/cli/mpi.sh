#!/usr/bin/env bash
# btsolve-mpi on 2 ranks: counts equal counts.csv (and the statistics of the single-process run
# with the same strategy: halves, the default, and symmetry when asked for);
# a time limit stops every rank and reports what was finished (exit 3).
# Usage: mpi.sh counts|more COUNTS_CSV BTSOLVE BTSOLVE_MPI MPIRUN... (counts: n = 12..15 by the
# default strategy, halves, and n = 13 by symmetry; more: statistics, time limit, checkpoint)
set -u
part=$1 csv=$2 bt=$3 btmpi=$4; shift 4
mpirun=("$@")
fail() { echo "FAIL: $*"; exit 1; }
if [ "$part" = counts ]; then
for spec in 12 13 14 15 "13 --strategy symmetry"; do
  read -r -a extra <<<"$spec"
  n=${extra[0]}
  want=$(awk -F, -v n="$n" '$1 == n { print "count: " $2 "\nunique: " $3 }' "$csv")
  got=$("${mpirun[@]}" "$btmpi" nqueens -n "$n" --count --unique --threads 1 "${extra[@]:1}") || fail "$spec: exit $?"
  [ "$got" = "$want" ] || fail "$spec: got $got, expected $want"
done
# The ranks count with the default strategy, as the plain count does.
"${mpirun[@]}" "$btmpi" nqueens -n 12 --count --unique --threads 1 --format json | grep -q '"strategy":"halves"' ||
  fail "btsolve-mpi does not count with halves"
echo "ok: 2 ranks count n = 12..15 (halves) and 13 (symmetry) as counts.csv"
exit 0
fi
# stdout and stderr are read apart: mpirun forwards the two streams separately, so merged they
# may interleave inside a line (CI once saw "seconds: " + "count: 2680" on one line).
tmp=$(mktemp -d)
for strategy in halves symmetry; do
  "$bt" nqueens -n 11 --count --unique --stats --threads 1 --strategy "$strategy" >"$tmp/1.out" 2>"$tmp/1.err"
  "${mpirun[@]}" "$btmpi" nqueens -n 11 --count --unique --stats --threads 1 --strategy "$strategy" >"$tmp/2.out" 2>"$tmp/2.err"
  single=$(cat "$tmp/1.out" "$tmp/1.err" | grep -v seconds | sort)
  multi=$(cat "$tmp/2.out" "$tmp/2.err" | grep -v "seconds\|coordinator" | sort)
  [ "$single" = "$multi" ] || fail "$strategy: statistics differ: $single vs $multi"
done
rm -rf "$tmp"
start=$(date +%s)
"${mpirun[@]}" "$btmpi" nqueens -n 19 --count --unique --threads 1 --time-limit 1 >/tmp/mpi.$$.out 2>/tmp/mpi.$$.err
rc=$?
out=$(cat /tmp/mpi.$$.out) err=$(cat /tmp/mpi.$$.err)
rm -f /tmp/mpi.$$.out /tmp/mpi.$$.err
[ "$rc" -eq 3 ] || fail "time limit: exit $rc ($err)"
grep -qx "stopped: time limit reached" <<<"$err" || fail "time limit: $err"
grep -q "^count: [0-9]*$" <<<"$out" || fail "time limit: nothing printed"
# halves: a stopped count has no unique count (Burnside's lemma needs the whole total)
grep -q "^unique:" <<<"$out" && fail "time limit: a unique count of a stopped halves count: $out"
[ $(($(date +%s) - start)) -lt 20 ] || fail "the ranks did not stop promptly"
"${mpirun[@]}" "$btmpi" nqueens -n 8 --all >/dev/null 2>&1
[ $? -eq 2 ] || fail "btsolve-mpi without --count accepted"
# --checkpoint: rank 0 records; a run stopped by its time limit resumes to the same totals
cp=$(mktemp) && rm -f "$cp"
"${mpirun[@]}" "$btmpi" nqueens -n 13 --count --unique --threads 1 --checkpoint "$cp" --time-limit 0.2 >/dev/null 2>&1
rc=$?
[ "$rc" -eq 3 ] || [ "$rc" -eq 0 ] || fail "checkpoint, time limit: exit $rc"
got=$("${mpirun[@]}" "$btmpi" nqueens -n 13 --count --unique --threads 1 --checkpoint "$cp" 2>/tmp/mpi.$$.err)
err=$(cat /tmp/mpi.$$.err); rm -f /tmp/mpi.$$.err "$cp"
[ "$got" = "$(awk -F, '$1 == 13 { print "count: " $2 "\nunique: " $3 }' "$csv")" ] || fail "resumed: $got"
grep -q "resuming, [0-9]* of [0-9]* units already counted" <<<"$err" || fail "did not resume: $err"
# --output: rank 0 writes the result itself, checked (mpirun's forwarding of stdout drops a
# failed write and exits 0, so a full disk must be seen by the rank)
out=$(mktemp) && rm -f "$out"
"${mpirun[@]}" "$btmpi" nqueens -n 10 --count --output "$out" >/dev/null 2>&1 || fail "--output: exit $?"
[ "$(cat "$out")" = "count: 724" ] || fail "--output wrote: $(cat "$out")"
rm -f "$out"
"${mpirun[@]}" "$btmpi" nqueens -n 10 --count --output /dev/full >/dev/null 2>/tmp/mpi.$$.err
rc=$?
err=$(cat /tmp/mpi.$$.err); rm -f /tmp/mpi.$$.err
[ "$rc" -eq 2 ] || fail "--output /dev/full: exit $rc"
grep -q "btsolve-mpi: error: cannot write the output (/dev/full)" <<<"$err" || fail "--output /dev/full: $err"
echo "ok: 2 ranks: statistics as one process, time limit stops all, checkpoint resumes, --output checked"
