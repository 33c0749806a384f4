// SPDX-License-Identifier: MIT
#pragma once

#include "registry.hpp"

namespace btsolve {
/// Register `subsets`.
void register_subsets(registry& r);
}  // namespace btsolve
