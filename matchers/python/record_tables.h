#pragma once
// Tables of records searched by a loop: `LIMITS = (Limit("H100", sm=(9, 0),
// ...), Limit("A100", sm=(8, 0), ...))` read by `for lim in LIMITS: if
// lim.sm == torch.cuda.get_device_capability(): return lim`. Each record's
// capability field is one entry; what follows the loop is what an unlisted
// arch gets.
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

void extractRecordTables(PyContext& ctx, const std::vector<Capture>& literals, const std::vector<Capture>& loops);

}  // namespace archscan::py
