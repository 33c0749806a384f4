# btsolve compare (docs/compare.md): formats, a run stopped by the time limit, bad strategies.
bt_cli_test(compare.table EXIT 0
            STDOUT "^strategy +n +nodes +checks +backtracks +solutions +seconds +status\nboard +4 +9 +26 +4 +1 +[0-9.]+ +ok\nboard +5 +6 +15 +0 +1 +[0-9.]+ +ok\nbitboard +4 +9 +8 +4 +1 +[0-9.]+ +ok\nbitboard +5 +6 +5 +0 +1 +[0-9.]+ +ok\n$"
            ARGS compare nqueens -n 4..5 --strategies board,bitboard)
bt_cli_test(compare.csv_count EXIT 0
            STDOUT "^strategy,n,nodes,checks,backtracks,solutions,seconds,stopped\narrays,6,[0-9]+,[0-9]+,[0-9]+,4,[0-9.e-]+,\narrays,8,[0-9]+,[0-9]+,[0-9]+,92,[0-9.e-]+,\n$"
            ARGS compare nqueens -n 6,8 --strategies arrays --count --format csv)
bt_cli_test(compare.json EXIT 0
            STDOUT "^\\{\"problem\":\"nqueens\",\"runs\":\\[\\{\"backtracks\":105,\"checks\":876,\"exit\":0,\"n\":8,\"nodes\":114,\"seconds\":[0-9.e-]+,\"solutions\":1,\"stopped\":null,\"strategy\":\"board\"\\}\\],\"strategies\":\\[\"board\"\\],\"time_limit\":null\\}\n$"
            ARGS compare nqueens -n 8 --strategies board --format json)
bt_cli_test(compare.time_limit_shown EXIT 0
            STDOUT "board +6 +[0-9]+ +[0-9]+ +[0-9]+ +4 +[0-9.]+ +ok\nboard +28 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +>0.05s +stopped: time limit reached\n$"
            ARGS compare nqueens -n 6,28 --strategies board --all --time-limit 0.05)
bt_cli_test(compare.node_limit_csv EXIT 0
            STDOUT "\nboard,12,10[01],[0-9]+,[0-9]+,[0-9]+,[0-9.e-]+,node limit reached\n$"
            ARGS compare nqueens -n 12 --strategies board --all --node-limit 100 --format csv)
bt_cli_test(compare.inputs_passthrough EXIT 0
            STDOUT "^strategy +input .*\ntextbook +data/coloring/c5.txt +[0-9]+ .* 30 .* ok\ndsatur +data/coloring/c5.txt "
            ARGS compare colouring --inputs data/coloring/c5.txt --strategies textbook,dsatur --colours 3 --count)
bt_cli_test(compare.unknown_strategy EXIT 2
            STDERR "^btsolve: error: strategy 'frob' on -n 4: unknown strategy 'frob'"
            ARGS compare nqueens -n 4..12 --strategies board,frob)
# Without --strategies, every strategy the problem declares for the mode, in its order.
bt_cli_test(compare.every_strategy EXIT 0
            STDOUT "^strategy .*\nnaive +6 .* 4 .* ok\nboard +6 .*\nattack +6 .*\narrays +6 .*\nbitboard +6 .*\nsymmetry +6 .*\nhalves +6 .*\nheuristic +6 .* 4 .* ok\n$"
            ARGS compare nqueens -n 6 --count)
bt_cli_test(compare.bad_sizes EXIT 2 STDERR "-n 9..4: a range goes up"
            ARGS compare nqueens -n 9..4 --strategies board)
bt_cli_test(compare.bad_format EXIT 2 STDERR "--format for compare is table, csv or json, not 'xml'"
            ARGS compare nqueens -n 4 --strategies board --format xml)
bt_cli_test(compare.unknown_problem EXIT 2 STDERR "unknown problem 'frob'"
            ARGS compare frob -n 4 --strategies board)
# --plot: an SVG with both plots and one line per strategy (gnuplot is installed by .ci/setup).
add_test(NAME cli.compare.plot
         COMMAND ${CMAKE_COMMAND} "-DBTSOLVE=$<TARGET_FILE:btsolve>"
                 "-DSVG=${CMAKE_CURRENT_BINARY_DIR}/compare_plot.svg" -P ${CMAKE_CURRENT_SOURCE_DIR}/plot_svg.cmake
         WORKING_DIRECTORY ${BT_TESTS_DIR})
set_tests_properties(cli.compare.plot PROPERTIES LABELS cli TIMEOUT 60)
