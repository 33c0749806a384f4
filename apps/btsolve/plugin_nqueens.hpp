// SPDX-License-Identifier: MIT
#pragma once

#include "registry.hpp"

namespace btsolve {
/// Register `nqueens`.
void register_nqueens(registry& r);
}  // namespace btsolve
