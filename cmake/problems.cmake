# The built-in problems, declared once: one bt_problem line each, in the order `btsolve list`
# shows them. Everything else is read off these lines: the top CMakeLists.txt adds each folder,
# apps/btsolve/CMakeLists.txt compiles each plugin into the runner, links its library and writes
# the registration list the runner calls (builtin_problems.hpp), cmake/install.cmake installs
# each library and its headers, and the test cli.list_is_the_declaration checks `btsolve list`
# against them. A problem added in tree is its folder, its plugin and one line here.
#
# bt_problem(NAME FOLDER folder LIBRARY target PLUGIN source... [IF condition...])
#   NAME     the problem's name; its plugin defines btsolve::register_<NAME>(registry&)
#   FOLDER   the folder, from the top of the tree, whose CMakeLists.txt makes LIBRARY
#   LIBRARY  the problem's library target (installed as btsolve::<NAME>; headers in FOLDER/include)
#   PLUGIN   its description's sources, under apps/btsolve/src/plugins
#   IF       when the build has the problem at all (a CMake condition; always by default)
# The problems of this build, in order, are BT_PROBLEMS; each one's fields BT_PROBLEM_<NAME>_FOLDER,
# _LIBRARY and _PLUGIN.
function(bt_problem name)
  cmake_parse_arguments(P "" "FOLDER;LIBRARY" "PLUGIN;IF" ${ARGN})
  if(NOT P_FOLDER OR NOT P_LIBRARY OR NOT P_PLUGIN OR P_UNPARSED_ARGUMENTS)
    list(JOIN ARGN " " line)
    message(FATAL_ERROR "bt_problem(${name} ${line}): FOLDER, LIBRARY and PLUGIN are required, "
                        "IF is optional, nothing else is read")
  endif()
  if(name IN_LIST BT_PROBLEMS)
    message(FATAL_ERROR "bt_problem(${name}): declared twice")
  endif()
  if(DEFINED P_IF AND NOT (${P_IF}))
    return()
  endif()
  set(BT_PROBLEMS ${BT_PROBLEMS} ${name} PARENT_SCOPE)
  set(BT_PROBLEM_${name}_FOLDER ${P_FOLDER} PARENT_SCOPE)
  set(BT_PROBLEM_${name}_LIBRARY ${P_LIBRARY} PARENT_SCOPE)
  set(BT_PROBLEM_${name}_PLUGIN ${P_PLUGIN} PARENT_SCOPE)
endfunction()

set(BT_PROBLEMS)
bt_problem(nqueens     FOLDER problems/nqueens     LIBRARY bt_nqueens
                       PLUGIN nqueens/plugin.cpp nqueens/units.cpp)
bt_problem(colouring   FOLDER problems/colouring   LIBRARY bt_colouring   PLUGIN colouring.cpp)
bt_problem(hamiltonian FOLDER problems/hamiltonian LIBRARY bt_hamiltonian PLUGIN hamiltonian.cpp)
bt_problem(subsets     FOLDER problems/subsets     LIBRARY bt_subsets     PLUGIN subsets.cpp)
bt_problem(sudoku      FOLDER problems/sudoku      LIBRARY bt_sudoku      PLUGIN sudoku.cpp)
bt_problem(knapsack    FOLDER problems/knapsack    LIBRARY bt_knapsack    PLUGIN knapsack.cpp)
bt_problem(tsp         FOLDER problems/tsp         LIBRARY bt_tsp         PLUGIN tsp.cpp)
# FlatZinc and MiniZinc models (docs/minizinc.md): not in the browser build, which has no MiniZinc.
bt_problem(flatzinc    FOLDER flatzinc             LIBRARY bt_flatzinc    PLUGIN flatzinc.cpp
                       IF NOT EMSCRIPTEN)
