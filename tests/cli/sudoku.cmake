# btsolve sudoku: outputs, counts, exit codes and one-line errors (docs/problems/sudoku.md).
# Paths are relative to tests/ (the working directory of every CLI test).
set(sd data/sudoku)
set(first "417369825632158947958724316825437169791586432346912758289643571573291684164875293")

bt_cli_test(sudoku.help EXIT 0 ARGS sudoku --help STDOUT "Usage: btsolve sudoku \\[OPTIONS\\].*--strategy")
bt_cli_test(sudoku.first_stdin EXIT 0 STDIN ${sd}/one.txt STDOUT "^${first}\n$" ARGS sudoku)
bt_cli_test(sudoku.first_file EXIT 0 STDOUT "^${first}\n$" ARGS sudoku --input ${sd}/one.txt)
# dom-wdeg: Norvig's impossible puzzle (cases.txt) takes the default mrv+fc 16 million nodes.
bt_cli_test(sudoku.count_cases EXIT 1
            STDOUT "^count: 0 \\(no solution\\)\ncount: 0 \\(no solution\\)\ncount: 1 \\(unique\\)\ncount: 2\\+ \\(several\\)\ncount: 2\\+ \\(several\\)\n$"
            ARGS sudoku -i ${sd}/cases.txt --count --strategy dom-wdeg+mac)
bt_cli_test(sudoku.count_limit EXIT 0 STDOUT "^count: 5\\+ \\(several\\)\n$"
            STDIN ${sd}/empty.txt ARGS sudoku --count --limit 5)
bt_cli_test(sudoku.no_solution EXIT 1 STDOUT "^no solution\n$" STDIN ${sd}/none.txt ARGS sudoku)
bt_cli_test(sudoku.all_two EXIT 0
            STDOUT "^4[13]7[13]69825[0-9]+\n4[13]7[13]69825[0-9]+\n$"
            STDIN ${sd}/two.txt ARGS sudoku --all)
bt_cli_test(sudoku.json EXIT 0
            STDOUT "^\\{\"model\":\"cells\",\"problem\":\"sudoku\",\"puzzles\":1,\"strategy\":\"mrv\\+fc\",\"strategy_summary\":\"minimum remaining values, forward checking\",\"solutions\":\\[\\{\"count\":1,\"line\":1,\"nodes\":[0-9]+,\"puzzle\":\"4[.0-9]+\",\"solutions\":\\[\"${first}\"\\],\"status\":\"solved\"\\}\\],"
            ARGS sudoku -i ${sd}/one.txt --format json)
bt_cli_test(sudoku.stats EXIT 0 STDERR "statistics:\n.*puzzles: 95\npuzzles_per_second: "
            ARGS sudoku -i ${sd}/top95.txt --stats)
bt_cli_test(sudoku.sixteen EXIT 0 STDOUT "^[1-9A-G]+\n$" ARGS sudoku -i ${sd}/grid16.txt)
foreach(s mrv+fc mrv+mac mrv+fc+cbj dom-wdeg+mac mrv bt)
  bt_cli_test(sudoku.strategy_${s} EXIT 0 STDOUT "^count: 2 \\(several\\)\n$"
              ARGS sudoku -i ${sd}/two.txt --count --limit 3 --strategy ${s})
  bt_cli_test(sudoku.channelled_${s} EXIT 0 STDOUT "^count: 2 \\(several\\)\n$"
              ARGS sudoku -i ${sd}/two.txt --count --limit 3 --strategy ${s} --model channelled)
endforeach()
bt_cli_test(sudoku.count_top95 EXIT 0 STDOUT "^(count: 1 \\(unique\\)\n)+$"
            ARGS sudoku -i ${sd}/top95.txt --count)
bt_cli_test(sudoku.trace_cells EXIT 1
            STDOUT "^all-different: row 1 can no longer take every value at the root\nno solution\n$"
            STDIN ${sd}/none.txt ARGS sudoku --trace)
bt_cli_test(sudoku.time_limit EXIT 0 STDOUT "^${first}\n$"
            ARGS sudoku -i ${sd}/one.txt --time-limit 60)
bt_cli_test(sudoku.node_limit EXIT 3 STDERR "stopped: node limit reached"
            ARGS sudoku -i ${sd}/top95.txt --node-limit 20)

# Bad input: one line naming the file and line, exit 2
bt_cli_test(sudoku.bad_length EXIT 2 STDERR "bad.txt:4: 80 cells; a line holds 16, 81, 256 or 625"
            ARGS sudoku -i ${sd}/bad.txt)
bt_cli_test(sudoku.bad_symbol EXIT 2 STDERR "bad_symbol.txt:1: column 81: 'x' is no symbol"
            ARGS sudoku -i ${sd}/bad_symbol.txt)
bt_cli_test(sudoku.bad_clash EXIT 2 STDERR "bad_clash.txt:1: the given 4 appears twice in row 1"
            ARGS sudoku -i ${sd}/bad_clash.txt)
bt_cli_test(sudoku.bad_stdin EXIT 2 STDERR "<stdin>:4: 80 cells" STDIN ${sd}/bad.txt ARGS sudoku)
bt_cli_test(sudoku.missing_file EXIT 2 STDERR "nope.txt: cannot open the file"
            ARGS sudoku -i nope.txt)
bt_cli_test(sudoku.empty_input EXIT 2 STDERR "<stdin>: no puzzle" STDIN ${sd}/no_puzzle.txt ARGS sudoku)
bt_cli_test(sudoku.bad_strategy EXIT 2 STDERR "unknown strategy 'mrv\\+lcv'"
            ARGS sudoku -i ${sd}/one.txt --strategy mrv+lcv)
bt_cli_test(sudoku.bad_model EXIT 2 STDERR "--model for sudoku is cells or channelled, not 'places'"
            ARGS sudoku -i ${sd}/one.txt --model places)
bt_cli_test(sudoku.bad_format EXIT 2 STDERR "--format for sudoku is text or json"
            ARGS sudoku -i ${sd}/one.txt --format board)
