# btsolve compare (docs/compare.md): formats, a run stopped by the time limit, bad strategies.
bt_cli_test(compare.table EXIT 0
            STDOUT "^strategy +n +nodes +checks +backtracks +solutions +seconds +status\nboard +4 +9 +26 +4 +1 +[0-9.]+ +ok\nboard +5 +6 +15 +0 +1 +[0-9.]+ +ok\nbitboard +4 +9 +8 +4 +1 +[0-9.]+ +ok\nbitboard +5 +6 +5 +0 +1 +[0-9.]+ +ok\n$"
            ARGS compare nqueens -n 4..5 --strategies board,bitboard)
bt_cli_test(compare.csv_count EXIT 0
            STDOUT "^strategy,n,nodes,checks,backtracks,solutions,seconds,stopped\narrays,6,[0-9]+,[0-9]+,[0-9]+,4,[0-9.e-]+,\narrays,8,[0-9]+,[0-9]+,[0-9]+,92,[0-9.e-]+,\n$"
            ARGS compare nqueens -n 6,8 --strategies arrays --count --format csv)
bt_cli_test(compare.json EXIT 0
            STDOUT "^\\{\"baseline\":null,\"by\":\"n\",\"instances\":\\[\\{\"colours\":null,\"colours_from\":null,\"instance\":\"8\",\"label\":\"n=8\",\"n\":8\\}\\],\"limit\":null,\"measure\":\"work\",\"measures\":\\[\"work\",\"nodes\",\"checks\",\"assigns\",\"prunes\",\"backtracks\",\"solutions\",\"max_depth\",\"seconds\",\"propagation_checks\",\"removals\",\"wipeouts\"\\],\"mode\":\"first\",\"node_limit\":null,\"pivot\":\\{\"columns\":\\[\"n=8\"\\],\"corner\":\"strategy \\(work\\)\",\"measure\":\"work\",\"rows\":\\[\\{\"ratios\":\\[null\\],\"status\":\\[\"ok\"\\],\"strategy\":\"board\",\"texts\":\\[\"876\"\\],\"values\":\\[876\\]\\}\\]\\},\"problem\":\"nqueens\",\"repeat\":1,\"runs\":\\[\\{\"backtracks\":105,\"checks\":876,\"exit\":0,\"n\":8,\"nodes\":114,\"seconds\":[0-9.e-]+,\"seconds_all\":\\[[0-9.e-]+\\],\"solutions\":1,\"stats\":\\{\"assigns\":113,\"backtracks\":105,\"checks\":876,\"max_depth\":8,\"nodes\":114,\"prunes\":763,\"seconds\":[0-9.e-]+,\"solutions\":1\\},\"stopped\":null,\"strategy\":\"board\",\"work\":876\\}\\],\"strategies\":\\[\"board\"\\],\"time_limit\":null\\}\n$"
            ARGS compare nqueens -n 8 --strategies board --format json)
