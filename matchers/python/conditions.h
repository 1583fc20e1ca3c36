#pragma once
// Sites made of comparisons: if/elif chains (and runs of `if ...: return` on
// one subject), match/case, asserts, and lone comparisons elsewhere.
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

void extractBranches(PyContext& ctx, const std::vector<Capture>& branches);
void extractLoneComparisons(PyContext& ctx, const std::vector<Capture>& comparisons);

// What a predicate helper returns true for, when its body says so with a
// one-sided range test on a capability: `return major >= 9`, or `if cc[0] <
// 10: return False` before its last return. Every earlier return must be
// `return False`, so the range is a condition of its every true answer.
// Empty for anything else.
std::vector<ArchRange> admittedBy(TSNode function, const PyContext& ctx);

}  // namespace archscan::py
