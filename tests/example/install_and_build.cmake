# cmake -DBUILD_DIR=... -DEXAMPLE=... -DWORK=... -DGENERATOR=... -DCXX=... -DBUILD_TYPE=...
#       -P install_and_build.cmake
# Install BUILD_DIR into WORK/prefix, build EXAMPLE against it in WORK/build, run its tests.
file(REMOVE_RECURSE ${WORK})

function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  message(STATUS "${what}: ok")
endfunction()

step("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK}/prefix)
step("configure the example" ${CMAKE_COMMAND} -S ${EXAMPLE} -B ${WORK}/build -G ${GENERATOR}
     -DCMAKE_PREFIX_PATH=${WORK}/prefix -DCMAKE_CXX_COMPILER=${CXX}
     -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
step("build the example" ${CMAKE_COMMAND} --build ${WORK}/build -j2)
step("test the example" ${CMAKE_CTEST_COMMAND} --test-dir ${WORK}/build --output-on-failure)
