#pragma once
// Reads of tables: T[cap], T[cap][ws], T.get(cap, d), cap in T, and what a
// missing key does at each (KeyError, default, guard).
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

void extractLookups(PyContext& ctx, const std::vector<Capture>& lookups, const std::vector<Capture>& comparisons);

}  // namespace archscan::py
