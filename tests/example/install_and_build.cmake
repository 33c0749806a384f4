# cmake -DBUILD_DIR=... -DEXAMPLE=... -DWORK=... -DGENERATOR=... -DCXX=... -DBUILD_TYPE=...
#       [-DCONFIG_FLAGS=...] -P install_and_build.cmake
# Install BUILD_DIR into WORK/prefix, build EXAMPLE against it in WORK/build (with the build
# type's flags CONFIG_FLAGS when given, as the installing build compiled), run its tests.
file(REMOVE_RECURSE ${WORK})

function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  message(STATUS "${what}: ok")
endfunction()

set(flags)
if(BUILD_TYPE AND DEFINED CONFIG_FLAGS)
  string(TOUPPER "${BUILD_TYPE}" config)
  set(flags "-DCMAKE_CXX_FLAGS_${config}=${CONFIG_FLAGS}")
endif()
step("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK}/prefix)
step("configure the example" ${CMAKE_COMMAND} -S ${EXAMPLE} -B ${WORK}/build -G ${GENERATOR}
     -DCMAKE_PREFIX_PATH=${WORK}/prefix -DCMAKE_CXX_COMPILER=${CXX}
     -DCMAKE_BUILD_TYPE=${BUILD_TYPE} ${flags})
step("build the example" ${CMAKE_COMMAND} --build ${WORK}/build -j1)
step("test the example" ${CMAKE_CTEST_COMMAND} --test-dir ${WORK}/build --output-on-failure)
