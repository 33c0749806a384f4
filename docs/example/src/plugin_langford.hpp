// SPDX-License-Identifier: MIT
#pragma once

#include <btsolve/registry.hpp>

namespace langford {
/// Register `langford` in r.
void register_plugin(btsolve::registry& r);
}  // namespace langford
