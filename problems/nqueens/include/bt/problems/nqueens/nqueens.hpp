// SPDX-License-Identifier: MIT
// Umbrella header of the N-Queens problem: its five textbook representations, the heuristic
// search and min-conflicts for large boards, pre-placement, symmetry and the textbook trace.
#pragma once

#include <bt/problems/nqueens/arrays.hpp>
#include <bt/problems/nqueens/attack.hpp>
#include <bt/problems/nqueens/bitboard.hpp>
#include <bt/problems/nqueens/board.hpp>
#include <bt/problems/nqueens/count.hpp>
#include <bt/problems/nqueens/heuristic.hpp>
#include <bt/problems/nqueens/min_conflicts.hpp>
#include <bt/problems/nqueens/naive.hpp>
#include <bt/problems/nqueens/placement.hpp>
#include <bt/problems/nqueens/strategy.hpp>
#include <bt/problems/nqueens/symmetry.hpp>
#include <bt/problems/nqueens/trace.hpp>
