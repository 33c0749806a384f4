# cmake -DMYSOLVE=... -P exit_code.cmake: `mysolve langford -n 5` has no solution: exit 1
# exactly (not 2 for bad usage or 70 for an internal error), a one-line note, no output.
execute_process(COMMAND ${MYSOLVE} langford -n 5 RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT out STREQUAL "" OR NOT err STREQUAL "no solution\n")
  message(FATAL_ERROR "langford -n 5: exit ${rc}, stdout '${out}', stderr '${err}'")
endif()
