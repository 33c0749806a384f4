# Counting by work units: --split / --unit / merge, --checkpoint, and btsolve-mpi (docs/cluster.md).
# The default count (halves): 23 joins of n = 8, then the two Burnside terms.
bt_cli_test(units.list EXIT 0
            STDOUT "^\\{\"unit\":0,\"units\":25,\"digest\":\"[0-9a-f]+\",\"params\":\"nqueens n=8 strategy=halves unique=yes placed=- split=auto units=v1\",\"top\":\\[1,2,3,4\\],\"middle\":null,\"weight\":2\\}\n.*\"unit\":23,.*\"burnside\":\"quarter turn\"\\}\n.*\"unit\":24,.*\"burnside\":\"half turn\"\\}\n$"
            ARGS nqueens -n 8 --count --unique --split auto)
bt_cli_test(units.list_symmetry EXIT 0
            STDOUT "^\\{\"unit\":0,\"units\":8,\"digest\":\"[0-9a-f]+\",\"params\":\"nqueens n=8 strategy=symmetry unique=yes placed=- split=auto units=v1\",\"placed\":\\[\\[1,1\\],\\[2,3\\]\\]\\}\n"
            ARGS nqueens -n 8 --count --unique --split auto --strategy symmetry)
# The half-turn term of n = 8: 8 x 12 = 92 + 0 + 4, a share of the unique count, no total.
bt_cli_test(units.one EXIT 0
            STDOUT "^\\{\"unit\":24,\"units\":25,.*\"burnside\":\"half turn\",\"format\":2,\"tally\":\"unique\",\"tally_divisor\":8,\"total\":0,\"unique\":4,\"nodes\":[0-9]+,\"seconds\":[0-9.e-]+,\"done\":true,\"check\":\"[0-9a-f]+\"\\}\n$"
            ARGS nqueens -n 8 --count --unique --unit 24)
bt_cli_test(units.one_symmetry EXIT 0
            STDOUT "^\\{\"unit\":7,\"units\":8,.*\"total\":[0-9]+,\"unique\":[0-9]+,\"nodes\":[0-9]+,\"seconds\":[0-9.e-]+,\"done\":true,\"check\":\"[0-9a-f]+\"\\}\n$"
            ARGS nqueens -n 8 --count --unique --unit 7 --strategy symmetry)
bt_cli_test(units.bitboard_placed EXIT 0 STDOUT "\"placed\":\\[\\[1,2\\],\\[2,4\\]\\]"
            ARGS nqueens -n 8 --count --strategy bitboard --place 1,2 --split 2)
bt_cli_test(units.bad_unit EXIT 2 STDERR "--unit 25: this count has 25 units, 0..24"
            ARGS nqueens -n 8 --count --unique --unit 25)
bt_cli_test(units.bad_range EXIT 2 STDERR "--unit 5..2: this count has"
            ARGS nqueens -n 8 --count --unit 5..2)
bt_cli_test(units.bad_split EXIT 2 STDERR "--split" ARGS nqueens -n 8 --count --split deep)
bt_cli_test(units.needs_count EXIT 2 STDERR "needs --count" ARGS nqueens -n 8 --split auto)
bt_cli_test(units.checkpoint_with_unit EXIT 2 STDERR "--checkpoint goes with a whole count"
            ARGS nqueens -n 8 --count --unit 1 --checkpoint x.cp)
bt_cli_test(units.merge_nothing EXIT 2 STDERR "merge needs the result files" ARGS merge)
bt_cli_test(units.merge_unreadable EXIT 2 STDERR "merge: cannot read no/such.file" ARGS merge no/such.file)
add_test(NAME cli.units.merge COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/units.sh $<TARGET_FILE:btsolve>
                                    ${BT_TEST_DATA}/nqueens/counts.csv)
# Killed with SIGKILL and resumed: the default count (halves) and symmetry's.
add_test(NAME cli.units.checkpoint
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/checkpoint.sh ${BT_TEST_DATA}/nqueens/counts.csv 14
                 symmetry $<TARGET_FILE:btsolve>)
add_test(NAME cli.units.checkpoint_halves
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/checkpoint.sh ${BT_TEST_DATA}/nqueens/counts.csv 16
                 halves $<TARGET_FILE:btsolve>)
set_tests_properties(cli.units.merge cli.units.checkpoint cli.units.checkpoint_halves
                     PROPERTIES LABELS cli TIMEOUT 120)

# Merged statistics are the single run's (issue 30): the nodes above the cut counted once.
foreach(args "nqueens;-n;8;--count;--strategy;board" "nqueens;-n;7;--count;--strategy;fc"
        "nqueens;-n;9;--count;--strategy;symmetry" "nqueens;-n;9;--count;--unique"
        "colouring;-i;data/coloring/c5.txt;--colours;3;--count;--strategy;textbook"
        "hamiltonian;--dodecahedron;--count;--strategy;pruned")
  list(GET args 0 p)
  string(REPLACE ";" "_" name "${args}")
  string(REGEX REPLACE "[^A-Za-z0-9_]" "" name "${name}")
  add_test(NAME cli.units.merged_stats.${name}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/units_stats.sh $<TARGET_FILE:btsolve> ${args}
           WORKING_DIRECTORY ${BT_TESTS_DIR})
  set_tests_properties(cli.units.merged_stats.${name} PROPERTIES LABELS cli TIMEOUT 60)
