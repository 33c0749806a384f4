#!/bin/sh
# Runs $BT_BROWSER_TEST (default replay.test.mjs) with the arguments given, or exits 77
# (CTest: skipped) saying what is missing; exits 1 instead when BT_BROWSER_REQUIRED is set
# (.ci/studio: CI must not skip).
here=$(dirname "$0")
chromium=${CHROMIUM:-/usr/bin/chromium}
skip=77
[ -n "${BT_BROWSER_REQUIRED:-}" ] && skip=1
command -v node >/dev/null || { echo "skipped: node is not installed (.ci/setup)"; exit $skip; }
[ -x "$chromium" ] || { echo "skipped: $chromium is not installed (.ci/setup)"; exit $skip; }
for module in playwright-core axe-core; do
  [ -d "$here/node_modules/$module" ] ||
    { echo "skipped: no $module: run 'npm ci' in tests/browser (.ci/setup)"; exit $skip; }
done
exec node "$here/${BT_BROWSER_TEST:-replay.test.mjs}" "$@"
