# One option vocabulary (issue 30, item 2, docs/cli.md): `btsolve describe` prints the
# declaration every entry point reads, and the same bad option is the same line and exit 2 from
# the runner and compare (and btsolve-mpi: mpi.same_errors, units.cmake).
bt_cli_test(describe.nqueens EXIT 0
            STDOUT "^\\{\"name\":\"nqueens\",\"summary\":\"[^\"]+\",\"aliases\":\\[\\],\"modes\":\\[\"first\",\"all\",\"count\"\\],\"formats\":.\"matrix\",.*\"strategies\":.\\{\"name\":\"naive\",.*\"engine\":true,\"switches\":\\{\"var-order\":\\[\"static\",\"mrv\",\"dom-deg\",\"dom-wdeg\"\\],.*\\{\"name\":\"limit\",\"short\":null,\"type\":\"count\",\"range\":\\[1,18446744073709551615\\],\"choices\":\\[\\],\"default\":null,\"help\":\"stop after K solutions\",\"repeatable\":false,\"required\":false,\"required_unless\":null,\"modes\":\\[\"all\",\"count\"\\],\"conflicts\":\\[\\],\"engine\":true,\"group\":\"Common options\"\\}.*\\{\"name\":\"tree-max-nodes\",[^}]*\"range\":\\[1,100000\\],[^}]*\"default\":\"1000\".*\\{\"name\":\"size\",\"short\":\"n\",\"type\":\"integer\",[^}]*\"required\":true"
            ARGS describe nqueens)
bt_cli_test(describe.alias EXIT 0 STDOUT "^\\{\"name\":\"colouring\",[^{]*\"aliases\":\\[\"coloring\"\\]"
            ARGS describe coloring)
# knapsack optimises: no --count among its modes, its options or its strategies' modes.
bt_cli_test(describe.no_count EXIT 0 STDOUT "^\\{\"name\":\"knapsack\",[^{]*\"modes\":\\[\"first\",\"all\"\\]"
            ARGS describe knapsack)
bt_cli_test(describe.every_problem EXIT 0
            STDOUT "^\\{\"program\":\"btsolve\",\"version\":\"[^\"]+\",\"problems\":.\\{\"name\":\"nqueens\",.*\"commands\":.\\{\"name\":\"compare\","
            ARGS describe)
bt_cli_test(describe.unknown EXIT 2 STDERR "^btsolve: error: unknown problem 'frob'. Try 'btsolve list'.\n$"
            ARGS describe frob)
bt_cli_test(describe.two EXIT 2 STDERR "^btsolve: error: describe takes at most one problem, not 'tsp'\n$"
            ARGS describe nqueens tsp)
# (A [ left open would join the arguments after it into one CMake list item: "." stands for it.)
# --help's defaults come from the same records as describe's.
bt_cli_test(options.help_defaults EXIT 0
            STDOUT "--tree-max-nodes arg +at most K nodes in --tree \\(default 1000\\).*--replay-max-steps arg +at most K steps in --replay \\(default 20000\\)"
            ARGS nqueens --help)
add_test(NAME cli.options.same_errors
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/same_errors.sh $<TARGET_FILE:btsolve>)
set_tests_properties(cli.options.same_errors PROPERTIES LABELS cli TIMEOUT 120)
# A problem's own option states its default in --help from the request's default value (issue
# 30, item 2: the defaults generated from the one declaration).
bt_cli_test(options.own_default EXIT 0
            STDOUT "binary constraints only\\)[ \n]+\\(default[ \n]+cells\\)"
            ARGS sudoku --help)
