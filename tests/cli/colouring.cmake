# colouring (alias coloring): docs/problems/colouring.md. Instances are in tests/data/coloring.
set(C data/coloring)
bt_cli_test(colouring.help EXIT 0 ARGS colouring --help STDOUT "Usage: btsolve colouring \\[OPTIONS\\].*--chromatic")
bt_cli_test(colouring.alias_help EXIT 0 ARGS coloring --help STDOUT "Usage: btsolve colouring \\[OPTIONS\\]")
bt_cli_test(colouring.listed EXIT 0 ARGS list STDOUT "colouring +colour a graph")

# m-colouring: first, all (both strategies, each in its documented order), count
bt_cli_test(colouring.first EXIT 0 STDOUT "^colours: 1 2 1 2 3\n$"
            ARGS colouring --mycielski 2 --colours 3 --strategy textbook)
bt_cli_test(colouring.alias EXIT 0 STDOUT "^colours: 1 2 1 2 3\n$"
            ARGS coloring --mycielski 2 --colors 3 --strategy textbook)
bt_cli_test(colouring.first_file EXIT 0 STDOUT "^colours: 1 2 1 2 3\n$"
            ARGS colouring -i ${C}/c5.txt -m 3)
bt_cli_test(colouring.all_textbook EXIT 0 GOLDEN colouring_c5_all_textbook.txt
            ARGS colouring --mycielski 2 --colours 3 --all --strategy textbook)
bt_cli_test(colouring.all_dsatur EXIT 0 GOLDEN colouring_c5_all_dsatur.txt
            ARGS colouring --mycielski 2 --colours 3 --all --strategy dsatur)
bt_cli_test(colouring.all_limit EXIT 0 STDOUT "^colours: 1 2 1 2 3\ncolours: 1 3 1 3 2\n$"
            ARGS colouring --mycielski 2 --colours 3 --limit 2)
foreach(s textbook dsatur)
  bt_cli_test(colouring.count_petersen_${s} EXIT 0 STDOUT "^count: 12960\n$"
              ARGS colouring -i ${C}/petersen.col --colours 4 --count --strategy ${s})
  bt_cli_test(colouring.count_grotzsch_${s} EXIT 0 STDOUT "^count: 12480\n$"
              ARGS colouring -i ${C}/myciel3.col --colours 4 --count --strategy ${s})
  bt_cli_test(colouring.count_limit_${s} EXIT 0 STDOUT "^count: 7\n$"
              ARGS colouring -i ${C}/myciel3.col --colours 4 --count --limit 7 --strategy ${s})
endforeach()
bt_cli_test(colouring.trace_textbook EXIT 0 GOLDEN colouring_c5_trace_textbook.txt
            ARGS colouring --mycielski 2 --colours 3 --trace --strategy textbook)
bt_cli_test(colouring.trace_dsatur EXIT 0 GOLDEN colouring_c5_trace_dsatur.txt
            ARGS colouring --mycielski 2 --colours 3 --trace)
bt_cli_test(colouring.stats EXIT 0 STDERR "nodes: 76\nchecks: 138\nassigns: 75\nprunes: 63\nbacktracks: 75\nsolutions: 30\n"
            ARGS colouring --mycielski 2 --colours 3 --count --stats --strategy textbook)
bt_cli_test(colouring.json EXIT 0
            STDOUT "^\\{\"colours\":3,\"edges\":5,\"problem\":\"colouring\",\"strategy\":\"textbook\",\"strategy_summary\":\"the textbook's m-colouring: vertices in order, colours 1\\.\\.m\",\"vertices\":5,\"solutions\":\\[\\[1,2,1,2,3\\]\\],\"count\":1,\"exhausted\":false,\"stats\":\\{[^}]*\\},\"status\":\"solved\",\"stopped\":null\\}\n$"
            ARGS colouring --mycielski 2 --colours 3 --format json --strategy textbook)
bt_cli_test(colouring.json_count EXIT 0 STDOUT "\"count\":30,\"exhausted\":true,"
            ARGS colouring --mycielski 2 --colours 3 --count --format json)
