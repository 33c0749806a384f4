# cmake -DJS=btsolve.js -P hoist-wasm.cmake: moves the WebAssembly module that -sSINGLE_FILE
# embeds in btsolve.js (a base64 data URI inside the module's factory function) to a variable at
# the top of the file, btsolveWasmBase64, which btsolve-api.js decodes and hands to the factory
# as Module.wasmBinary. The file stays one self-contained script (file:// needs that), but the
# browser now reads the 4.7 MB string once, at the top level, instead of pre-parsing it with the
# factory and parsing it again when the factory runs, and decodes it without fetching a data: URI:
# the page is ready in about half the time (docs/performance.md, "The course studio").
# Run again on a file already hoisted, it changes nothing.
if(NOT JS OR NOT EXISTS "${JS}")
  message(FATAL_ERROR "hoist-wasm.cmake: JS (${JS}) is not a file")
endif()
file(READ "${JS}" js)
set(marker "wasmBinaryFile=\"data:application/octet-stream;base64,")
string(FIND "${js}" "${marker}" at)
if(at LESS 0)
  message(FATAL_ERROR "hoist-wasm.cmake: no embedded module in ${JS} (was it linked with -sSINGLE_FILE=1?)")
endif()
string(LENGTH "${marker}" skip)
math(EXPR from "${at} + ${skip}")
string(SUBSTRING "${js}" 0 ${from} head)
string(SUBSTRING "${js}" ${from} -1 rest)
string(FIND "${rest}" "\"" end)
string(SUBSTRING "${rest}" 0 ${end} base64)
string(SUBSTRING "${rest}" ${end} -1 tail)
if(base64 STREQUAL "")
  return()  # hoisted already
endif()
if(NOT base64 MATCHES "^[A-Za-z0-9+/]")
  message(FATAL_ERROR "hoist-wasm.cmake: the embedded module in ${JS} is not base64")
endif()
file(WRITE "${JS}" "var btsolveWasmBase64=\"${base64}\";\n${head}${tail}")
