// SPDX-License-Identifier: MIT
// Umbrella header of the sum-of-subsets problem: instances and their files, both strategies,
// the counting methods and the trace.
#pragma once

#include <bt/problems/subsets/count.hpp>
#include <bt/problems/subsets/instance.hpp>
#include <bt/problems/subsets/io.hpp>
#include <bt/problems/subsets/order.hpp>
#include <bt/problems/subsets/print.hpp>
#include <bt/problems/subsets/reach.hpp>
#include <bt/problems/subsets/reachability.hpp>
#include <bt/problems/subsets/strategy.hpp>
#include <bt/problems/subsets/textbook.hpp>
#include <bt/problems/subsets/trace.hpp>
