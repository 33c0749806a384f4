# The run outcome (docs/cli.md, "Exit codes and status"; issue 30, item 4): the JSON "status"
# and the exit code come from one decision, for every way a run ends.
bt_cli_test(outcome.solved EXIT 0 STDOUT "\"exhausted\":false,.*\"status\":\"solved\",\"stopped\":null"
            ARGS nqueens -n 8 --format json)
bt_cli_test(outcome.solved_count EXIT 0 STDOUT "\"exhausted\":true,.*\"status\":\"solved\",\"stopped\":null"
            ARGS nqueens -n 8 --count --format json)
bt_cli_test(outcome.quota_met EXIT 0 STDOUT "\"count\":3,\"exhausted\":false,.*\"status\":\"solved\""
            ARGS nqueens -n 8 --all --limit 3 --format json)
bt_cli_test(outcome.no_solution EXIT 1 STDOUT "\"count\":0,\"exhausted\":true,.*\"status\":\"no_solution\",\"stopped\":null"
            ARGS nqueens -n 3 --format json)
bt_cli_test(outcome.no_solution_count EXIT 1 STDOUT "\"count\":0,.*\"status\":\"no_solution\""
            ARGS nqueens -n 2 --count --format json)
bt_cli_test(outcome.node_limit EXIT 3
            STDOUT "\"exhausted\":false,.*\"status\":\"node_limit\",\"stopped\":\"node limit reached\""
            ARGS nqueens -n 16 --count --node-limit 1000 --format json)
bt_cli_test(outcome.time_limit EXIT 3
            STDOUT "\"exhausted\":false,.*\"status\":\"time_limit\",\"stopped\":\"time limit reached\""
            ARGS nqueens -n 24 --count --time-limit 0.2 --format json)
# A stop with a solution found before it is still the stop.
bt_cli_test(outcome.node_limit_with_solutions EXIT 3
            STDOUT "\"count\":[1-9][0-9]*,.*\"status\":\"node_limit\""
            ARGS nqueens -n 12 --all --format json --node-limit 2000)
# A problem's own verdict (a batch of puzzles, one without a solution) is no_solution.
bt_cli_test(outcome.batch_unsolved EXIT 1 STDOUT "\"status\":\"no_solution\""
            ARGS sudoku -i data/sudoku/none.txt --format json)
# Branch and bound: optimal when proven, solved when --limit K improvements ended it, the stop
# when a limit cut it (the best so far is printed), no_solution when none exists.
bt_cli_test(outcome.optimal EXIT 0 STDOUT "\"optimal\":true,.*\"status\":\"optimal\",\"stopped\":null"
            ARGS knapsack -i data/knapsack/hs_bknap8.txt --format json)
bt_cli_test(outcome.optimal_limit EXIT 0 STDOUT "\"optimal\":false,.*\"status\":\"solved\""
            ARGS knapsack -i data/knapsack/hs_bknap8.txt --limit 1 --format json)
bt_cli_test(outcome.optimal_node_limit EXIT 3
            STDOUT "\"optimal\":false,.*\"status\":\"node_limit\",.*\"value\":139"
            ARGS knapsack -i data/knapsack/hs_bknap8.txt --node-limit 10 --format json)
bt_cli_test(outcome.optimal_time_limit EXIT 3 STDOUT "\"optimal\":false,.*\"status\":\"time_limit\""
            ARGS tsp -i data/tsp/rd100.tsp --time-limit 0.3 --format json)
# Work units: each result line says how its unit ended; merge says how the whole count did.
add_test(NAME cli.outcome.merge
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/outcome_merge.sh $<TARGET_FILE:btsolve>
         WORKING_DIRECTORY ${BT_TESTS_DIR})
set_tests_properties(cli.outcome.merge PROPERTIES LABELS cli TIMEOUT 120)
