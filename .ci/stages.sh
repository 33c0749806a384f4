# shellcheck shell=bash
# Sourced by .ci/run and .ci/test: each step of CI is a named stage, timed (wall seconds, and
# the peak RSS of its largest process, by GNU time), checked against its budget in
# .ci/budgets, and listed in a table at the end (docs/testing.md).
#
#   stage NAME CMD...          run CMD as stage NAME in the foreground; returns CMD's status
#   stage_start NAME CMD...    the same in the background, its output in build/ci-logs/NAME.log
#   stage_wait NAME...         wait for background stages, print their output; fails if one did
#   stage_table [TITLE]        the table of the stages run so far (also build/ci-stages.md)
#
# BT_STAGES names the file the records go to (build/ci-stages.tsv by default); .ci/run sets
# it before calling .ci/test, so that one table covers both.

ci_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BT_STAGES=${BT_STAGES:-$ci_root/build/ci-stages.tsv}
ci_logs=$ci_root/build/ci-logs
declare -A ci_bg_pid=()

# The budget of stage $1 in seconds, from .ci/budgets (0 when it has none).
stage_budget() {
  awk -v s="$1" '$1 == s { print $2; found = 1 } END { if (!found) print 0 }' \
    "$ci_root/.ci/budgets"
}

# Seconds since the epoch, with a fraction.
ci_now() { date +%s.%N; }

stage() {
  local name=$1 rc=0
  shift
  mkdir -p "$(dirname "$BT_STAGES")"
  local t0 rss_file rss=0
  t0=$(ci_now)
  rss_file=$(mktemp)
  echo "::: stage $name: $*"
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -q -f %M -o "$rss_file" "$@" || rc=$?
    rss=$(tail -n 1 "$rss_file" 2>/dev/null | tr -cd 0-9)
  else  # .ci/setup installs GNU time; the setup stage itself may run before it
    "$@" || rc=$?
  fi
  rm -f "$rss_file"
  local secs budget
  secs=$(awk -v a="$t0" -v b="$(ci_now)" 'BEGIN { printf "%.0f", b - a }')
  budget=$(stage_budget "$name")
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$secs" "$budget" "${rss:-0}" "$rc" >>"$BT_STAGES"
  if ((rc != 0)); then
    echo "::: stage $name FAILED (exit $rc) after ${secs} s"
  elif ((budget > 0 && secs > budget)); then
    echo "::: WARNING: stage $name took ${secs} s, over its budget of ${budget} s" \
      "(.ci/budgets, docs/testing.md)"
  else
    echo "::: stage $name: ${secs} s (budget ${budget} s)"
  fi
  return "$rc"
}

stage_start() {
  local name=$1
  shift
  mkdir -p "$ci_logs"
  echo "::: stage $name started in the background (output: build/ci-logs/$name.log)"
  (stage "$name" "$@") >"$ci_logs/$name.log" 2>&1 &
  ci_bg_pid[$name]=$!
}

stage_wait() {
  local name rc=0
  for name; do
    if ! wait "${ci_bg_pid[$name]}"; then rc=1; fi
    echo "::: output of background stage $name"
    cat "$ci_logs/$name.log"
  done
  return "$rc"
}

stage_table() {
  [ -f "$BT_STAGES" ] || return 0
  local title=${1:-CI stages}
  awk -F '\t' -v title="$title" '
    BEGIN {
      printf "\n%s (wall seconds; peak RSS of the largest process)\n\n", title
      printf "| %-12s | %8s | %8s | %12s | %-22s |\n", "stage", "seconds", "budget", "peak RSS MB", "status"
      printf "| %-12s | %8s | %8s | %12s | %-22s |\n", "---", "---:", "---:", "---:", "---"
    }
    {
      status = $5 != 0 ? "FAILED (exit " $5 ")" : ($3 > 0 && $2 > $3 ? "OVER BUDGET" : "ok")
      printf "| %-12s | %8d | %8s | %12.0f | %-22s |\n", $1, $2, ($3 > 0 ? $3 : "-"), $4 / 1024, status
      total += $2
    }
    END { printf "| %-12s | %8d | %8s | %12s | %-22s |\n", "sum", total, "", "", "" }
  ' "$BT_STAGES" | tee "${BT_STAGES%.tsv}.md"
}
