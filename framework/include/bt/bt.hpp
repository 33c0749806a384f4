// SPDX-License-Identifier: MIT
// Umbrella header: the whole engine API.
#pragma once

#include <bt/assignment.hpp>
#include <bt/concepts.hpp>
#include <bt/engine.hpp>
#include <bt/events.hpp>
#include <bt/limits.hpp>
#include <bt/ranges.hpp>
#include <bt/stats.hpp>
#include <bt/trace.hpp>
#include <bt/visitors.hpp>
