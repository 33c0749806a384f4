# bt_warnings: the project's warning flags, linked PRIVATE into every target we build.
add_library(bt_warnings INTERFACE)
target_compile_options(bt_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast
  -Wcast-qual -Wnon-virtual-dtor -Woverloaded-virtual -Wimplicit-fallthrough
  -Wextra-semi -Wdouble-promotion -Wformat=2
  $<$<CXX_COMPILER_ID:GNU>:-Wduplicated-cond -Wlogical-op -Wsuggest-override>
  # GCC 12 at -O3 reports a false -Wrestrict inside libstdc++'s std::string operator+
  # (GCC bug 105329); it is not about our code.
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
if(BT_WARNINGS_AS_ERRORS)
  target_compile_options(bt_warnings INTERFACE -Werror)
endif()
