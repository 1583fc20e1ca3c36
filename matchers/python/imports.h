#pragma once
// `import a.b as m`, `from .x import NAME as Y`: recorded as written; link/
// resolves them against the scanned modules.
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

void extractImports(PyContext& ctx, const std::vector<Capture>& imports);

}  // namespace archscan::py
