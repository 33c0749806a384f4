#!/usr/bin/env bash
# Units' statistics are the single run's (issue 30): a count split into work units, counted in
# two --unit batches and added up by `merge`, reports the single run's nodes, checks, assigns,
# prunes, backtracks, solutions, max_depth (and fc's propagation counters): the top part above
# the cut is counted once, on unit 0's line. Only the seconds differ (the units' own, added up).
# Usage: units_stats.sh BTSOLVE COUNT_ARGS... (working directory tests/); the units are those of
# --split "$split", or of --split auto when the count's strategy has no depth to split at.
set -u
bt=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
counters() {  # counters JSON: the "stats" object without the seconds, keys sorted
  python3 -c 'import json, sys; s = json.load(sys.stdin)["stats"]; s.pop("seconds"); print(json.dumps(s, sort_keys=True))'
}
split=2
check() {  # check ARGS... (a count)
  local single merged units
  single=$("$bt" "$@" --format json | counters) || fail "$*: single run"
  "$bt" "$@" --split "$split" --unit 0 >"$dir/a" || fail "$* --unit 0 exit $?"
  units=$(sed 's/^{"unit":0,"units":\([0-9]*\),.*/\1/' "$dir/a")
  "$bt" "$@" --split "$split" --unit "1..$((units - 1))" --threads 2 >"$dir/b" || fail "$* --unit 1.. exit $?"
  merged=$("$bt" merge --format json --stats "$dir/b" "$dir/a" 2>"$dir/err" | counters) || fail "$*: merge"
  [ "$merged" = "$single" ] || fail "$*: merged $merged, single run $single"
  grep -q "^nodes: $(sed 's/.*"nodes": \([0-9]*\).*/\1/' <<<"$single")$" "$dir/err" || fail "$*: merge --stats: $(cat "$dir/err")"
  echo "ok: $* ($units units): $single"
}
shift
# The default count, halves, splits into its joins only. Without --unique its plain run also
# searches the two Burnside terms, which its units hold only with --unique (docs/cluster.md).
[[ " $* " == *" --strategy "* ]] || split=auto
check "$@"
