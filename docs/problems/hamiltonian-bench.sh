#!/usr/bin/env bash
# The measured table of docs/problems/hamiltonian.md: `btsolve hamiltonian` (first cycle) on every
# instance of shared/data/hamiltonian and shared/data/hamiltonian-bench, one at a time, with a time
# limit. A solved or refuted instance is run three times and its best wall time kept (the machine
# is shared); a stopped one once, since it ran to the limit.
# Usage: docs/problems/hamiltonian-bench.sh [BTSOLVE] [DATA_DIR] [SECONDS] [STRATEGY]
#   defaults: build/release/bin/btsolve (the release preset), ../shared/data, 60, auto
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
btsolve=${1:-$root/build/release/bin/btsolve}
data=${2:-$root/../shared/data}
limit=${3:-60}
strategy=${4:-auto}
echo "| instance | n | Hamiltonian | strategy | result | nodes | seconds | goal (s) | goal met |"
echo "| --- | ---: | --- | --- | --- | ---: | ---: | ---: | --- |"
for dir in hamiltonian hamiltonian-bench; do
  tail -n +2 "$data/$dir/answers.csv" | while IFS=, read -r name n _ ham goal _; do
    best=""
    for run in 1 2 3; do
      code=0
      out=$( { /usr/bin/time -f "time %e" "$btsolve" hamiltonian -i "$data/$dir/$name.hcp" \
               --strategy "$strategy" --stats --time-limit "$limit" 2>&1 >/dev/null; } 2>&1) || code=$?
      wall=$(echo "$out" | sed -n 's/^time //p')
      nodes=$(echo "$out" | sed -n 's/^nodes: //p')
      if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; fi
      [ "$code" -eq 3 ] && break
    done
    case $code in
      0) result=cycle ;;
      1) result=none ;;
      3) result=stopped ;;
      *) result="exit $code" ;;
    esac
    met=no
    if [ "$code" -ne 3 ] && awk "BEGIN{exit !($best <= $goal)}"; then met=yes; fi
    echo "| $name | $n | $ham | $strategy | $result | $nodes | $best | $goal | $met |"
  done
done
