# hamiltonian: the CLI contract of docs/problems/hamiltonian.md (paths relative to tests/).
set(H data/hamiltonian)
bt_cli_test(hamiltonian.help EXIT 0 ARGS hamiltonian --help
            STDOUT "Usage: btsolve hamiltonian \\[OPTIONS\\].*--knight.*--strategy")

# outputs
bt_cli_test(hamiltonian.first EXIT 0 STDOUT "^1 2 4 3 1\n$"
            ARGS hamiltonian --input ${H}/uva775_sample1.txt)
bt_cli_test(hamiltonian.all_k4 EXIT 0 GOLDEN hamiltonian_k4_all.txt
            ARGS hamiltonian --input ${H}/k4.hcp --all --strategy pruned)
bt_cli_test(hamiltonian.all_k4_textbook EXIT 0 GOLDEN hamiltonian_k4_all.txt
            ARGS hamiltonian --input ${H}/k4.hcp --all --strategy textbook)
bt_cli_test(hamiltonian.first_textbook EXIT 0 STDOUT "^1 2 3 6 5 4 1\n$"
            ARGS hamiltonian --input ${H}/envelope6.hcp --strategy textbook)
bt_cli_test(hamiltonian.limit EXIT 0 GOLDEN hamiltonian_dodecahedron_limit3.txt
            ARGS hamiltonian --dodecahedron --limit 3 --strategy pruned)
bt_cli_test(hamiltonian.trace EXIT 0 GOLDEN hamiltonian_k4_trace.txt
            ARGS hamiltonian --input ${H}/k4.hcp --strategy textbook --trace)
bt_cli_test(hamiltonian.dot EXIT 0 GOLDEN hamiltonian_k4_dot.txt
            ARGS hamiltonian --input ${H}/k4.hcp --dot /dev/stdout --strategy pruned)
bt_cli_test(hamiltonian.json EXIT 0
            STDOUT "^\\{\"edges\":6,\"graph\":\"k4\",\"problem\":\"hamiltonian\",\"strategy\":\"pruned\",\"strategy_summary\":\"path extension with connectivity and degree pruning\",\"vertices\":4,\"solutions\":\\[\\[1,2,3,4,1\\],\\[1,2,4,3,1\\],\\[1,3,2,4,1\\]\\],\"count\":3,\"exhausted\":true,\"stats\":\\{[^}]*\"solutions\":3\\},\"status\":\"solved\",\"stopped\":null\\}\n$"
            ARGS hamiltonian --input ${H}/k4.hcp --all --format json --strategy pruned)
bt_cli_test(hamiltonian.json_count EXIT 0 STDOUT "\"solutions\":\\[\\],\"count\":1344,\"exhausted\":true"
            ARGS hamiltonian --hypercube 4 --count --format json)
bt_cli_test(hamiltonian.stats EXIT 0 STDERR "statistics:\nnodes: 13\nchecks: 40\n"
            ARGS hamiltonian --input ${H}/k4.hcp --all --strategy textbook --stats)
foreach(s textbook pruned propagate)
  bt_cli_test(hamiltonian.count_${s} EXIT 0 STDOUT "^count: 30\n$"
              ARGS hamiltonian --input ${H}/dodecahedron.hcp --count --strategy ${s})
