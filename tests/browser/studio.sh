#!/bin/sh
# studio.sh TEST.mjs STUDIO_DIR [ARGS...]: runs the browser test TEST.mjs on the studio page
# built in STUDIO_DIR (node TEST.mjs STUDIO_DIR ARGS...), or exits 77 (CTest: skipped) when
# the page is not built there (bash .ci/studio builds it); 1 when BT_BROWSER_REQUIRED is set.
test=$1
studio=$2
if [ ! -f "$studio/btsolve.js" ]; then
  [ -n "${BT_BROWSER_REQUIRED:-}" ] && { echo "no $studio/btsolve.js: run bash .ci/studio"; exit 1; }
  echo "skipped: no $studio/btsolve.js (bash .ci/studio builds it)"
  exit 77
fi
if [ "$test" = studio.test.mjs ] && [ ! -f "$studio/index.html" ]; then
  [ -n "${BT_BROWSER_REQUIRED:-}" ] && { echo "no $studio/index.html: run bash .ci/studio"; exit 1; }
  echo "skipped: no $studio/index.html (the studio target copies it: bash .ci/studio)"
  exit 77
fi
shift
BT_BROWSER_TEST=$test exec sh "$(dirname "$0")/run.sh" "$@"
