// SPDX-License-Identifier: MIT
// Umbrella header of the travelling salesman: instances and their files, the path search and
// its bounds, the strategies, the Held-Karp programme and the trace.
#pragma once

#include <bt/problems/tsp/dp.hpp>
#include <bt/problems/tsp/instance.hpp>
#include <bt/problems/tsp/io.hpp>
#include <bt/problems/tsp/one_tree.hpp>
#include <bt/problems/tsp/reduced.hpp>
#include <bt/problems/tsp/search.hpp>
#include <bt/problems/tsp/strategy.hpp>
#include <bt/problems/tsp/tour.hpp>
#include <bt/problems/tsp/trace.hpp>
#include <bt/problems/tsp/tsplib.hpp>
