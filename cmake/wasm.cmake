# The WebAssembly build (emscripten; docs/studio.md): the libraries the native build takes from
# Debian's binary packages are made here for wasm32 instead. Header-only ones (Boost, range-v3,
# nlohmann-json) are Debian's own headers, seen through a folder of links so the rest of
# /usr/include (glibc's) stays out of the emscripten sysroot's way; compiled ones
# (Boost.Program_options, CaDiCaL, GLPK) are prebuilt static libraries in BT_WASM_DEPS, which
# .ci/studio builds once from Debian's source packages (cmake/wasm-deps) into its cache and
# reuses; oneTBB is a single-threaded subset (apps/studio/wasm/include/oneapi/tbb), since the
# page runs on one thread.
set(BT_WASM_DEPS "" CACHE PATH
    "The third-party libraries built for wasm32: lib/*.a and include/ (.ci/studio makes it)")
foreach(lib boost_program_options cadical glpk)
  if(NOT EXISTS "${BT_WASM_DEPS}/lib/lib${lib}.a")
    message(FATAL_ERROR "BT_WASM_DEPS (${BT_WASM_DEPS}) lacks lib/lib${lib}.a: run "
                        "bash .ci/studio, which builds them (cmake/wasm-deps)")
  endif()
endforeach()

# Debian's header-only libraries, through links (only these folders of /usr/include).
set(bt_host_include "${CMAKE_BINARY_DIR}/host-include")
file(MAKE_DIRECTORY ${bt_host_include})
foreach(dir boost nlohmann range meta concepts std)
  if(NOT EXISTS "/usr/include/${dir}")
    message(FATAL_ERROR "/usr/include/${dir} is missing: .ci/setup installs it")
  endif()
  file(CREATE_LINK "/usr/include/${dir}" "${bt_host_include}/${dir}" SYMBOLIC)
endforeach()
include_directories(SYSTEM ${bt_host_include})

# emcc's JavaScript passes need Debian's node-acorn (/usr/share/nodejs), which a Node.js other
# than Debian's own (NodeSource's, as on CI machines) does not look in: the link says where.
if(EXISTS /usr/share/nodejs/acorn)
  set(CMAKE_CXX_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
endif()

# Exceptions are how the runner reports bad input: WebAssembly's own, not JavaScript's (which
# would route every call that may throw through JavaScript).
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

add_library(bt_wasm_headers INTERFACE)
add_library(Boost::headers ALIAS bt_wasm_headers)
add_library(nlohmann_json::nlohmann_json ALIAS bt_wasm_headers)

add_library(bt_wasm_tbb INTERFACE)
target_include_directories(bt_wasm_tbb SYSTEM INTERFACE
                           ${PROJECT_SOURCE_DIR}/apps/studio/wasm/include)
add_library(TBB::tbb ALIAS bt_wasm_tbb)

add_library(bt_wasm_program_options STATIC IMPORTED GLOBAL)
set_target_properties(bt_wasm_program_options PROPERTIES
  IMPORTED_LOCATION "${BT_WASM_DEPS}/lib/libboost_program_options.a"
  INTERFACE_COMPILE_DEFINITIONS BOOST_ALL_NO_LIB)
add_library(Boost::program_options ALIAS bt_wasm_program_options)
add_library(bt_wasm_cadical STATIC IMPORTED GLOBAL)
set_target_properties(bt_wasm_cadical PROPERTIES
                      IMPORTED_LOCATION "${BT_WASM_DEPS}/lib/libcadical.a")
set(CADICAL_LIBRARY bt_wasm_cadical CACHE STRING "CaDiCaL (wasm: prebuilt, BT_WASM_DEPS)")
add_library(bt_wasm_glpk STATIC IMPORTED GLOBAL)
set_target_properties(bt_wasm_glpk PROPERTIES IMPORTED_LOCATION "${BT_WASM_DEPS}/lib/libglpk.a")
set(GLPK_LIBRARY bt_wasm_glpk CACHE STRING "GLPK (wasm: prebuilt, BT_WASM_DEPS)")

# The two public headers, through links in the same folder as the header-only libraries.
foreach(header cadical.hpp glpk.h)
  file(CREATE_LINK "${BT_WASM_DEPS}/include/${header}" "${bt_host_include}/${header}" SYMBOLIC)
endforeach()
set(CADICAL_INCLUDE_DIR ${bt_host_include} CACHE PATH "CaDiCaL's header (wasm: linked)")
set(GLPK_INCLUDE_DIR ${bt_host_include} CACHE PATH "GLPK's header (wasm: linked)")
