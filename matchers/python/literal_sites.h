#pragma once
// Sites written as literals: dicts keyed by arch (module level, class
// attribute, local, nested in an outer table) and lists/tuples/sets of archs
// assigned to a name, returned, or handed to a callee or decorator.
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

// `comparisons`: every comparison of the file, for how a bound name is read.
void extractLiterals(PyContext& ctx, const std::vector<Capture>& literals, const std::vector<Capture>& comparisons);

}  // namespace archscan::py
