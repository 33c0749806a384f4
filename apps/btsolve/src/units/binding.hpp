// SPDX-License-Identifier: MIT
// What binds a work unit's record to its count (docs/cluster.md, "What binds a unit to its
// count"): the count's parameters (problem, options, strategy, split, unit numbering) and the
// SHA-256 of every input's content as read, in one line; its digest, which every result line
// and every checkpoint record carries; and, when records disagree, the words that say what
// differs. The seal of a record (a checksum, or a MAC under a key) is key.hpp's.
#pragma once

#include <string>
#include <vector>

#include <btsolve/input.hpp>

namespace btsolve {

/// The format of result lines and checkpoints that this btsolve writes and reads. Format 1
/// (an unkeyed FNV-1a sum over each line, checkpoint records not bound to their count) is
/// refused with a message saying so.
inline constexpr int record_format = 2;

/// The parameters of a count as its records carry them: `params` (unit_source::params()),
/// then "input=sha256:HEX" for the inputs read (several joined by ';').
std::string bound_params(const std::string& params, const std::vector<input_read>& inputs);

/// The digest of bound parameters: the first 32 hex digits of SHA-256 over the record format
/// and the parameters.
std::string params_digest(const std::string& params);

/// What differs between the parameters of a record (`theirs`) and of this count (`ours`), as
/// words for a one-line message (`there` and `here` name the two): "the input's content
/// (sha256:3f2a9c1b... there, sha256:77aa0e12... here)", "the problem (nqueens there, colouring
/// here)", "n (11 there, 10 here)". Empty when they are the same.
std::string params_difference(const std::string& theirs, const std::string& ours,
                              const std::string& there = "there", const std::string& here = "here");

}  // namespace btsolve
