// SPDX-License-Identifier: MIT
#pragma once

#include "registry.hpp"

namespace btsolve {
/// Register `sudoku`.
void register_sudoku(registry& r);
}  // namespace btsolve
