// SPDX-License-Identifier: MIT
// Umbrella header of graph colouring: the m-colouring models (textbook, dsatur), the chromatic
// number, and the pieces they are made of.
#pragma once

#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/chromatic.hpp>
#include <bt/problems/colouring/clique.hpp>
#include <bt/problems/colouring/cover.hpp>
#include <bt/problems/colouring/dsatur.hpp>
#include <bt/problems/colouring/greedy.hpp>
#include <bt/problems/colouring/independent_sets.hpp>
#include <bt/problems/colouring/mycielskian.hpp>
#include <bt/problems/colouring/reduce.hpp>
#include <bt/problems/colouring/renaming.hpp>
#include <bt/problems/colouring/strategy.hpp>
#include <bt/problems/colouring/tabucol.hpp>
#include <bt/problems/colouring/textbook.hpp>
#include <bt/problems/colouring/trace.hpp>
#include <bt/problems/colouring/verify.hpp>
#include <bt/problems/colouring/vertex_set.hpp>
