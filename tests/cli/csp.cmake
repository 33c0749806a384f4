# The engine's CSP strategies (docs/strategies.md): --strategy specs and the four switch options.
set(C data/coloring)
set(H data/hamiltonian)
bt_cli_test(csp.nqueens_trace_cbj EXIT 0 GOLDEN csp_nqueens_n5_trace_fc_cbj.txt
            ARGS nqueens -n 5 --strategy fc+cbj --trace)
bt_cli_test(csp.nqueens_trace_mrv_fc EXIT 0 GOLDEN csp_nqueens_n6_trace_mrv_fc.txt
            ARGS nqueens -n 6 --strategy mrv+fc --trace)
bt_cli_test(csp.nqueens_trace_bt EXIT 0 GOLDEN csp_nqueens_n4_trace_bt.txt
            ARGS nqueens -n 4 --inference none --trace)
bt_cli_test(csp.nqueens_count_mrv_fc EXIT 0 STDOUT "^count: 14200\n$"
            ARGS nqueens -n 12 --count --strategy mrv+fc)
bt_cli_test(csp.nqueens_options EXIT 0
            STDERR "nodes: 1361\nchecks: 1360\nassigns: 1360\nprunes: 292\nbacktracks: 1068\nsolutions: 92\n"
            ARGS nqueens -n 8 --count --var-order mrv --inference fc --stats)
bt_cli_test(csp.nqueens_textbook_first EXIT 0
            STDERR "checks: 876\nassigns: 113\nprunes: 763\nbacktracks: 105\n"
            ARGS nqueens -n 8 --strategy bt --stats)
bt_cli_test(csp.nqueens_placed EXIT 0 STDOUT "^\\(1,6,8,3,7,4,2,5\\)\n$"
            ARGS nqueens -n 8 --place 1,1 --strategy dom-wdeg+mac+lcv --format tuple)
bt_cli_test(csp.nqueens_json EXIT 0 STDOUT "\"strategy\":\"mrv\\+fc\\+cbj\""
            ARGS nqueens -n 6 --strategy cbj+fc+mrv --format json)
bt_cli_test(csp.colouring_trace EXIT 0 GOLDEN csp_colouring_c5_trace_mrv_fc.txt
            ARGS colouring -i ${C}/c5.txt -m 3 --strategy mrv+fc --trace)
bt_cli_test(csp.colouring_usa EXIT 1 STDOUT "^count: 0\n$"
            ARGS colouring -i ${C}/usa48.col -m 3 --count --inference mac --jump cbj)
bt_cli_test(csp.colouring_australia EXIT 0 STDOUT "^count: 18\n$"
            ARGS colouring -i ${C}/australia.col -m 3 --count --strategy dom-deg+fc)
bt_cli_test(csp.hamiltonian_trace EXIT 0 GOLDEN csp_hamiltonian_k4_trace_fc.txt
            ARGS hamiltonian -i ${H}/k4.hcp --all --strategy fc --trace)
bt_cli_test(csp.hamiltonian_count EXIT 0 STDOUT "^count: 30\n$"
            ARGS hamiltonian --dodecahedron --count --strategy dom-wdeg+mac+cbj)
# bad switches: one line, exit 2
bt_cli_test(csp.bad_spec EXIT 2 STDERR "unknown strategy 'mrv\\+board'"
            ARGS nqueens -n 8 --strategy mrv+board)
bt_cli_test(csp.twice EXIT 2 STDERR "unknown strategy 'fc\\+mac'" ARGS nqueens -n 8 --strategy fc+mac)
bt_cli_test(csp.contradiction EXIT 2 STDERR "--inference mac contradicts --strategy fc"
            ARGS nqueens -n 8 --strategy fc --inference mac)
bt_cli_test(csp.bad_option EXIT 2 STDERR "--var-order is static, mrv, dom-deg or dom-wdeg, not 'x'"
            ARGS colouring -i ${C}/c5.txt -m 3 --var-order x)
bt_cli_test(csp.own_strategy EXIT 2 STDERR "--jump applies to the engine's strategies"
            ARGS hamiltonian -i ${H}/k4.hcp --strategy textbook --jump cbj)
# Past the binary layer's 64 values a domain, the constraint layer's model (cp_model.hpp)
# searches with the same switches, node for node, up to n = 4096.
bt_cli_test(csp.nqueens_65 EXIT 0
            STDOUT "^\\(1,3,5,38,36,4,53,7,46,40,52,55,6,33,42,60,8,44,61,34,37,26,9,32,28,35,39,41,54,10,21,49,56,58,29,64,14,11,57,51,62,48,63,2,20,27,12,45,25,65,43,59,31,50,17,22,13,30,16,19,24,15,23,18,47\\)\n$"
            ARGS nqueens -n 65 --strategy mrv+mac --format tuple)
bt_cli_test(csp.nqueens_1000 EXIT 0 STDERR "\nnodes: 1008\n" ARGS nqueens -n 1000 --strategy mrv+fc --stats)
bt_cli_test(csp.nqueens_too_big EXIT 2 STDERR "the engine's strategies support n up to 4096, not 5000"
            ARGS nqueens -n 5000 --strategy fc)
bt_cli_test(csp.nqueens_cp_trace EXIT 3 STDOUT "^Q1 = 1\n  Q2 = 3\n    Q3 = 5\n      Q6 = 4\n"
            ARGS nqueens -n 70 --strategy mrv+fc --trace --node-limit 4)
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  foreach(run "300|--strategy|mrv+fc" "1000|--strategy|dom-deg+fc"
              "70|--strategy|mrv+mac+cbj|--place|1,1|--place|2,3" "80|--strategy|mrv+fc|--limit|3")
    string(REPLACE "|" ";" words "${run}")
    string(REPLACE "+" "_" tag "${run}")
    string(REPLACE "|" "_" tag "${tag}")
    string(REPLACE "," "_" tag "${tag}")
    add_test(NAME cli.csp.queens_valid_${tag}
             COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/queens_valid.py
                     $<TARGET_FILE:btsolve> nqueens -n ${words})
    set_tests_properties(cli.csp.queens_valid_${tag} PROPERTIES LABELS cli TIMEOUT 300)
  endforeach()
endif()
bt_cli_test(csp.colouring_chromatic EXIT 2 STDERR "--chromatic uses the problem's own strategies"
            ARGS colouring -i ${C}/c5.txt --chromatic --strategy fc)