endforeach()
bt_cli_test(hamiltonian.count_knight EXIT 0 STDOUT "^count: 9862\n$" ARGS hamiltonian --knight 6x6 --count)
bt_cli_test(hamiltonian.count_graph2 EXIT 0 STDOUT "^count: 2596\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph2.hcp --count)
bt_cli_test(hamiltonian.crlf_challenge_graph EXIT 0 STDOUT "^1 [0-9 ]+ 1\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph1.hcp)
bt_cli_test(hamiltonian.dimacs_warning EXIT 0 STDOUT "^1 2 3 4 1\n$"
            STDERR "^warning: data/hamiltonian/c4_miscounted.col: header declares 5 edges, the file lists 4\n$"
            ARGS hamiltonian --input ${H}/c4_miscounted.col)

# exit 1: no cycle, with the proof
bt_cli_test(hamiltonian.none_petersen EXIT 1 STDOUT "^$"
            STDERR "^no Hamiltonian cycle: an exhaustive search of [0-9]+ nodes found none\n$"
            ARGS hamiltonian --input ${H}/petersen.hcp)
bt_cli_test(hamiltonian.none_petersen_textbook EXIT 1 STDOUT "^count: 0\n$"
            STDERR "exhaustive search of 250 nodes" ARGS hamiltonian --petersen --count --strategy textbook)
bt_cli_test(hamiltonian.none_cut_vertex EXIT 1
            STDERR "^no Hamiltonian cycle: vertex 3 is a cut vertex: removing it disconnects the graph\n$"
            ARGS hamiltonian --input ${H}/bowtie5.hcp)
bt_cli_test(hamiltonian.none_cut_vertex_exhausted EXIT 1 STDERR "exhaustive search"
            ARGS hamiltonian --input ${H}/bowtie5.hcp --no-precheck)
bt_cli_test(hamiltonian.none_bipartite EXIT 1 STDERR "bipartite with sides of 5 and 6 vertices"
            ARGS hamiltonian --input ${H}/herschel.hcp)
bt_cli_test(hamiltonian.none_herschel_exhausted EXIT 1 STDERR "exhaustive search"
            ARGS hamiltonian --input ${H}/herschel.hcp --no-precheck --strategy textbook)
bt_cli_test(hamiltonian.none_tiny EXIT 1 STDERR "needs at least 3 vertices, the graph has 2"
            ARGS hamiltonian --hypercube 1)
bt_cli_test(hamiltonian.none_json EXIT 1
            STDOUT "\"solutions\":\\[\\],\"count\":0,\"exhausted\":true,\"proof\":\"vertex 3 is a cut vertex"
            ARGS hamiltonian --input ${H}/bowtie5.hcp --format json)

# exit 3: limits, with what was found so far
bt_cli_test(hamiltonian.node_limit EXIT 3 STDOUT "^count: [0-9]+\n$" STDERR "stopped: node limit reached"
            ARGS hamiltonian --knight 6x6 --count --node-limit 1000)
bt_cli_test(hamiltonian.node_limit_all EXIT 3 STDOUT "^1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 1\n"
            STDERR "stopped: node limit reached"
            ARGS hamiltonian --dodecahedron --all --node-limit 30 --strategy pruned)
bt_cli_test(hamiltonian.time_limit EXIT 3 STDERR "stopped: time limit reached"
            ARGS hamiltonian --knight 8x8 --count --time-limit 0.2)
bt_cli_test(hamiltonian.time_limit_json EXIT 3 STDOUT "\"exhausted\":false,.*\"stopped\":\"time limit reached\""
            ARGS hamiltonian --knight 8x8 --count --time-limit 0.2 --format json)

# exit 2: bad input, one line each
bt_cli_test(hamiltonian.bad.no_graph EXIT 2 STDERR "hamiltonian needs a graph" ARGS hamiltonian)
bt_cli_test(hamiltonian.bad.two_graphs EXIT 2 STDERR "--input and --petersen exclude each other"
            ARGS hamiltonian --input ${H}/k4.hcp --petersen)
bt_cli_test(hamiltonian.bad.missing_file EXIT 2 STDERR "data/hamiltonian/nothing.hcp: cannot open the file"
            ARGS hamiltonian --input ${H}/nothing.hcp)
bt_cli_test(hamiltonian.bad.vertex EXIT 2 STDERR "bad_vertex.hcp:7: vertex 9 is out of range 1..4"
            ARGS hamiltonian --input ${H}/bad_vertex.hcp)
bt_cli_test(hamiltonian.bad.type EXIT 2 STDERR "bad_type.hcp:2: TYPE must be HCP, not 'TSP'"
            ARGS hamiltonian --input ${H}/bad_type.hcp)
bt_cli_test(hamiltonian.bad.knight_zero EXIT 2 STDERR "--knight: '0x3' has a zero dimension"
            ARGS hamiltonian --knight 0x3)
bt_cli_test(hamiltonian.bad.knight_junk EXIT 2 STDERR "--knight: 'eight' is not ROWSxCOLUMNS"
            ARGS hamiltonian --knight eight)
bt_cli_test(hamiltonian.bad.knight_huge EXIT 2 STDERR "--knight 4000x4000 has 16000000 squares; at most 10000000"
            ARGS hamiltonian --knight 4000x4000)
bt_cli_test(hamiltonian.bad.hypercube_zero EXIT 2 STDERR "--hypercube 0 is out of range 1..23"
            ARGS hamiltonian --hypercube 0)
bt_cli_test(hamiltonian.bad.hypercube_huge EXIT 2 STDERR "--hypercube 30 is out of range 1..23"
            ARGS hamiltonian --hypercube 30)
bt_cli_test(hamiltonian.bad.hypercube_junk EXIT 2 STDERR "--hypercube wants a whole number, not 'four'"
            ARGS hamiltonian --hypercube four)
bt_cli_test(hamiltonian.bad.strategy EXIT 2 STDERR "unknown strategy 'fast'"
            ARGS hamiltonian --petersen --strategy fast)
bt_cli_test(hamiltonian.bad.format EXIT 2 STDERR "--format for hamiltonian is text, json or csv, not 'xml'"
            ARGS hamiltonian --petersen --format xml)
bt_cli_test(hamiltonian.bad.dot_unwritable EXIT 2 STDERR "--dot: cannot write '/nonexistent/dir/k4.dot'"
            ARGS hamiltonian --input ${H}/k4.hcp --dot /nonexistent/dir/k4.dot)
bt_cli_test(hamiltonian.bad.all_and_count EXIT 2 STDERR "exclude each other"
            ARGS hamiltonian --petersen --all --count)

# the default strategy, propagate: edge decisions, restarts for the first cycle only
bt_cli_test(hamiltonian.propagate_all_k4 EXIT 0 STDOUT "^1 2 4 3 1\n1 2 3 4 1\n1 3 2 4 1\n$"
            ARGS hamiltonian --input ${H}/k4.hcp --all)
bt_cli_test(hamiltonian.propagate_json EXIT 0
            STDOUT "\"strategy\":\"propagate\",.*\"solutions\":\\[\\[1,2,4,3,1\\]\\],\"count\":1,\"exhausted\":false"
            ARGS hamiltonian --input ${H}/k4.hcp --format json --strategy propagate)
bt_cli_test(hamiltonian.propagate_trace EXIT 0 GOLDEN hamiltonian_k4_trace_propagate.txt
            ARGS hamiltonian --input ${H}/k4.hcp --trace --all)
bt_cli_test(hamiltonian.propagate_graph4 EXIT 0 STDOUT "^1 [0-9 ]+ 1\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph4.hcp --node-limit 100 --strategy propagate)
bt_cli_test(hamiltonian.propagate_graph4_no_restarts EXIT 0 STDOUT "^1 [0-9 ]+ 1\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph4.hcp --node-limit 100 --no-restarts --seed 5
                 --strategy propagate)
bt_cli_test(hamiltonian.propagate_none_petersen EXIT 1 STDOUT "^$"
            STDERR "^no Hamiltonian cycle: an exhaustive search of 12 nodes found none\n$"
            ARGS hamiltonian --petersen --strategy propagate)
bt_cli_test(hamiltonian.bad.seed EXIT 2 STDERR "--seed wants a whole number"
            ARGS hamiltonian --petersen --seed x)
bt_cli_test(hamiltonian.propagate_cycle_cover EXIT 1 STDOUT "^$"
            STDERR "^no Hamiltonian cycle: an exhaustive search of [0-9]+ nodes found none\n$"
            ARGS hamiltonian --petersen --cycle-cover --strategy propagate)
bt_cli_test(hamiltonian.propagate_cycle_cover_graph4 EXIT 0 STDOUT "^1 [0-9 ]+ 1\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph4.hcp --node-limit 100 --cycle-cover
                 --strategy propagate)

# sat: SAT with subtour cuts, the first cycle only; auto (the default): a bounded propagate
# search, then sat
bt_cli_test(hamiltonian.sat_graph2 EXIT 0 STDOUT "^1 [0-9 ]+ 1\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph2.hcp --strategy sat)
bt_cli_test(hamiltonian.sat_json EXIT 0
            STDOUT "\"strategy\":\"sat\",.*\"solutions\":\\[\\[1,2,4,3,1\\]\\],\"count\":1,\"exhausted\":false,\"stats\":\\{[^}]*\"solutions\":1\\},\"status\":\"solved\",\"stopped\":null"
            ARGS hamiltonian --input ${H}/uva775_sample1.txt --strategy sat --format json)
bt_cli_test(hamiltonian.sat_none EXIT 1 STDOUT "^$"
            STDERR "^no Hamiltonian cycle: the SAT solver refuted the degree constraints and [0-9]+ subtour cuts\n$"
            ARGS hamiltonian --petersen --strategy sat)
bt_cli_test(hamiltonian.sat_none_json EXIT 1
            STDOUT "\"exhausted\":true,\"proof\":\"the SAT solver refuted"
            ARGS hamiltonian --input ${H}/herschel.hcp --no-precheck --strategy sat --format json)
bt_cli_test(hamiltonian.sat_node_limit EXIT 3 STDOUT "^$"
            STDERR "^strategy: sat \\(CaDiCaL with subtour cuts\\)\nstatistics:\nnodes: 1\n.*stopped: node limit reached\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph19.hcp --strategy sat --node-limit 1 --stats)
bt_cli_test(hamiltonian.sat_time_limit EXIT 3 STDERR "stopped: time limit reached"
            ARGS hamiltonian --input ${H}/fhcpcs_graph175.hcp --strategy sat --time-limit 0.05)
bt_cli_test(hamiltonian.bad.sat_all EXIT 2 STDERR "strategy sat finds one cycle: no --all"
            ARGS hamiltonian --input ${H}/k4.hcp --strategy sat --all)
bt_cli_test(hamiltonian.bad.sat_trace EXIT 2 STDERR "strategy sat is no tree search"
            ARGS hamiltonian --input ${H}/k4.hcp --strategy sat --trace)
bt_cli_test(hamiltonian.auto_json EXIT 0
            STDOUT "\"strategy\":\"auto\",.*\"solutions\":\\[\\[1,2,4,3,1\\]\\]"
            ARGS hamiltonian --input ${H}/uva775_sample1.txt --format json)
bt_cli_test(hamiltonian.auto_graph19 EXIT 0 STDOUT "^1 [0-9 ]+ 1\n$"
            ARGS hamiltonian --input ${H}/fhcpcs_graph19.hcp)
foreach(g petersen herschel bowtie5)
  bt_cli_test(hamiltonian.auto_none_${g} EXIT 1 STDOUT "^$"
              STDERR "^no Hamiltonian cycle: an exhaustive search of [0-9]+ nodes found none\n$"
              ARGS hamiltonian --input ${H}/${g}.hcp --no-precheck)
endforeach()
bt_cli_test(hamiltonian.auto_none_proof EXIT 1
            STDERR "^no Hamiltonian cycle: an exhaustive search of 12 nodes found none\n$"
            ARGS hamiltonian --petersen)
# a --node-limit: at most half for the propagate phase, the rest for sat's solver calls
bt_cli_test(hamiltonian.auto_node_limit EXIT 3 STDERR "stopped: node limit reached"
            ARGS hamiltonian --input ${H}/fhcpcs_graph19.hcp --node-limit 10)
bt_cli_test(hamiltonian.auto_count_is_propagate EXIT 0 STDOUT "^count: 30\n$"
            ARGS hamiltonian --dodecahedron --count --strategy auto)

# --both-directions (issue 14): every cycle in both directions, as the textbook lists them
# (K4: 6). The textbook and the engine's strategies search without the direction rule (the
# book's order and its node count); pruned and propagate print each cycle and then its reverse.
bt_cli_test(hamiltonian.both_k4_textbook EXIT 0 GOLDEN hamiltonian_k4_all_both.txt
            ARGS hamiltonian --input ${H}/k4.hcp --all --both-directions --strategy textbook)
bt_cli_test(hamiltonian.both_k4_fc EXIT 0 GOLDEN hamiltonian_k4_all_both.txt
            ARGS hamiltonian --input ${H}/k4.hcp --all --both-directions --strategy fc)
bt_cli_test(hamiltonian.both_k4_pruned EXIT 0
            STDOUT "^1 2 3 4 1\n1 4 3 2 1\n1 2 4 3 1\n1 3 4 2 1\n1 3 2 4 1\n1 4 2 3 1\n$"
            ARGS hamiltonian --input ${H}/k4.hcp --all --both-directions --strategy pruned)
bt_cli_test(hamiltonian.both_k4_default EXIT 0
            STDOUT "^1 2 4 3 1\n1 3 4 2 1\n1 2 3 4 1\n1 4 3 2 1\n1 3 2 4 1\n1 4 2 3 1\n$"
            ARGS hamiltonian --input ${H}/k4.hcp --all --both-directions)
bt_cli_test(hamiltonian.both_k4_textbook_stats EXIT 0
            STDERR "^strategy: textbook \\(the textbook's path extension\\)\nstatistics:\nnodes: 16\nchecks: 40\nassigns: 15\nprunes: 25\nbacktracks: 15\nsolutions: 6\n"
            ARGS hamiltonian --input ${H}/k4.hcp --all --both-directions --strategy textbook --stats)
bt_cli_test(hamiltonian.both_json EXIT 0
            STDOUT "^\\{\"both_directions\":true,\"edges\":6,.*\"solutions\":\\[\\[1,2,3,4,1\\],\\[1,4,3,2,1\\],\\[1,2,4,3,1\\],\\[1,3,4,2,1\\],\\[1,3,2,4,1\\],\\[1,4,2,3,1\\]\\],\"count\":6,"
            ARGS hamiltonian --input ${H}/k4.hcp --all --both-directions --format json --strategy pruned)
# --limit K counts directed cycles: a cycle and its reverse are two.
bt_cli_test(hamiltonian.both_limit EXIT 0 STDOUT "^1 2 3 4 1\n1 4 3 2 1\n1 2 4 3 1\n$"
            ARGS hamiltonian --input ${H}/k4.hcp --limit 3 --both-directions --strategy pruned)
# Counts double (tests/data/hamiltonian/cycle_counts.csv lists each cycle once), for every
# strategy that counts, and by work units.
foreach(s textbook pruned propagate bt mrv+fc)
  string(REPLACE "+" "_" t ${s})
  bt_cli_test(hamiltonian.both_count_k4_${t} EXIT 0 STDOUT "^count: 6\n$"
              ARGS hamiltonian --input ${H}/k4.hcp --count --both-directions --strategy ${s})
  bt_cli_test(hamiltonian.both_count_cube_${t} EXIT 0 STDOUT "^count: 12\n$"
              ARGS hamiltonian --input ${H}/cube_q3.hcp --count --both-directions --strategy ${s})
  bt_cli_test(hamiltonian.both_count_dodecahedron_${t} EXIT 0 STDOUT "^count: 60\n$"
              ARGS hamiltonian --dodecahedron --count --both-directions --strategy ${s})
endforeach()
bt_cli_test(hamiltonian.both_count_q4 EXIT 0 STDOUT "^count: 2688\n$"
            ARGS hamiltonian --input ${H}/hypercube_q4.hcp --count --both-directions)
bt_cli_test(hamiltonian.both_count_units EXIT 0 STDOUT "^count: 60\n$"
            ARGS hamiltonian --dodecahedron --count --both-directions --strategy pruned --threads 2)
bt_cli_test(hamiltonian.both_none EXIT 1 STDOUT "^count: 0\n$"
            ARGS hamiltonian --input ${H}/petersen.hcp --count --both-directions --strategy textbook)

# Named graphs (issue 31): AIMA's neighbour lists and --map; a cycle prints as names.
bt_cli_test(hamiltonian.named_all EXIT 0 STDOUT "^A B C D A\n$"
            ARGS hamiltonian --input ${H}/named_square.txt --all)
bt_cli_test(hamiltonian.named_json EXIT 0 STDOUT "\"solutions\":\\[\\[\"A\",\"B\",\"C\",\"D\",\"A\"\\]\\],"
            ARGS hamiltonian --input ${H}/named_square.txt --format json)
bt_cli_test(hamiltonian.named_sat EXIT 0 STDOUT "^A B C D A\n$"
            ARGS hamiltonian --input ${H}/named_square.txt --strategy sat)
bt_cli_test(hamiltonian.map_none EXIT 1 STDERR "^no Hamiltonian cycle: T has degree 0 \\(a cycle needs 2\\)\n$"
            ARGS hamiltonian --map australia)
bt_cli_test(hamiltonian.named_trace EXIT 0 STDOUT "^reject x2 = A\nx2 = B\n  reject x3 = A\n"
            ARGS hamiltonian --input ${H}/named_square.txt --strategy textbook --trace)
