# btsolve compare --plot writes an SVG naming every strategy and both measures.

# The first strategy's plot group in ${svg}: its points, and the line joining them if any.
macro(first_series)
  string(FIND "${svg}" "id=\"gnuplot_plot_1a\"" from)
  string(FIND "${svg}" "id=\"gnuplot_plot_2a\"" to)
  math(EXPR length "${to} - ${from}")
  string(SUBSTRING "${svg}" ${from} ${length} series)
endmacro()

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
foreach(want "<svg" ">board<" ">bitboard<" ">work<" ">seconds<" "nqueens: strategies compared")
  string(FIND "${svg}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "compare --plot: '${want}' not in ${SVG}")
  endif()
endforeach()
# Sizes are a scale: each strategy's points are joined by a line (a path in its plot group).
first_series()
if(from EQUAL -1 OR to EQUAL -1 OR NOT series MATCHES "<path")
  message(FATAL_ERROR "compare --plot over sizes: the first strategy's points are not joined")
endif()

# Inputs are unrelated: points over the inputs' names (with their colours), no line; --measure
# draws that measure alone.
file(REMOVE ${SVG})
execute_process(COMMAND ${BTSOLVE} compare colouring --inputs data/coloring/myciel3.col,data/coloring/c5.txt
                        --colours 4,3 --strategies textbook,dsatur --count --measure checks --plot ${SVG}
                ERROR_VARIABLE err RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0 OR NOT EXISTS ${SVG})
  message(FATAL_ERROR "compare --plot over inputs: exit ${rc}: ${err}")
endif()
file(READ ${SVG} svg)
foreach(want ">textbook<" ">dsatur<" ">checks<" ">myciel3.col (m=4)<" ">c5.txt (m=3)<")
  string(FIND "${svg}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "compare --plot over inputs: '${want}' not in ${SVG}")
  endif()
endforeach()
foreach(unwanted ">work<" ">nodes<" ">seconds<")
  string(FIND "${svg}" "${unwanted}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "compare --plot --measure checks: '${unwanted}' is drawn too")
  endif()
endforeach()
first_series()
if(from EQUAL -1 OR to EQUAL -1 OR series MATCHES "<path" OR NOT series MATCHES "<use")
  message(FATAL_ERROR "compare --plot over inputs: the first strategy is not drawn as points alone")
endif()
