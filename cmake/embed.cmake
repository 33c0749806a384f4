# bt_embed(OUTPUT file.cpp NAMESPACE ns FILES symbol path ...): at build time, a C++ file
# defining `extern const char* const ns::symbol` for each file, its text as a raw string
# literal, so assets (the --replay page's HTML, CSS and JavaScript) stay real files.
function(bt_embed)
  cmake_parse_arguments(E "" "OUTPUT;NAMESPACE" "FILES" ${ARGN})
  set(depends)
  set(pairs)
  while(E_FILES)
    list(POP_FRONT E_FILES symbol path)
    get_filename_component(path ${path} ABSOLUTE)
    list(APPEND depends ${path})
    list(APPEND pairs "${symbol}=${path}")
  endwhile()
  string(REPLACE ";" "|" pairs "${pairs}")
  add_custom_command(OUTPUT ${E_OUTPUT}
                     COMMAND ${CMAKE_COMMAND} -DOUTPUT=${E_OUTPUT} -DNAMESPACE=${E_NAMESPACE}
                             "-DPAIRS=${pairs}" -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
                     DEPENDS ${depends} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
                     COMMENT "Embedding ${E_NAMESPACE} assets" VERBATIM)
  # The viewer's script is longer than the 65,536 characters the standard makes every
  # compiler accept in one literal; GCC and Clang (the only compilers built with) have no
  # such limit, and Clang's -Wpedantic would otherwise fail the -Werror builds.
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    set_source_files_properties(${E_OUTPUT} PROPERTIES COMPILE_OPTIONS -Wno-overlength-strings)
  endif()
endfunction()