endforeach()

# Work units compile no search of their own, and the cut is walked by one instantiation
# (issue 30, item 8): read from the binary's symbols (nm).
add_test(NAME cli.units.instantiations
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/instantiations.sh $<TARGET_FILE:btsolve>)
set_tests_properties(cli.units.instantiations PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

# Records bound to their count, keys, merge --verify, files never written over (issue 27).
add_test(NAME cli.units.binding COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/binding.sh $<TARGET_FILE:btsolve>
         WORKING_DIRECTORY ${BT_TESTS_DIR})
set_tests_properties(cli.units.binding PROPERTIES LABELS cli TIMEOUT 180)

# --threads splits any count into units on the threads (issue 27): the bitboard past n = 32 and
# with --unique, tiny boards, the textbook representations, the other problems.
bt_cli_test(units.threads_bitboard_unique EXIT 0 STDOUT "^count: 724\nunique: 92\n$"
            ARGS nqueens -n 10 --count --unique --strategy bitboard --threads 2)
bt_cli_test(units.threads_bitboard_wide EXIT 3 STDERR "stopped: time limit reached"
            ARGS nqueens -n 40 --count --strategy bitboard --threads 2 --time-limit 0.5)
bt_cli_test(units.threads_n1_unique EXIT 0 STDOUT "^count: 1\nunique: 1\n$"
            ARGS nqueens -n 1 --count --unique --threads 2)
bt_cli_test(units.threads_n2_unique EXIT 1 STDOUT "^count: 0\nunique: 0\n$"
            ARGS nqueens -n 2 --count --unique --threads 2)
bt_cli_test(units.threads_n3_unique EXIT 1 STDOUT "^count: 0\nunique: 0\n$"
            ARGS nqueens -n 3 --count --unique --threads 2)
bt_cli_test(units.threads_board_unique EXIT 0 STDOUT "^count: 92\nunique: 12\n$"
            ARGS nqueens -n 8 --count --unique --strategy board --threads 2)
bt_cli_test(units.threads_engine EXIT 0 STDOUT "^count: 40\n$"
            ARGS nqueens -n 7 --count --strategy mrv+fc --threads 2)
bt_cli_test(units.threads_colouring EXIT 0 STDOUT "^count: 240\n$"
            ARGS colouring --queen-graph 5x5 -m 5 --count --threads 2)
add_test(NAME cli.units.threads
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/threads.sh $<TARGET_FILE:btsolve>
                 ${BT_TEST_DATA}/nqueens/counts.csv)
set_tests_properties(cli.units.threads PROPERTIES LABELS cli TIMEOUT 300)

if(TARGET btsolve-mpi)
  # Open MPI refuses root unless told, and wants --oversubscribe for 2 ranks on a small machine.
  set(bt_mpirun ${MPIEXEC_EXECUTABLE} -np 2 --oversubscribe)
  execute_process(COMMAND id -u OUTPUT_VARIABLE bt_uid OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(bt_uid STREQUAL "0")
    list(APPEND bt_mpirun --allow-run-as-root)
  endif()
  foreach(part counts more)
    add_test(NAME mpi.${part}
             COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mpi.sh ${part} ${BT_TEST_DATA}/nqueens/counts.csv
                     $<TARGET_FILE:btsolve> $<TARGET_FILE:btsolve-mpi> ${bt_mpirun})
  endforeach()
  add_test(NAME mpi.same_errors
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/same_errors.sh $<TARGET_FILE:btsolve>
                   $<TARGET_FILE:btsolve-mpi> ${bt_mpirun})
  # Every failure ends the job (issue 27): misc on 2 ranks, ranks killed at random on 2 and 3.
  add_test(NAME mpi.faults
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mpi_faults.sh misc ${BT_TEST_DATA}/nqueens/counts.csv
                   $<TARGET_FILE:btsolve-mpi> ${bt_mpirun})
  add_test(NAME mpi.faults_kill
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/mpi_faults.sh kill ${BT_TEST_DATA}/nqueens/counts.csv
                   $<TARGET_FILE:btsolve-mpi> ${bt_mpirun})
  # Open MPI's own allocations look like leaks to LeakSanitizer: leak checks off for these only.
  set_tests_properties(mpi.counts mpi.more mpi.faults mpi.faults_kill mpi.same_errors PROPERTIES LABELS "mpi;cli"
                       TIMEOUT 180 ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  # The longest first (tests/example/CMakeLists.txt says why).
  set_tests_properties(mpi.faults_kill PROPERTIES COST 40)
  set_tests_properties(mpi.faults PROPERTIES COST 15)
endif()
