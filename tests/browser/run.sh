#!/bin/sh
# Runs replay.test.mjs, or exits 77 (CTest: skipped) saying what is missing.
here=$(dirname "$0")
chromium=${CHROMIUM:-/usr/bin/chromium}
command -v node >/dev/null || { echo "skipped: node is not installed (.ci/setup)"; exit 77; }
[ -x "$chromium" ] || { echo "skipped: $chromium is not installed (.ci/setup)"; exit 77; }
[ -d "$here/node_modules/playwright-core" ] ||
  { echo "skipped: run 'npm install' in tests/browser (.ci/setup)"; exit 77; }
exec node "$here/replay.test.mjs" "$@"
