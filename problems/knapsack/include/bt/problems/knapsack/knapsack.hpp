// SPDX-License-Identifier: MIT
// Umbrella header of the 0/1 knapsack: instances and their files, the orders and bounds, the
// strategies' problem types, the dynamic programme and the trace.
#pragma once

#include <bt/problems/knapsack/bounds.hpp>
#include <bt/problems/knapsack/dp.hpp>
#include <bt/problems/knapsack/instance.hpp>
#include <bt/problems/knapsack/io.hpp>
#include <bt/problems/knapsack/order.hpp>
#include <bt/problems/knapsack/search.hpp>
#include <bt/problems/knapsack/strategy.hpp>
#include <bt/problems/knapsack/trace.hpp>