bt_cli_test(colouring.dot EXIT 0 GOLDEN colouring_c5_dot.txt
            ARGS colouring -i ${C}/c5.txt -m 3 --dot /dev/stdout)
bt_cli_test(colouring.published_quirks EXIT 0 STDOUT "^colours:( [1-4])+\n$"
            ARGS colouring -i ${C}/myciel3_published.col --colours 4)
bt_cli_test(colouring.header_warning EXIT 0 STDOUT "^colours: 1 2 1\n$"
            STDERR "^warning: ${C}/short_header.col: header declares 5 edges, the file lists 2\n$"
            ARGS colouring -i ${C}/short_header.col --colours 2 --strategy textbook)

# chromatic number
bt_cli_test(colouring.chromatic EXIT 0 GOLDEN colouring_myciel3_chromatic.txt
            ARGS colouring -i ${C}/myciel3.col --chromatic)
bt_cli_test(colouring.chromatic_textbook EXIT 0 STDOUT "^chromatic number: 4\ncolours:( [1-4])+\n$"
            STDERR "upper bound: first fit 4\nproof: lower bound by exact search, upper bound by first fit\nexact search: 11 of 11 vertices\n"
            ARGS colouring -i ${C}/myciel3.col --chromatic --strategy textbook --stats)
bt_cli_test(colouring.chromatic_queen EXIT 0 STDOUT "^chromatic number: 7\ncolours:( [1-7])+\n$"
            ARGS colouring --queen-graph 6x6 --chromatic)
bt_cli_test(colouring.chromatic_mycielski EXIT 0 STDOUT "^chromatic number: 6\n"
            ARGS coloring --mycielski 5 --chromatic)
bt_cli_test(colouring.chromatic_json EXIT 0
            STDOUT "^\\{\"edges\":20,\"problem\":\"colouring\",\"strategy\":\"dsatur\",\"strategy_summary\":\"DSATUR branching with a clique first, colourings up to renaming\",\"vertices\":11,\"solutions\":\\[\\[([1-4],)+[1-4]\\]\\],\"chromatic_number\":4,\"count\":1,\"exhausted\":true,\"lower_bound\":4,\"lower_bound_by\":\"mycielskian\",\"progress\":\\[\\{\"lower\":2,\"lower_by\":\"clique\",\"seconds\":[^,]+,\"upper\":4,\"upper_by\":\"dsatur\"\\},\\{\"lower\":4,\"lower_by\":\"mycielskian\",\"seconds\":[^,]+,\"upper\":4,\"upper_by\":\"dsatur\"\\}\\],\"stats\":\\{[^}]*\\},\"status\":\"solved\",\"stopped\":null,\"upper_bound\":4,\"upper_bound_by\":\"dsatur\"\\}\n$"
            ARGS colouring -i ${C}/myciel3.col --chromatic --format json)

# exit 1: no colouring (complete search); exit 3: stopped
bt_cli_test(colouring.none EXIT 1 STDERR "^no colouring: the graph is not 3-colourable\n$"
            ARGS colouring -i ${C}/myciel3.col --colours 3)
bt_cli_test(colouring.none_textbook EXIT 1 ARGS colouring --mycielski 3 --colours 3 --strategy textbook)
bt_cli_test(colouring.none_count EXIT 1 STDOUT "^count: 0\n$" ARGS colouring --queen-graph 5x5 --colours 4 --count)
bt_cli_test(colouring.none_json EXIT 1 STDOUT "\"solutions\":\\[\\],\"count\":0,\"exhausted\":true"
            ARGS colouring --queen-graph 5x5 --colours 4 --format json)
bt_cli_test(colouring.node_limit EXIT 3 STDOUT "^count: [0-9]+\n$" STDERR "stopped: node limit reached"
            ARGS colouring --queen-graph 7x7 --colours 7 --count --node-limit 1000 --strategy textbook)
