# cmake -DDOC=docs/adding-a-problem.md -P tutorial_release.cmake: every command of the tutorial
# that configures a build of the example sets a build type of Release (issue 30): without one,
# CMake compiles the author's runner with no optimisation.
file(STRINGS ${DOC} lines REGEX "^cmake -S ")
if(NOT lines)
  message(FATAL_ERROR "${DOC}: no 'cmake -S' command")
endif()
foreach(line IN LISTS lines)
  if(NOT line MATCHES "-DCMAKE_BUILD_TYPE=Release( |$)")
    message(FATAL_ERROR "${DOC}: no Release build type: ${line}")
  endif()
endforeach()
