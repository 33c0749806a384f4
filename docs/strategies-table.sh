#!/usr/bin/env bash
# The measured tables of docs/strategies.md: every combination of the engine's CSP switches
# on 8..12 queens and two colouring instances, and the AIMA comparison. Deterministic counts;
# the runner's JSON output gives nodes, checks and backtracks (docs/statistics.md).
# Usage: docs/strategies-table.sh [BTSOLVE] [queens|colouring|aima]...   (default: all three)
#   BTSOLVE defaults to build/release/bin/btsolve. Needs jq.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
btsolve=${1:-$root/build/release/bin/btsolve}
shift || true
parts=("${@:-queens colouring aima}")
data=$root/tests/data/coloring

specs=()
for v in static mrv dom-deg dom-wdeg; do
  for i in none fc mac; do
    for l in natural lcv; do
      for j in bt cbj; do
        s=""
        [ "$v" != static ] && s="$v"
        [ "$i" != none ] && s="${s:+$s+}$i"
        [ "$l" != natural ] && s="${s:+$s+}$l"
        [ "$j" != bt ] && s="${s:+$s+}$j"
        specs+=("${s:-bt}")
      done
    done
  done
done

# "nodes / checks / backtracks" of one run (the JSON tail's stats); a stopped run is marked.
cell() {
  local json
  json=$("$btsolve" "$@" --format json 2>/dev/null || true)
  echo "$json" | jq -r '.stats as $s | "\($s.nodes) / \($s.checks) / \($s.backtracks)"
                        + (if .stopped == null then "" else " (stopped)" end)'
}

for part in ${parts[*]}; do
  case $part in
  queens)
    echo "N-Queens, every solution (--count): nodes / checks / backtracks"
    echo
    echo "| strategy | n = 8 | 9 | 10 | 11 | 12 |"
    echo "| --- | --- | --- | --- | --- | --- |"
    for s in board "${specs[@]}"; do
      row="| $s |"
      for n in 8 9 10 11 12; do
        row="$row $(cell nqueens -n "$n" --count --strategy "$s") |"
      done
      echo "$row"
    done
    echo ;;
  colouring)
    echo "Colouring: usa48.col with 4 colours, first colouring; queen5_5.col with 5 colours, every"
    echo "colouring (240 of them): nodes / checks / backtracks"
    echo
    echo "| strategy | usa48, m = 4, first | queen5_5, m = 5, count |"
    echo "| --- | --- | --- |"
    for s in textbook "${specs[@]}"; do
      echo "| $s | $(cell colouring -i "$data/usa48.col" -m 4 --strategy "$s" --node-limit 10000000) |" \
           "$(cell colouring -i "$data/queen5_5.col" -m 5 --count --strategy "$s" --node-limit 10000000) |"
    done
    echo ;;
  aima)
    echo "AIMA's four algorithms: assignments (assigns), checks and work (checks + propagation"
    echo "checks, compare's default measure), first solution"
    echo
    echo "| algorithm | spec | USA 4-colouring: assigns / checks / work | n-queens n = 2..50, summed: assigns / checks / work (boards stopped at 1e6 nodes) |"
    echo "| --- | --- | --- | --- |"
    for pair in "BT:bt" "BT+MRV:mrv" "FC:fc" "FC+MRV:mrv+fc"; do
      name=${pair%%:*}
      s=${pair#*:}
      usa=$("$btsolve" colouring -i "$data/usa48.col" -m 4 --strategy "$s" --format json \
              --node-limit 1000000 2>/dev/null |
            jq -r '"\(.stats.assigns) / \(.stats.checks) / \(.stats.checks + (.stats.propagation_checks // 0))"
                + (if .stopped == null then "" else " (stopped)" end)' || true)
      a=0 c=0 w=0 stopped=0
      for n in $(seq 2 50); do
        read -r da dc dw st < <("$btsolve" nqueens -n "$n" --strategy "$s" --format json \
            --node-limit 1000000 2>/dev/null |
            jq -r '"\(.stats.assigns) \(.stats.checks) \(.stats.checks + (.stats.propagation_checks // 0)) \(.stopped != null)"' || true)
        a=$((a + da)); c=$((c + dc)); w=$((w + dw))
        [ "$st" = true ] && stopped=$((stopped + 1))
      done
      echo "| $name | $s | $usa | $a / $c / $w ($stopped stopped) |"
    done
    echo ;;
  esac
done