# Bounds as they improve (stderr with --stats) and the proof's method; the set cover of a dense
# graph (524 maximal independent sets) proves DSJC125.9 = 44 where the clique says 34.
bt_cli_test(colouring.chromatic_progress EXIT 0 STDOUT "^chromatic number: 44\n"
            STDERR "^progress: \\[34\\.\\.50\\] at [0-9.]+ s \\(lower: clique, upper: dsatur\\)\n.*progress: \\[44\\.\\.44\\] at [0-9.]+ s \\(lower: set cover, upper: [a-z ]+\\)\n.*lower bound: clique 34 \\(maximum\\), mycielskian 34, set cover of 524 maximal independent sets \\(fractional 42\\.727, [0-9]+ branch-and-bound nodes\\)\nupper bound: dsatur 50, tabucol 44\nproof: lower bound by set cover, upper bound by tabucol\n"
            ARGS colouring -i ${C}/DSJC125.9.col --chromatic --stats)
bt_cli_test(colouring.chromatic_progress_json EXIT 0
            STDOUT "\"lower_bound\":44,\"lower_bound_by\":\"set cover\",\"progress\":\\[.*\\],\"set_cover\":\\{\"fractional\":42\\.72[0-9]+,\"independent_sets\":524,\"nodes\":[0-9]+\\},"
            ARGS colouring -i ${C}/DSJC125.9.col --chromatic --format json)
bt_cli_test(colouring.chromatic_node_limit EXIT 3 STDOUT "^bounds: \\[9\\.\\.10\\]\ncolours:( [0-9]+)+\n$"
            STDERR "stopped: node limit reached"
            ARGS colouring --queen-graph 9x9 --chromatic --node-limit 1000)
bt_cli_test(colouring.chromatic_time_limit EXIT 3 STDOUT "\"chromatic_number\":null,\"count\":1,\"exhausted\":false,\"lower_bound\":9,.*\"stopped\":\"time limit reached\",\"upper_bound\":1[0-2],\"upper_bound_by\":\"[a-z ]+\"\\}"
            ARGS colouring --queen-graph 9x9 --chromatic --time-limit 0.3 --format json)

# bad input: one line on stderr, exit 2
# 63 colours on 30 vertices: about 10^47 colourings, past the 64-bit count (the argv fuzzer's
# finding: it was an internal error, exit 70).
bt_cli_test(colouring.bad.count_past_64_bits EXIT 2
            STDERR "^btsolve: error: the number of 63-colourings of queen5_6 is more than 2\\^64 - 1, past what a count holds\n$"
            ARGS colouring --queen-graph 5x6 --colours 63 --count --format json)
bt_cli_test(colouring.bad.no_graph EXIT 2 STDERR "colouring needs a graph" ARGS colouring --colours 3)
bt_cli_test(colouring.bad.two_graphs EXIT 2 STDERR "exclude each other"
            ARGS colouring --mycielski 3 --queen-graph 3x3 --colours 3)
bt_cli_test(colouring.bad.input_and_generator EXIT 2 STDERR "exclude each other"
            ARGS colouring -i ${C}/c5.txt --mycielski 3 --chromatic)
bt_cli_test(colouring.bad.no_mode EXIT 2 STDERR "needs --colours M or --chromatic" ARGS colouring --mycielski 3)
bt_cli_test(colouring.bad.missing_file EXIT 2 STDERR "^btsolve: error: ${C}/nothing.col: cannot open the file\n$"
            ARGS colouring -i ${C}/nothing.col --colours 3)
bt_cli_test(colouring.bad.vertex_range EXIT 2 STDERR "${C}/bad_vertex.col:4: vertex 4 is out of range 1..3"
            ARGS colouring -i ${C}/bad_vertex.col --colours 3)
bt_cli_test(colouring.bad.header EXIT 2 STDERR "${C}/bad_header.col:1: vertex count must be a whole number"
            ARGS colouring -i ${C}/bad_header.col --chromatic)
bt_cli_test(colouring.bad.colours_zero EXIT 2 STDERR "--colours 0 is out of range 1..1000000"
            ARGS colouring --mycielski 3 --colours 0)
bt_cli_test(colouring.bad.colours_negative EXIT 2 STDERR "--colours -2 is out of range"
            ARGS colouring --mycielski 3 --colours=-2)
