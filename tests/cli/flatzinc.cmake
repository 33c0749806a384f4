# `btsolve flatzinc` (docs/minizinc.md, "Through the runner"): FlatZinc and MiniZinc models with
# the runner's features: engine strategies by name, counts, branch and bound, trace, tree,
# replay, JSON, compare, and one-line errors.
set(fzdat data/flatzinc)
set(mzex data/minizinc/minizinc-examples)

bt_cli_test(flatzinc.help EXIT 0 ARGS flatzinc --help
            STDOUT "Usage: btsolve flatzinc \\[OPTIONS\\].*--input.*--data.*--free")
# A FlatZinc file of Gecode's tests, optimised: the optimum its expected output says.
bt_cli_test(flatzinc.fzn EXIT 0 STDOUT "obj = 1;\n----------\nvalue: 1\noptimal: yes\n$"
            ARGS flatzinc -i ${fzdat}/gecode/2dpacking.fzn)
bt_cli_test(flatzinc.alias EXIT 0 STDOUT "\"goal\":\"minimize\".*\"optimal\":true"
            ARGS fzn -i ${fzdat}/gecode/2dpacking.fzn --format json)
bt_cli_test(flatzinc.stdin EXIT 0 STDIN ${fzdat}/gecode/2dpacking.fzn STDOUT "\noptimal: yes\n$"
            ARGS flatzinc --strategy mac)
# One-line errors, exit 2: an unknown constraint, malformed FlatZinc, data for a .fzn.
bt_cli_test(flatzinc.unknown EXIT 2
            STDERR "^btsolve: error: [^\n]*unknown_constraint.fzn:2:12: unknown constraint int_foo\n$"
            ARGS flatzinc -i ${fzdat}/bad/unknown_constraint.fzn)
bt_cli_test(flatzinc.malformed EXIT 2 STDERR "missing_semicolon.fzn:2:1: expected ';'\n$"
            ARGS flatzinc -i ${fzdat}/bad/missing_semicolon.fzn)
# A root propagation that crawls (x < y, y < x over 2 * 10^9 values) ends at the time limit.
bt_cli_test(flatzinc.crawl_time_limit EXIT 3 STDERR "^stopped: time limit reached\n$"
            ARGS flatzinc -i data/limits/crawl.fzn --time-limit 0.2)
# The same in the search of an optimisation, on one thread and on two (the threads' shared
# limits are polled inside the propagation too).
foreach(t 1 2)
  bt_cli_test(flatzinc.crawl_time_limit_threads${t} EXIT 3 STDERR "stopped: time limit reached\n$"
              ARGS flatzinc -i data/limits/crawl_optimise.fzn --time-limit 0.2 --threads ${t})
endforeach()
set_tests_properties(cli.flatzinc.crawl_time_limit_threads2 PROPERTIES LABELS "cli;threads")
bt_cli_test(flatzinc.data_with_fzn EXIT 2 STDERR "--data goes with a MiniZinc model"
            ARGS flatzinc -i ${fzdat}/gecode/2dpacking.fzn --data x.dzn)

# MiniZinc models: compiled by minizinc (.ci/setup installs it) with btsolve's library.
find_program(BT_MINIZINC minizinc)
if(BT_MINIZINC)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/queens8.dzn "n = 8;\n")
  set(q8 -i ${mzex}/queens.mzn --data ${CMAKE_CURRENT_BINARY_DIR}/queens8.dzn)
  # Every strategy counts the same 92 solutions (each distinct output once).
  foreach(s annotations bt fc mac mrv+fc dom-wdeg+mac+lcv mrv+fc+cbj)
    bt_cli_test(flatzinc.queens_${s} EXIT 0 STDOUT "^count: 92\n$" ARGS flatzinc ${q8} --count
                --strategy ${s})
  endforeach()
  bt_cli_test(flatzinc.trace EXIT 0 STDOUT "^q\\[1\\] = 1\n  q\\[2\\] = 2\n    q\\[3\\] = 3\n"
              ARGS flatzinc ${q8} --strategy fc --trace)
  bt_cli_test(flatzinc.json EXIT 0
              STDOUT "\"solutions\":\\[\\{\"q\":\\[1,5,8,6,3,7,2,4\\]\\}\\]"
              ARGS flatzinc ${q8} --strategy bt --format json)
  bt_cli_test(flatzinc.knapsack EXIT 0 STDOUT "\"optimal\":true,.*\"value\":2625"
              ARGS flatzinc -i ${mzex}/knapsack/knapsack01.mzn
                   --data ${mzex}/knapsack/knapsack2.dzn --format json)
  bt_cli_test(flatzinc.threads EXIT 0 STDOUT "\"optimal\":true,.*\"value\":2625"
              ARGS flatzinc -i ${mzex}/knapsack/knapsack01.mzn
                   --data ${mzex}/knapsack/knapsack2.dzn --format json --threads 2)
  bt_cli_test(flatzinc.compare EXIT 0
              STDOUT "^strategy +input +nodes.*\nfc +[^ ]*queens.mzn +219,872 .* 92 .*\nmac +[^ ]*queens.mzn "
              ARGS compare flatzinc --inputs ${mzex}/queens.mzn
                   --data ${CMAKE_CURRENT_BINARY_DIR}/queens8.dzn --strategies fc,mac --count)
  bt_cli_test(flatzinc.mzn_error EXIT 2
              STDERR "^btsolve: error: [^\n]*queens.mzn: minizinc could not compile it: [^\n]*\n$"
              ARGS flatzinc -i ${mzex}/queens.mzn)
endif()
