#!/usr/bin/env bash
# Work units compile no search of their own (issue 30, item 8; docs/architecture.md, "Work units'
# instantiations"): no instantiation of the engine's loop holds engine_units' visitors (a unit is
# searched by the run's statistics search), and the walks of the tree above a cut are all
# bt::split's (gather_cut's visitors: the probes walk as the split does), besides a threaded
# optimisation's split under the shared limits. Usage: instantiations.sh BINARY
set -u
bin=$1
command -v nm >/dev/null || { echo "nm not found: skipped"; exit 77; }
funs=$(nm -C "$bin" | grep 'bt::detail::iterate<' |
  sed -E 's/^[0-9a-f]+ [a-zA-Z] //; s/ \[clone [^]]*\]//g' | sort -u)
[ -n "$funs" ] || { echo "FAIL: no search symbols in $bin (stripped?)"; exit 1; }
units=$(grep -F 'engine_units' <<<"$funs")
[ -z "$units" ] || { echo "FAIL: searches of work units' own:"; head -3 <<<"$units" | cut -c1-300; exit 1; }
walks=$(grep -F 'split_guard' <<<"$funs" | grep -vF 'shared_limit_visitor')
[ -n "$walks" ] || { echo "FAIL: no walk of a cut in $bin"; exit 1; }
others=$(grep -vF 'gather_cut' <<<"$walks")
[ -z "$others" ] || { echo "FAIL: walks of a cut besides the split's:"; head -3 <<<"$others" | cut -c1-300; exit 1; }
echo "ok: $(wc -l <<<"$funs") search functions, $(wc -l <<<"$walks") walks of a cut, none for units alone"