bt_cli_test(colouring.bad.colours_text EXIT 2 STDERR "--colours wants a whole number, not 'four'"
            ARGS colouring --mycielski 3 --colours four)
bt_cli_test(colouring.bad.colors_text EXIT 2 STDERR "--colors wants a whole number, not '3x'"
            ARGS colouring --mycielski 3 --colors 3x)
bt_cli_test(colouring.bad.colours_twice EXIT 2 STDERR "give --colours once"
            ARGS colouring --mycielski 3 --colours 3 --colors 3)
bt_cli_test(colouring.bad.queen_zero EXIT 2 STDERR "--queen-graph: '0x3' has a zero dimension"
            ARGS colouring --queen-graph 0x3 --colours 3)
bt_cli_test(colouring.bad.queen_junk EXIT 2 STDERR "--queen-graph: 'eight' is not ROWSxCOLUMNS"
            ARGS colouring --queen-graph eight --colours 3)
bt_cli_test(colouring.bad.queen_huge EXIT 2 STDERR "--queen-graph: '5000x5000' is too large"
            ARGS colouring --queen-graph 5000x5000 --chromatic)
bt_cli_test(colouring.bad.mycielski_zero EXIT 2 STDERR "--mycielski 0 is out of range 1..20"
            ARGS colouring --mycielski 0 --colours 3)
bt_cli_test(colouring.bad.mycielski_text EXIT 2 STDERR "--mycielski wants a whole number"
            ARGS colouring --mycielski five --colours 3)
bt_cli_test(colouring.bad.chromatic_and_colours EXIT 2 STDERR "drop --colours"
            ARGS colouring --mycielski 3 --chromatic --colours 4)
bt_cli_test(colouring.bad.chromatic_and_all EXIT 2 STDERR "--all, --count and --limit do not apply"
            ARGS colouring --mycielski 3 --chromatic --all)
bt_cli_test(colouring.bad.chromatic_and_count EXIT 2 STDERR "do not apply"
            ARGS colouring --mycielski 3 --chromatic --count)
bt_cli_test(colouring.bad.strategy EXIT 2 STDERR "unknown strategy 'greedy'"
            ARGS colouring --mycielski 3 --chromatic --strategy greedy)
bt_cli_test(colouring.bad.format EXIT 2 STDERR "--format for colouring is text, json or csv"
            ARGS colouring --mycielski 3 --chromatic --format xml)
bt_cli_test(colouring.bad.dot_unwritable EXIT 2 STDERR "^btsolve: error: --dot: cannot write 'no/such/dir/g.dot'\n$"
            ARGS colouring --mycielski 3 --chromatic --dot no/such/dir/g.dot)
bt_cli_test(colouring.bad.dot_with_count EXIT 2 STDERR "--count finds none to draw"
            ARGS colouring --mycielski 3 --colours 4 --count --dot g.dot)
bt_cli_test(colouring.bad.limit_zero EXIT 2 STDERR "--limit must be at least 1"
            ARGS colouring --mycielski 3 --colours 4 --limit 0)
# The default strategy is named in --stats (issue 14: DSATUR is the default).
bt_cli_test(colouring.stats_strategy EXIT 0
            STDERR "^strategy: dsatur \\(DSATUR branching with a clique first, colourings up to renaming; the default\\)\nstatistics:\n"
            ARGS colouring --mycielski 3 --colours 4 --stats)

# Maps and named graphs (issue 31): --map's built-in maps, AIMA's neighbour lists and edge lists
# of names (a file or stdin), each vertex named in the output; numeric graphs print as before.
bt_cli_test(colouring.map_australia EXIT 0 STDOUT "^colours: SA=1 WA=2 NT=3 Q=2 NSW=3 V=2 T=1\n$"
            ARGS colouring --map australia -m 3 --strategy textbook)
bt_cli_test(colouring.map_json EXIT 0
            STDOUT "\"solutions\":\\[\\{\"NSW\":3,\"NT\":3,\"Q\":2,\"SA\":1,\"T\":1,\"V\":2,\"WA\":2\\}\\],"
            ARGS colouring --map australia -m 3 --strategy textbook --format json)
