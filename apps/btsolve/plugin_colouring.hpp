// SPDX-License-Identifier: MIT
#pragma once

#include "registry.hpp"

namespace btsolve {
/// Register `colouring` and its alias `coloring`.
void register_colouring(registry& r);
}  // namespace btsolve
