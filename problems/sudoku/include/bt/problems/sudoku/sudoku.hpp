// SPDX-License-Identifier: MIT
// Sudoku in one include: the line format and verifier (grid.hpp), the board's units
// (units.hpp), the channelled CSP model (model.hpp) and the cells-only one (cell_model.hpp).
#pragma once

#include <bt/problems/sudoku/cell_model.hpp>
#include <bt/problems/sudoku/grid.hpp>
#include <bt/problems/sudoku/model.hpp>
#include <bt/problems/sudoku/units.hpp>
