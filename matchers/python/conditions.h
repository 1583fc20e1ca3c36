#pragma once
// Sites made of comparisons: if/elif chains (and runs of `if ...: return` on
// one subject), match/case, asserts, and lone comparisons elsewhere.
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

void extractBranches(PyContext& ctx, const std::vector<Capture>& branches);
void extractLoneComparisons(PyContext& ctx, const std::vector<Capture>& comparisons);

}  // namespace archscan::py
