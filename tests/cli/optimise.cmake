# Branch and bound through the runner (docs/cli.md, "Optimisation"): btsolve knapsack and
# btsolve tsp, their improvements, value, optimal, exit codes and refusals.
set(kdat data/knapsack)
set(tdat data/tsp)

bt_cli_test(knapsack.help EXIT 0 ARGS knapsack --help
            STDOUT "Usage: btsolve knapsack \\[OPTIONS\\].*--input.*--check")
bt_cli_test(tsp.help EXIT 0 ARGS tsp --help STDOUT "Usage: btsolve tsp \\[OPTIONS\\].*--input.*--check")
# --help lists only the modes a problem answers: branch and bound has nothing to --count
# (issue 30); --count is still read, to be refused in words (knapsack.no_count).
foreach(p knapsack tsp)
  bt_cli_test(${p}.help_modes EXIT 0
              STDOUT "\n  --all +print every solution \\(or the first K with --limit\\)\n  --limit arg +stop after K solutions\n"
              ARGS ${p} --help)
endforeach()

# The textbook's example (Horowitz-Sahni's BKnap, 8 items): four improvements, the last optimal.
bt_cli_test(knapsack.hs8 EXIT 0
            STDOUT "^improvement 1: value 139 after [0-9.]+ s, 9 nodes\nimprovement 2: value 149 after [0-9.]+ s, 13 nodes\nimprovement 3: value 151 after [0-9.]+ s, 16 nodes\nimprovement 4: value 159 after [0-9.]+ s, 23 nodes\nitems: 1 2 3 5 6 \\(weight 109, value 159\\)\nweight: 109 of 110\nvalue: 159\noptimal: yes\n$"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt)
bt_cli_test(knapsack.json EXIT 0
            STDOUT "\"solutions\":\\[\\{\"items\":\\[1,2,4\\],\"value\":38,\"weight\":15\\}\\],\"check\":38,\"count\":1,\"exhausted\":true,\"improvements\":\\[\\{\"nodes\":5,\"seconds\":[0-9.e-]+,\"value\":32\\},\\{\"nodes\":7,\"seconds\":[0-9.e-]+,\"value\":38\\}\\],\"items\":\\[1,2,4\\],\"objective\":\"maximize\",\"optimal\":true,.*\"stopped\":null,\"value\":38,\"weight\":15\\}"
            ARGS knapsack -i ${kdat}/hs_lcbb4.txt --format json --check)
# --all prints every improving packing as it is found.
bt_cli_test(knapsack.all EXIT 0
            STDOUT "^improvement 1: value 32 [^\n]*\nitems: 1 2 3 \\(weight 12, value 32\\)\nimprovement 2: value 38 [^\n]*\nitems: 1 2 4 \\(weight 15, value 38\\)\n"
            ARGS knapsack -i ${kdat}/hs_lcbb4.txt --all)
bt_cli_test(knapsack.stats EXIT 0 STDERR "^strategy: sorted [^\n]*\nimprovements: 2 \\(the last is optimal\\)\nstatistics:\n"
            ARGS knapsack -i ${kdat}/hs_lcbb4.txt --stats)
bt_cli_test(knapsack.trace EXIT 0
            STDOUT "        better packing: value 38, weight 15, items \\{1,2,4\\}\n.*    bound 36 <= best 38: prune\n"
            ARGS knapsack -i ${kdat}/hs_lcbb4.txt --trace)
bt_cli_test(knapsack.stdin EXIT 0 STDIN ${kdat}/levitin_bb4.txt STDOUT "\nvalue: 65\noptimal: yes\n$"
            ARGS knapsack)
# A stopped search: the best found, not proven (exit 3); --limit K stops after K improvements.
bt_cli_test(knapsack.node_limit EXIT 3 STDOUT "\nvalue: 139\noptimal: not proven\n$"
            STDERR "stopped: node limit reached" ARGS knapsack -i ${kdat}/hs_bknap8.txt --node-limit 12)
