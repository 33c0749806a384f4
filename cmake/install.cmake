# cmake --install: the headers, the runner library, the btsolve executable and a CMake package,
# so an outside project does find_package(btsolve CONFIG REQUIRED) and links btsolve::framework,
# btsolve::runner (its own runner beside the built-in problems), btsolve::cp (the constraint
# layer) or btsolve::testing.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(BT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/btsolve)

# target -> name after btsolve:: (bt_warnings and bt_sanitizers go along because the static
# runner links them privately; only their link options, the sanitizer runtime, reach users),
# the built-in problems' from their list (cmake/problems.cmake).
set(bt_exported bt_framework framework  bt_parallel parallel  bt_graph graph  bt_cp cp)
foreach(problem IN LISTS BT_PROBLEMS)
  list(APPEND bt_exported ${BT_PROBLEM_${problem}_LIBRARY} ${problem})
endforeach()
list(APPEND bt_exported
  btsolve_runner runner  bt_warnings detail_warnings  bt_sanitizers detail_sanitizers)
set(bt_export_targets)
while(bt_exported)
  list(POP_FRONT bt_exported target name)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  # The same name in the build tree, so code reads the same in and out of it.
  add_library(btsolve::${name} ALIAS ${target})
  list(APPEND bt_export_targets ${target})
endwhile()

install(TARGETS ${bt_export_targets} EXPORT btsolveTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS btsolve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY framework/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY problems/graph/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(problem IN LISTS BT_PROBLEMS)
  install(DIRECTORY ${BT_PROBLEM_${problem}_FOLDER}/include/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()
# The runner's public face only: its src/ headers are private to it.
install(DIRECTORY apps/btsolve/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT btsolveTargets NAMESPACE btsolve:: DESTINATION ${BT_INSTALL_CMAKEDIR})

# The conformance kit needs GoogleTest: its own export set, loaded when the user has GTest.
if(TARGET bt_testing)
  set_target_properties(bt_testing PROPERTIES EXPORT_NAME testing)
  add_library(btsolve::testing ALIAS bt_testing)
  install(TARGETS bt_testing EXPORT btsolveTestingTargets)
  install(DIRECTORY testing/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT btsolveTestingTargets NAMESPACE btsolve:: DESTINATION ${BT_INSTALL_CMAKEDIR})
endif()

# The MPI runner (run_mpi) needs MPI: its own export set, loaded when the user has MPI.
if(TARGET btsolve_mpi)
  set_target_properties(btsolve_mpi PROPERTIES EXPORT_NAME mpi)
  add_library(btsolve::mpi ALIAS btsolve_mpi)
  install(TARGETS btsolve_mpi EXPORT btsolveMpiTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(TARGETS btsolve-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT btsolveMpiTargets NAMESPACE btsolve:: DESTINATION ${BT_INSTALL_CMAKEDIR})
endif()

configure_package_config_file(cmake/btsolveConfig.cmake.in
  ${PROJECT_BINARY_DIR}/btsolveConfig.cmake INSTALL_DESTINATION ${BT_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/btsolveConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/btsolveConfig.cmake
              ${PROJECT_BINARY_DIR}/btsolveConfigVersion.cmake
        DESTINATION ${BT_INSTALL_CMAKEDIR})
