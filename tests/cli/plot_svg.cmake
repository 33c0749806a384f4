# btsolve compare --plot writes an SVG naming every strategy and both measures.
file(REMOVE ${SVG})
execute_process(COMMAND ${BTSOLVE} compare nqueens -n 4..6 --strategies board,mrv-less-bitboard
                        --plot ${SVG}
                ERROR_VARIABLE err RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 2 OR EXISTS ${SVG})
  message(FATAL_ERROR "an unknown strategy must fail before plotting: exit ${rc}")
endif()
execute_process(COMMAND ${BTSOLVE} compare nqueens -n 4..6 --strategies board,bitboard --plot ${SVG}
                ERROR_VARIABLE err RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0 OR NOT EXISTS ${SVG})
  message(FATAL_ERROR "compare --plot: exit ${rc}: ${err}")
endif()
file(READ ${SVG} svg)
foreach(want "<svg" ">board<" ">bitboard<" ">nodes<" ">seconds<" "nqueens: strategies compared")
  string(FIND "${svg}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "compare --plot: '${want}' not in ${SVG}")
  endif()
endforeach()