bt_cli_test(compare.time_limit_shown EXIT 0
            STDOUT "board +6 +[0-9]+ +[0-9]+ +[0-9]+ +4 +[0-9.]+ +ok\nboard +28 +[0-9,]+ +[0-9,]+ +[0-9,]+ +[0-9,]+ +>0.05s +stopped: time limit reached\n$"
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
# The options every run shares are the runner's (issue 30): the same bad value is the runner's
# one-line error and exit 2 before any run, not a refusal in every cell.
bt_cli_test(compare.shared.node_limit_zero EXIT 2
            STDERR "^btsolve: error: --node-limit must be at least 1\n$"
            ARGS compare nqueens -n 4..5 --node-limit 0)
bt_cli_test(compare.shared.node_limit_zero_strategies EXIT 2
            STDERR "^btsolve: error: --node-limit must be at least 1\n$"
            ARGS compare nqueens -n 4..5 --strategies board --node-limit 0)
bt_cli_test(compare.shared.node_limit_text EXIT 2
            STDERR "^btsolve: error: --node-limit wants a whole number from 0 to [0-9]+, not 'abc'\n$"
            ARGS compare nqueens -n 4..5 --node-limit abc)
bt_cli_test(compare.shared.time_limit_negative EXIT 2
            STDERR "^btsolve: error: --time-limit must be a positive number of seconds\n$"
            ARGS compare nqueens -n 4..5 --time-limit -1)
bt_cli_test(compare.shared.threads_zero EXIT 2
            STDERR "^btsolve: error: --threads 0 is out of range 1..1024\n$"
            ARGS compare nqueens -n 4..5 --count --threads 0)
bt_cli_test(compare.shared.threads_zero_first EXIT 2
            STDERR "^btsolve: error: --threads 0 is out of range 1..1024\n$"
            ARGS compare nqueens -n 4 --threads 0)
bt_cli_test(compare.shared.strategy_unknown EXIT 2
            STDERR "^btsolve: error: unknown strategy 'fast' \\(naive, board, "
            ARGS compare nqueens -n 4..5 --strategy fast)
bt_cli_test(compare.shared.strategy_mode EXIT 2
            STDERR "^btsolve: error: strategy halves only counts: add --count\n$"
            ARGS compare nqueens -n 4..5 --strategy halves)
bt_cli_test(compare.shared.engine_switch EXIT 2 STDERR "^btsolve: error: --inference"
            ARGS compare nqueens -n 4 --inference frob)
bt_cli_test(compare.shared.strategy_one EXIT 0 STDOUT "^strategy .*\nboard +4 +9 +26 +4 +1 .* ok\n$"
            ARGS compare nqueens -n 4 --strategy board)
bt_cli_test(compare.shared.strategy_and_strategies EXIT 2
            STDERR "^btsolve: error: compare takes --strategies S1,S2,... or --strategy S, not both\n$"
            ARGS compare nqueens -n 4 --strategy board --strategies board)
bt_cli_test(compare.bad_sizes EXIT 2 STDERR "-n 9..4: a range goes up"
            ARGS compare nqueens -n 9..4 --strategies board)
bt_cli_test(compare.bad_format EXIT 2
            STDERR "--format for compare is table, csv, json, markdown or latex, not 'xml'"
            ARGS compare nqueens -n 4 --strategies board --format xml)
bt_cli_test(compare.unknown_problem EXIT 2 STDERR "unknown problem 'frob'"
            ARGS compare frob -n 4 --strategies board)
# --plot: an SVG with both plots and one line per strategy (gnuplot is installed by .ci/setup).
add_test(NAME cli.compare.plot
         COMMAND ${CMAKE_COMMAND} "-DBTSOLVE=$<TARGET_FILE:btsolve>"
                 "-DSVG=${CMAKE_CURRENT_BINARY_DIR}/compare_plot.svg" -P ${CMAKE_CURRENT_SOURCE_DIR}/plot_svg.cmake
         WORKING_DIRECTORY ${BT_TESTS_DIR})
set_tests_properties(cli.compare.plot PROPERTIES LABELS cli TIMEOUT 60)

# Issue 14, compare for reports: the pivot (strategies by sizes or inputs, one measure),
# Markdown and LaTeX, ratios to a baseline, repeats, colours per graph (docs/compare.md).
bt_cli_test(compare.pivot EXIT 0 GOLDEN compare_pivot_n8_10.txt
            ARGS compare nqueens -n 8..10 --strategies board,bitboard --count --pivot --measure nodes)
# The default measure is work, checks and propagation checks (issue 31): mac is not shown as 20
# against bt's 876 when it did 537 propagation checks; its ratio column comes with a work column.
bt_cli_test(compare.default_measure_work EXIT 0
            STDOUT "^strategy \\(work\\) +n=8\nbt +876\nfc +341\nmac +557\n$"
            ARGS compare nqueens -n 8 --strategies bt,fc,mac --pivot)
bt_cli_test(compare.default_measure_work_baseline EXIT 0
            STDOUT "^strategy +n +nodes +checks +backtracks +solutions +work +seconds +work vs bt +status\nbt +8 +114 +876 +105 +1 +876 +[0-9.]+ +1\\.00x +ok\nmac +8 +21 +20 +[0-9]+ +1 +557 +[0-9.]+ +0\\.64x +ok\n$"
            ARGS compare nqueens -n 8 --strategies bt,mac --baseline bt)
bt_cli_test(compare.pivot_markdown_baseline EXIT 0 GOLDEN compare_pivot_checks_baseline.md
            ARGS compare nqueens -n 8,10 --strategies board,bitboard,heuristic --count --pivot
                 --format markdown --measure checks --baseline board)
# A stopped run shows what it reached as a lower bound (">"), escaped for LaTeX.
bt_cli_test(compare.pivot_latex_stopped EXIT 0 GOLDEN compare_pivot_stopped.tex
            ARGS compare nqueens -n 6,28 --strategies board,heuristic --all --node-limit 1000
                 --pivot --format latex --measure max_depth)
bt_cli_test(compare.pivot_csv_baseline EXIT 0 GOLDEN compare_pivot_baseline.csv
            ARGS compare nqueens -n 8,10 --strategies board,bitboard --count --pivot --format csv
                 --baseline bitboard --measure checks)
# The long table in Markdown: a measure of the runs' own (fc's removals) gets a column, a dash
# where a run has no such number; the ratio column; seconds to 3 significant digits.
bt_cli_test(compare.long_markdown EXIT 0
            STDOUT "^\\| strategy \\| n \\| nodes \\| checks \\| backtracks \\| solutions \\| removals \\| seconds \\| removals vs fc \\| status \\|\n\\| --- \\| --- \\| ---: \\| ---: \\| ---: \\| ---: \\| ---: \\| ---: \\| ---: \\| --- \\|\n\\| board \\| 4 \\| 9 \\| 26 \\| 4 \\| 1 \\| - \\| 0\\.[0-9]+ \\| - \\| ok \\|\n\\| fc \\| 4 \\| [0-9]+ \\| [0-9]+ \\| [0-9]+ \\| 1 \\| [1-9][0-9]* \\| 0\\.[0-9]+ \\| 1\\.00x \\| ok \\|\n$"
            ARGS compare nqueens -n 4 --strategies board,fc --format markdown --measure removals
                 --baseline fc)
bt_cli_test(compare.long_latex EXIT 0
            STDOUT "^% btsolve compare; needs \\\\usepackage\\{booktabs\\}\n\\\\begin\\{tabular\\}\\{llrrrrrl\\}\n\\\\toprule\nstrategy & n & nodes & checks & backtracks & solutions & seconds & status \\\\\\\\\n\\\\midrule\nboard & 12 & 10,301 & 122,865 & 10,294 & 58 & stopped & stopped: node limit reached \\\\\\\\\n\\\\bottomrule\n\\\\end\\{tabular\\}\n$"
            ARGS compare nqueens -n 12 --strategies board --count --node-limit 10300 --format latex)
bt_cli_test(compare.long_csv_extras EXIT 0
            STDOUT "^strategy,input,nodes,checks,backtracks,solutions,seconds,stopped,colours,assigns,ratio\ndsatur,data/coloring/myciel3.col,995,1897,994,12480,[0-9.e-]+,,4,994,1\ndsatur,data/coloring/c5.txt,12,21,11,30,[0-9.e-]+,,3,11,1\ntextbook,data/coloring/myciel3.col,38417,103748,38416,12480,[0-9.e-]+,,4,38416,38.6479\ntextbook,data/coloring/c5.txt,76,138,75,30,[0-9.e-]+,,3,75,6.81818\n$"
            ARGS compare colouring --inputs data/coloring/myciel3.col,data/coloring/c5.txt
                 --colours 4,3 --strategies dsatur,textbook --count --format csv --baseline dsatur
                 --measure assigns)
# Counts separated by thousands in the table (12,480).
bt_cli_test(compare.thousands EXIT 0
            STDOUT "^strategy +input +colours +nodes +checks +backtracks +solutions +seconds +status\ndsatur +data/coloring/myciel3.col +4 +995 +1,897 +994 +12,480 +[0-9.]+ +ok\n$"
            ARGS compare colouring --inputs data/coloring/myciel3.col -m 4 --strategies dsatur --count)
bt_cli_test(compare.repeat_table EXIT 0
            STDOUT "^strategy +n +nodes +checks +backtracks +solutions +seconds \\(median of 3\\) +status\nboard +6 +32 +171 +25 +1 +0\\.[0-9]+ +ok\n$"
            ARGS compare nqueens -n 6 --strategies board --repeat 3)
bt_cli_test(compare.repeat_json EXIT 0
            STDOUT "\"repeat\":3,\"runs\":\\[\\{[^]]*\"seconds_all\":\\[[0-9.e-]+,[0-9.e-]+,[0-9.e-]+\\],"
            ARGS compare nqueens -n 8 --strategies bitboard --count --repeat 3 --format json)
# --colours chromatic: answers.csv beside the file (myciel3: 4), else the problem's own proof
# (c5.txt: 3); the JSON says which.
bt_cli_test(compare.colours_chromatic EXIT 0 GOLDEN compare_colouring_chromatic.md
            ARGS compare colouring --inputs data/coloring/myciel3.col,data/coloring/c5.txt,data/coloring/queen5_5.col
                 --colours chromatic --strategies textbook,dsatur --count --pivot --format markdown
                 --baseline textbook --measure nodes)
bt_cli_test(compare.colours_json EXIT 0
            STDOUT "\"instances\":\\[\\{\"colours\":4,\"colours_from\":\"answers.csv\",\"input\":\"data/coloring/myciel3.col\",\"instance\":\"data/coloring/myciel3.col\",\"label\":\"myciel3.col \\(m=4\\)\"\\},\\{\"colours\":3,\"colours_from\":\"computed\",\"input\":\"data/coloring/c5.txt\",\"instance\":\"data/coloring/c5.txt\",\"label\":\"c5.txt \\(m=3\\)\"\\}\\],"
            ARGS compare colouring --inputs data/coloring/myciel3.col,data/coloring/c5.txt
                 --colours chromatic --strategies dsatur --count --format json)
bt_cli_test(compare.colours_unproved EXIT 2
            STDERR "^btsolve: error: --colours chromatic: the chromatic number of data/coloring/DSJC125.5.col was not proved within 0.2 s \\(bounds \\[[0-9]+\\.\\.[0-9]+\\]\\); give its colours as a number\n$"
            ARGS compare colouring --inputs data/coloring/DSJC125.5.col --colours chromatic
                 --time-limit 0.2)
# Bad input: one line, exit 2, before any run.
bt_cli_test(compare.bad_measure EXIT 2
            STDERR "^btsolve: error: unknown measure 'frob' \\(work, nodes, checks, assigns, prunes, backtracks, solutions, max_depth, seconds, propagation_checks, removals, wipeouts\\)\n$"
            ARGS compare nqueens -n 4 --strategies board --measure frob)
bt_cli_test(compare.bad_measure_declared EXIT 2 STDERR "^btsolve: error: unknown measure 'frob' "
            ARGS compare nqueens -n 4 --measure frob)
bt_cli_test(compare.bad_baseline EXIT 2
            STDERR "^btsolve: error: --baseline 'fc' is not one of the strategies \\(board, bitboard\\)\n$"
            ARGS compare nqueens -n 4 --strategies board,bitboard --baseline fc)
bt_cli_test(compare.bad_repeat EXIT 2 STDERR "^btsolve: error: --repeat 0 is out of range 1..100\n$"
            ARGS compare nqueens -n 4 --strategies board --repeat 0)
bt_cli_test(compare.bad_repeat_many EXIT 2 STDERR "--repeat 101 is out of range 1..100"
            ARGS compare nqueens -n 4 --strategies board --repeat 101)
bt_cli_test(compare.bad_repeat_text EXIT 2 STDERR "--repeat wants a whole number"
            ARGS compare nqueens -n 4 --strategies board --repeat often)
bt_cli_test(compare.bad_colours_count EXIT 2
            STDERR "^btsolve: error: --colours lists 3 colour counts for 2 inputs: give one for all, or one for each\n$"
            ARGS compare colouring --inputs data/coloring/myciel3.col,data/coloring/c5.txt
                 --colours 4,3,5)
bt_cli_test(compare.bad_colours_word EXIT 2
            STDERR "--colours takes colour counts or 'chromatic', comma-separated, not 'three'"
            ARGS compare colouring --inputs data/coloring/c5.txt --colours three)
bt_cli_test(compare.bad_colours_zero EXIT 2 STDERR "--colours '0' is out of range 1..1000000"
            ARGS compare colouring --inputs data/coloring/c5.txt --colours 0)
bt_cli_test(compare.bad_colours_sizes EXIT 2
            STDERR "--colours chromatic reads each graph's chromatic number: give --inputs"
            ARGS compare nqueens -n 4 --strategies board --colours chromatic)
# Ctrl-C during the second size prints the first row and the stopped one (exit 3).
add_test(NAME cli.compare.interrupt
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/interrupt.sh $<TARGET_FILE:btsolve>
                 compare nqueens -n 6,30 --strategies board --all --format csv)
# Inputs in a directory of their own: an answers.csv there, shared file names, LaTeX escapes.
add_test(NAME cli.compare.inputs COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/compare_inputs.sh
                                         $<TARGET_FILE:btsolve> WORKING_DIRECTORY ${BT_TESTS_DIR})
set_tests_properties(cli.compare.interrupt cli.compare.inputs PROPERTIES LABELS cli TIMEOUT 60)
# compare takes any problem's own instance options (issue 30, item 7): without -n or --inputs,
# one column, the instance those options give.
bt_cli_test(compare.own_instance EXIT 0
            STDOUT "^strategy,input,nodes,checks,backtracks,solutions,seconds,stopped\ntextbook,\"--weights 5,10,12,13,15,18 --target 30\",58,58,0,3,[0-9.e-]+,\nreach,\"--weights 5,10,12,13,15,18 --target 30\",58,58,0,3,[0-9.e-]+,\n$"
            ARGS compare subsets --weights 5,10,12,13,15,18 --target 30 --count --format csv)
bt_cli_test(compare.own_graph EXIT 0
            STDOUT "^strategy +input +colours +nodes .*\ndsatur +--mycielski 4 +5 +22 .*\ntextbook +--mycielski 4 +5 +24 "
            ARGS compare colouring --mycielski 4 --colours 5)
bt_cli_test(compare.no_instance EXIT 2
            STDERR "^btsolve: error: compare needs sizes \\(-n 4..12\\), --inputs FILES or the problem's own instance options \\(--mycielski 4\\)\n$"
            ARGS compare colouring)
