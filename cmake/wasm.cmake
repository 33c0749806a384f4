# The WebAssembly build (emscripten; docs/studio.md): the libraries the native build takes from
# Debian's binary packages are made here for wasm32 instead. Header-only ones (Boost, range-v3,
# nlohmann-json) are Debian's own headers, seen through a folder of links so the rest of
# /usr/include (glibc's) stays out of the emscripten sysroot's way; compiled ones
# (Boost.Program_options, CaDiCaL, GLPK) are built from Debian's source packages, which
# .ci/studio fetches and unpacks into BT_WASM_SOURCES; oneTBB is a single-threaded subset
# (apps/studio/wasm/include/oneapi/tbb), since the page runs on one thread.
set(BT_WASM_SOURCES "${PROJECT_SOURCE_DIR}/build/studio-sources" CACHE PATH
    "Debian's source packages unpacked for the WebAssembly build (.ci/studio makes it)")
file(GLOB bt_boost_src "${BT_WASM_SOURCES}/boost*/libs/program_options/src")
file(GLOB bt_cadical_src "${BT_WASM_SOURCES}/cadical*/src")
file(GLOB bt_glpk_src "${BT_WASM_SOURCES}/glpk*/src")
if(NOT bt_boost_src OR NOT bt_cadical_src OR NOT bt_glpk_src)
  message(FATAL_ERROR "BT_WASM_SOURCES (${BT_WASM_SOURCES}) lacks Debian's boost1.74, cadical "
                      "or glpk sources: run bash .ci/studio, which fetches them")
endif()

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

file(GLOB bt_po_files "${bt_boost_src}/*.cpp")
list(FILTER bt_po_files EXCLUDE REGEX "winmain\\.cpp$")
add_library(bt_wasm_program_options STATIC ${bt_po_files})
target_compile_definitions(bt_wasm_program_options PUBLIC BOOST_ALL_NO_LIB)
target_compile_options(bt_wasm_program_options PRIVATE -w)
add_library(Boost::program_options ALIAS bt_wasm_program_options)

file(GLOB bt_cadical_files "${bt_cadical_src}/*.cpp")
list(FILTER bt_cadical_files EXCLUDE REGEX "/(cadical|mobical)\\.cpp$")
add_library(bt_wasm_cadical STATIC ${bt_cadical_files})
# NBUILD: no build.hpp (the configure script's record of the build); the rest is CaDiCaL's.
target_compile_definitions(bt_wasm_cadical PRIVATE NBUILD NDEBUG)
target_compile_options(bt_wasm_cadical PRIVATE -w -O3)
set(CADICAL_LIBRARY bt_wasm_cadical CACHE STRING "CaDiCaL (wasm: built from source)")

file(GLOB_RECURSE bt_glpk_files "${bt_glpk_src}/*.c")
# proxy/main.c is a test program with its own main(), which the module would run at load.
list(FILTER bt_glpk_files EXCLUDE REGEX "/proxy/main\\.c$")
file(GLOB bt_glpk_dirs LIST_DIRECTORIES true "${bt_glpk_src}/*")
list(FILTER bt_glpk_dirs EXCLUDE REGEX "\\.[a-z]+$")
enable_language(C)
add_library(bt_wasm_glpk STATIC ${bt_glpk_files})
target_include_directories(bt_wasm_glpk PRIVATE ${bt_glpk_src} ${bt_glpk_dirs})
target_compile_options(bt_wasm_glpk PRIVATE -w -O2)
set(GLPK_LIBRARY bt_wasm_glpk CACHE STRING "GLPK (wasm: built from source)")

# The two public headers only, not the sources' folders (whose util.hpp, options.hpp... would
# shadow ours).
file(CREATE_LINK "${bt_cadical_src}/cadical.hpp" "${bt_host_include}/cadical.hpp" SYMBOLIC)
file(CREATE_LINK "${bt_glpk_src}/glpk.h" "${bt_host_include}/glpk.h" SYMBOLIC)
set(CADICAL_INCLUDE_DIR ${bt_host_include} CACHE PATH "CaDiCaL's header (wasm: linked)")
set(GLPK_INCLUDE_DIR ${bt_host_include} CACHE PATH "GLPK's header (wasm: linked)")
