// SPDX-License-Identifier: MIT
// The framework's only macros: code-generation hints for the engine's hot loop (engine.hpp).
#pragma once

/// Forces inlining of the engine's small dispatch functions in optimised builds: GCC 12 stops
/// inlining them inside the search loop and a visitor then costs a call per event.
#if defined(NDEBUG) && (defined(__GNUC__) || defined(__clang__))
#define BT_INLINE [[gnu::always_inline]] inline
#else
#define BT_INLINE inline
#endif

/// On the search functions: GCC 12's SLP vectorizer packs a small copy-discipline state (four
/// masks) into a vector register and then spills it to pass it by value, a store-forwarding
/// stall that made the bitboard 1.6x slower once any visitor was present.
#if defined(__GNUC__) && !defined(__clang__)
#define BT_SEARCH_FUNCTION [[gnu::optimize("no-tree-slp-vectorize")]]
#else
#define BT_SEARCH_FUNCTION
#endif