bt_cli_test(knapsack.limit EXIT 0 STDOUT "\"exhausted\":false,.*\"optimal\":false,.*\"value\":149"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt --limit 2 --format json)
bt_cli_test(knapsack.no_count EXIT 2 STDERR "optimises an objective by branch and bound: there is nothing to --count"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt --count)
bt_cli_test(knapsack.bad_strategy EXIT 2 STDERR "unknown strategy 'dp' \\(sorted, fractional, plain\\)"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt --strategy dp)
bt_cli_test(knapsack.bad_file EXIT 2 STDERR "^btsolve: error: [^\n]*knapsack_header.txt:[0-9]+: [^\n]*\n$"
            ARGS knapsack -i data/bad/knapsack_header.txt)
# Knuth's estimate with the bound: the probes prune against the incumbent as the search does.
bt_cli_test(knapsack.estimate EXIT 0 STDERR "estimate: ~[0-9]+ nodes, searched: 28 nodes"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt --estimate)

bt_cli_test(tsp.gr17 EXIT 0
            STDOUT "tour: 1 [0-9 ]+ 1 \\(length 2085\\)\ncheck: Held-Karp agrees \\(optimum 2085\\)\nvalue: 2085\noptimal: yes\n$"
            ARGS tsp -i ${tdat}/gr17.tsp --check)
bt_cli_test(tsp.json EXIT 0
            STDOUT "^\\{\"input_format\":\"tsplib\",\"n\":14,\"name\":\"burma14\",\"problem\":\"tsp\",\"strategy\":\"reduced\".*\"length\":3323,.*\"objective\":\"minimize\",\"optimal\":true,.*\"tour\":\\[1,[0-9,]+\\],\"value\":3323\\}\n$"
            ARGS tsp -i ${tdat}/burma14.tsp --strategy reduced --format json)
bt_cli_test(tsp.graph EXIT 0 STDOUT "\\(length 4\\)\nvalue: 4\noptimal: yes\n$"
            ARGS tsp -i data/hamiltonian/k4.hcp)
bt_cli_test(tsp.time_limit EXIT 3 STDERR "stopped: time limit reached"
            ARGS tsp -i ${tdat}/rd100.tsp --strategy plain --time-limit 0.3)
# --threads N: the subtrees on N threads against one incumbent, the same optimum, proven.
bt_cli_test(tsp.threads EXIT 0
            STDOUT "\"threads\":2,.*\"exhausted\":true,.*\"optimal\":true,.*\"value\":2085\}"
            ARGS tsp -i ${tdat}/gr17.tsp --threads 2 --format json)
bt_cli_test(knapsack.threads EXIT 0 STDOUT "\nvalue: 159\noptimal: yes\n$"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt --threads 2)
bt_cli_test(knapsack.threads_trace EXIT 2 STDERR "--threads splits an optimisation into several"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt --threads 2 --trace)
bt_cli_test(knapsack.threads_range EXIT 2 STDERR "--threads 0 is out of range 1..1024"
            ARGS knapsack -i ${kdat}/hs_bknap8.txt --threads 0)
bt_cli_test(tsp.threads_stopped EXIT 3 STDERR "stopped: time limit reached"
            ARGS tsp -i ${tdat}/rd100.tsp --strategy plain --threads 2 --time-limit 0.3)
bt_cli_test(tsp.no_count EXIT 2 STDERR "nothing to --count" ARGS tsp -i ${tdat}/gr17.tsp --count)
bt_cli_test(tsp.check_too_big EXIT 2 STDERR "--check: the Held-Karp programme takes at most 20 cities, not 24"
            ARGS tsp -i ${tdat}/gr24.tsp --check)

# Every instance of the answer files, every strategy that proves it quickly, against the
# published optimum; random instances against dynamic programming (knapsack) and Held-Karp
# (tsp) under every strategy.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME cli.optimise.answers
           COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/optimise.py
                   $<TARGET_FILE:btsolve> ${BT_TESTS_DIR}/data)
  set_tests_properties(cli.optimise.answers PROPERTIES LABELS cli TIMEOUT 300 COST 24)
endif()
bt_cli_test(tsp.bad_file EXIT 2 STDERR "^btsolve: error: [^\n]*tsp_asymmetric.tsp[^\n]*\n$"
            ARGS tsp -i data/bad/tsp_asymmetric.tsp)
# The threaded branch and bound also runs under ThreadSanitizer (the tsan preset's label).
set_tests_properties(cli.tsp.threads cli.knapsack.threads cli.tsp.threads_stopped
                     PROPERTIES LABELS "cli;threads")