bt_cli_test(colouring.map_csv EXIT 0 STDOUT "^1,2,3,2,3,2,1\n$"
            ARGS colouring --map australia -m 3 --strategy textbook --format csv)
bt_cli_test(colouring.map_usa_chromatic EXIT 0 STDOUT "^chromatic number: 4\ncolours: WA=[1-4] OR=[1-4] .* HI=[1-4] AK=[1-4]\n$"
            ARGS colouring --map usa --chromatic)
bt_cli_test(colouring.map_france_count EXIT 0 STDOUT "^count: [1-9][0-9]*\n$"
            ARGS colouring --map france -m 4 --count)
bt_cli_test(colouring.neighbours_file EXIT 0 STDOUT "^count: 18\n$"
            ARGS colouring -i ${C}/australia_aima.txt -m 3 --count)
bt_cli_test(colouring.neighbours_stdin EXIT 0 STDIN ${BT_TEST_DATA}/coloring/australia_aima.txt
            STDOUT "^colours: SA=1 WA=2 NT=3 Q=2 NSW=3 V=2 T=1\n$"
            ARGS colouring -i - -m 3 --strategy textbook)
# A border given from both ends (adjacency lists) is no repeated edge to warn of.
bt_cli_test(colouring.neighbours_both_ends EXIT 0 STDIN ${BT_TEST_DATA}/coloring/triangle_both_ends.txt
            STDOUT "^colours: A=1 B=2 C=3\n$" STDERR "^strategy: textbook"
            ARGS colouring -i - -m 3 --strategy textbook --stats)
bt_cli_test(colouring.named_edge_list EXIT 0 STDOUT "^colours: WA=1 NT=2 SA=3 Q=1 NSW=2 V=1\n$"
            ARGS colouring -i ${C}/australia_names.txt -m 3 --strategy textbook)
bt_cli_test(colouring.map_trace EXIT 0 STDOUT "^SA = 1\n  WA != 1\n  WA = 2\n    NT != 1\n    NT != 2\n    NT = 3\n"
            ARGS colouring --map australia -m 3 --strategy textbook --trace)
bt_cli_test(colouring.map_trace_engine EXIT 0 STDOUT "^assign SA colour 1\n  assign WA colour 2\n"
            ARGS colouring --map australia -m 3 --strategy mrv+fc --trace)
bt_cli_test(colouring.map_dot EXIT 0 STDOUT "\n  1 \\[label=\"SA\" style=filled fillcolor=\"/set312/1\" xlabel=\"1\"\\];\n"
            ARGS colouring --map australia -m 3 --strategy textbook --dot /dev/stdout)
# The replay page speaks the names and carries the layout's places (the viewer draws them).
# (CMake reads brackets in an argument as list brackets: each regex here balances them.)
bt_cli_test(colouring.map_replay EXIT 0
            STDOUT "\"names\":\\[\"SA\",\"WA\",\"NT\",\"Q\",\"NSW\",\"V\",\"T\"\\],\"radius\":0\\.[0-9]+,\"positions\":\\[(\\[[01]\\.[0-9]+,[01]\\.[0-9]+\\],?)+\\]\\}.*\"candl\":\\[\"SA=1\",\"SA=2\",\"SA=3\"\\]"
            ARGS colouring --map australia -m 3 --strategy textbook --replay /dev/stdout)
bt_cli_test(colouring.file_replay_positions EXIT 0
            STDOUT "\"edges\":\\[(\\[[0-9]+,[0-9]+\\],?)+\\],\"radius\":0\\.[0-9]+,\"positions\":\\[(\\[[01]\\.[0-9]+,[01]\\.[0-9]+\\],?)+\\]\\}"
            ARGS colouring -i ${C}/australia.col -m 3 --replay /dev/stdout)
bt_cli_test(colouring.bad.map_unknown EXIT 2
            STDERR "^btsolve: error: --map: unknown map 'mars'; the maps are australia, usa, france\n$"
            ARGS colouring --map mars -m 3)
bt_cli_test(colouring.bad.map_and_file EXIT 2 STDERR "exclude each other"
            ARGS colouring --map usa -i ${C}/c5.txt -m 3)
