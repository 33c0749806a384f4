// SPDX-License-Identifier: MIT
// The built-in problems' registration functions, one per file under plugins/: declared from the
// problem list (cmake/problems.cmake), which CMake writes into builtin_problems.hpp.
#pragma once

#include "builtin_problems.hpp"
