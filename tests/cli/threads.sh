#!/usr/bin/env bash
# --threads on counters that split into work units (issue 27): the bitboard with --unique and
# the arrays representation, n = 1..12 on 2 threads, equal counts.csv (before: refused).
# Usage: threads.sh BTSOLVE COUNTS_CSV
set -u
bt=$1 csv=$2
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
  want=$(awk -F, -v n="$n" '$1 == n { print "count: " $2 " unique: " $3 }' "$csv")
  for s in bitboard arrays; do
    got=$("$bt" nqueens -n "$n" --count --unique --strategy "$s" --threads 2 | tr '\n' ' ')
    [ "$got" = "$want " ] || { echo "FAIL: n $n, $s: $got, expected $want"; exit 1; }
  done
done
echo "ok: n = 1..12 by bitboard and arrays with --unique on 2 threads equal counts.csv"
