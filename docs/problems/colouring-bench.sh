#!/usr/bin/env bash
# The measured table of docs/problems/colouring.md: `btsolve colouring --chromatic` on every
# instance of shared/data/coloring and shared/data/coloring-bench, one at a time, with a time limit.
# Usage: docs/problems/colouring-bench.sh [BTSOLVE] [DATA_DIR] [SECONDS]
#   defaults: build/rel/bin/btsolve (the Release build), ../shared/data, 60
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
btsolve=${1:-$root/build/rel/bin/btsolve}
data=${2:-$root/../shared/data}
limit=${3:-60}
echo "| instance | n | m | known chi | result | seconds | CPU s | nodes |"
echo "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |"
for dir in coloring coloring-bench; do
  tail -n +2 "$data/$dir/answers.csv" | sort | while IFS=, read -r name n m chi _; do
    out=$( { /usr/bin/time -f "time %e %U" "$btsolve" colouring -i "$data/$dir/$name.col" \
             --chromatic --stats --time-limit "$limit" 2>&1 >&3; } 3>&1 || true)
    result=$(echo "$out" | sed -n 's/^chromatic number: \(.*\)/proven \1/p; s/^bounds: \(.*\)/stopped \1/p')
    nodes=$(echo "$out" | sed -n 's/^nodes: //p')
    read -r _ wall cpu < <(echo "$out" | grep '^time ')
    echo "| $name | $n | $m | $chi | $result | $wall | $cpu | $nodes |"
  done
done
