# --tree: the file is a DOT digraph with the 4-queens tree (17 nodes with the root, 44 failed
# candidates), its title counting as --stats, its nodes numbered, truncated when capped; Graphviz's dot must read it when it is installed. The
# files of an earlier run are removed first: a run that writes nothing must fail here.
file(REMOVE ${OUT}/q4.dot ${OUT}/q8.dot ${OUT}/q4.svg ${OUT}/q8.svg)
execute_process(COMMAND ${BTSOLVE} nqueens -n 4 --strategy board --count --tree ${OUT}/q4.dot
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "btsolve --tree: exit ${rc}")
endif()
file(READ ${OUT}/q4.dot dot)
string(REGEX MATCHALL "rejected: not consistent" rejected "${dot}")
string(REGEX MATCHALL " -> " edges "${dot}")
string(REGEX MATCHALL "nsolution\"" solutions "${dot}")
list(LENGTH rejected nr)
list(LENGTH edges ne)
list(LENGTH solutions ns)
if(NOT dot MATCHES "^digraph search_tree {" OR NOT nr EQUAL 44 OR NOT ne EQUAL 60 OR NOT ns EQUAL 2
   OR NOT dot MATCHES "label=\"#[0-9]+ Q1=2\"" OR dot MATCHES "truncated")
  message(FATAL_ERROR "unexpected tree (${nr} rejected, ${ne} edges, ${ns} solutions):\n${dot}")
endif()
# The title counts as --stats does (17 nodes, 44 value-level prunes, 16 backtracks, 2
# solutions), and the nodes are numbered 1..17 in visiting order: the root is #1, Q1=1 #2.
if(NOT dot MATCHES "label=\"search tree: 17 nodes, 44 rejected candidates, 0 pruned, 16 backtracks, 2 solutions\""
   OR NOT dot MATCHES "label=\"#1 root\"" OR NOT dot MATCHES "label=\"#2 Q1=1"
   OR NOT dot MATCHES "label=\"#17 " OR dot MATCHES "label=\"#18 ")
  message(FATAL_ERROR "title or numbering does not match --stats:\n${dot}")
endif()
# --tree-hide-rejected: the 16 nodes below the root only, the title still counting the 44.
file(REMOVE ${OUT}/q4h.dot)
execute_process(COMMAND ${BTSOLVE} nqueens -n 4 --strategy board --count --tree ${OUT}/q4h.dot
                        --tree-hide-rejected RESULT_VARIABLE rc OUTPUT_QUIET)
file(READ ${OUT}/q4h.dot doth)
string(REGEX MATCHALL " -> " edgesh "${doth}")
list(LENGTH edgesh neh)
if(NOT rc EQUAL 0 OR NOT neh EQUAL 16 OR doth MATCHES "rejected: not consistent"
   OR NOT doth MATCHES "44 rejected candidates \\(not drawn\\)")
  message(FATAL_ERROR "--tree-hide-rejected: exit ${rc}, ${neh} edges:\n${doth}")
endif()
execute_process(COMMAND ${BTSOLVE} nqueens -n 8 --all --tree ${OUT}/q8.dot --tree-max-nodes 30
                RESULT_VARIABLE rc OUTPUT_QUIET)
file(READ ${OUT}/q8.dot dot8)
string(REGEX MATCHALL " -> " edges8 "${dot8}")
list(LENGTH edges8 ne8)
if(NOT rc EQUAL 0 OR NOT ne8 EQUAL 29 OR NOT dot8 MATCHES "truncated")
  message(FATAL_ERROR "capped tree: exit ${rc}, ${ne8} edges:\n${dot8}")
endif()
find_program(DOT dot)
if(DOT)
  foreach(f q4 q8)
    execute_process(COMMAND ${DOT} -Tsvg ${OUT}/${f}.dot -o ${OUT}/${f}.svg RESULT_VARIABLE rc
                    ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "dot -Tsvg ${f}.dot failed: ${err}")
    endif()
  endforeach()
else()
  message(STATUS "graphviz not installed: the DOT syntax was checked by structure only")
endif()
