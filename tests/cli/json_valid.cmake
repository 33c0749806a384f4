# cmake -DBTSOLVE=... -P json_valid.cmake (working directory tests/): stdout is one valid JSON
# document in every format of every problem that writes JSON, also with --trace (whose lines
# go into the document's "trace" array) and when stopped by a limit.
set(runs
  "nqueens|-n|4|--strategy|board|--trace"
  "nqueens|-n|5|--strategy|mrv+fc+cbj|--trace|--all"
  "nqueens|-n|8|--count|--unique"
  "nqueens|-n|22|--count|--node-limit|5000"
  "nqueens|-n|6|--strategy|min-conflicts"
  "colouring|-i|data/coloring/c5.txt|-m|3|--trace|--all"
  "colouring|-i|data/coloring/c5.txt|-m|3|--strategy|fc|--trace"
  "colouring|-i|data/coloring/myciel3.col|--chromatic|--trace"
  "hamiltonian|-i|data/hamiltonian/k4.hcp|--strategy|pruned|--trace|--all"
  "hamiltonian|-i|data/hamiltonian/k4.hcp|--trace"
  "hamiltonian|--petersen|--trace"
  "subsets|--weights|5,10,12,13,15,18|--target|30|--strategy|textbook|--trace|--all"
  "subsets|--weights|5,10,12,13,15,18|--target|30|--count|--stats"
  "sudoku|-i|data/sudoku/one.txt|--trace"
  "sudoku|-i|data/sudoku/cases.txt|--count|--strategy|dom-wdeg+mac"
  "knapsack|-i|data/knapsack/hs_lcbb4.txt|--trace"
  "knapsack|-i|data/knapsack/hs_bknap8.txt|--all|--strategy|plain"
  "tsp|-i|data/tsp/burma14.tsp|--trace"
  "tsp|-i|data/tsp/eil76.tsp|--strategy|plain|--node-limit|2000")
foreach(run ${runs})
  string(REPLACE "|" ";" args "${run}")
  execute_process(COMMAND ${BTSOLVE} ${args} --format json OUTPUT_VARIABLE out
                  ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REPLACE ";" " " shown "${args}")
  if(NOT rc MATCHES "^[0-3]$")
    message(FATAL_ERROR "btsolve ${shown} --format json: exit ${rc}: ${err}")
  endif()
  string(JSON problem ERROR_VARIABLE bad GET "${out}" problem)
  if(bad OR NOT out MATCHES "^{[^\n]*}\n$")
    message(FATAL_ERROR "btsolve ${shown} --format json: not one JSON document (${bad}):\n${out}")
  endif()
  string(JSON count ERROR_VARIABLE bad GET "${out}" count)
  if(bad)
    message(FATAL_ERROR "btsolve ${shown} --format json: no count (${bad}):\n${out}")
  endif()
  if(run MATCHES "--trace")
    string(JSON lines ERROR_VARIABLE bad LENGTH "${out}" trace)
    if(bad OR lines EQUAL 0)
      if(NOT run MATCHES "chromatic")  # myciel3's chromatic number needs no exact search
        message(FATAL_ERROR "btsolve ${shown} --format json: no trace lines:\n${out}")
      endif()
    endif()
  endif()
endforeach()
