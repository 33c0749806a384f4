# --tree, --estimate (docs/cli.md)
bt_cli_test(watch.estimate EXIT 0
            STDERR "^estimate: ~17 nodes \\(1000 probes, seed 1, standard error 0\\)\nestimate: ~17 nodes, searched: 17 nodes\n$"
            ARGS nqueens -n 4 --strategy board --count --estimate)
bt_cli_test(watch.estimate_seed_colouring EXIT 0 STDERR "^estimate: ~[0-9]+ nodes \\(50 probes, seed 9,"
            ARGS colouring --input data/coloring/c5.txt --colours 3 --estimate --estimate-probes 50 --seed 9)
bt_cli_test(watch.bad_tree_max EXIT 2 STDERR "--tree-max-nodes 0 is out of range 1..100000"
            ARGS nqueens -n 4 --tree x.dot --tree-max-nodes 0)
bt_cli_test(watch.huge_tree_max EXIT 2 STDERR "--tree-max-nodes 99999999999 is out of range 1..100000"
            ARGS nqueens -n 12 --all --tree x.dot --tree-max-nodes 99999999999)
bt_cli_test(watch.huge_replay_max EXIT 2
            STDERR "--replay-max-steps 10000000 is out of range 1..1000000"
            ARGS nqueens -n 12 --all --replay x.html --replay-max-steps 10000000)
# Knuth's probes end at the time limit (they checked nothing: 2^64 - 1 probes ran for ever).
bt_cli_test(watch.estimate_probes_time_limit EXIT 3 STDERR "stopped: time limit reached"
            ARGS nqueens -n 12 --count --estimate --estimate-probes 18446744073709551615
                 --time-limit 0.5)
bt_cli_test(watch.tree_unwritable EXIT 2 STDERR "--tree: cannot write '/nonexistent/t.dot'"
            ARGS nqueens -n 4 --tree /nonexistent/t.dot)
add_test(NAME cli.watch.tree_dot
         COMMAND ${CMAKE_COMMAND} "-DBTSOLVE=$<TARGET_FILE:btsolve>" "-DOUT=${CMAKE_CURRENT_BINARY_DIR}"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/tree_dot.cmake
         WORKING_DIRECTORY ${BT_TESTS_DIR})
set_tests_properties(cli.watch.tree_dot PROPERTIES LABELS cli TIMEOUT 60)
bt_cli_test(watch.no_tree_for_local_search EXIT 2 STDERR "no tree to --trace, --tree, --replay or --estimate"
            ARGS nqueens -n 8 --strategy min-conflicts --replay x.html)
bt_cli_test(watch.not_with_chromatic EXIT 2 STDERR "watch one search: give --colours M"
            ARGS colouring --input data/coloring/c5.txt --chromatic --estimate)
# --trace follows the chromatic search, but no tree is drawn of it: --tree beside --trace is
# refused too (it was silently not written).
bt_cli_test(watch.not_with_chromatic_trace EXIT 2 STDERR "watch one search: give --colours M"
            ARGS colouring --input data/coloring/c5.txt --chromatic --trace --tree x.dot)
bt_cli_test(watch.replay_takes_the_plain_count EXIT 0 STDOUT "^count: 2\n$"
            ARGS nqueens -n 4 --count --replay ${CMAKE_CURRENT_BINARY_DIR}/q4.html)
