// SPDX-License-Identifier: MIT
// The message of an exception a call throws: what the tests of error messages compare.
#pragma once

#include <string>

namespace test_common {

/// The what() of the E that f() throws, or `none` when it throws nothing.
template <class E, class F>
std::string thrown_message(F f, const std::string& none = "") {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return none;
}

}  // namespace test_common
