// SPDX-License-Identifier: MIT
// The CSP layer in one include: models, switches, the solver state, its trace words.
#pragma once

#include <bt/csp/bitset.hpp>
#include <bt/csp/describer.hpp>
#include <bt/csp/model.hpp>
#include <bt/csp/options.hpp>
#include <bt/csp/solver.hpp>
