# bt_sanitizers: -fsanitize=${BT_SANITIZE} on every target we build (empty: nothing).
add_library(bt_sanitizers INTERFACE)
if(BT_SANITIZE)
  target_compile_options(bt_sanitizers INTERFACE
    -fsanitize=${BT_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(bt_sanitizers INTERFACE -fsanitize=${BT_SANITIZE})
endif()
