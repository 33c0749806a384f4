// SPDX-License-Identifier: MIT
#pragma once

#include "registry.hpp"

namespace btsolve {
/// Register `hamiltonian`.
void register_hamiltonian(registry& r);
}  // namespace btsolve
