// SPDX-License-Identifier: MIT
// Sudoku in one include: the line format and verifier (grid.hpp), the CSP model (model.hpp).
#pragma once

#include <bt/problems/sudoku/grid.hpp>
#include <bt/problems/sudoku/model.hpp>
