#pragma once
// Build settings in Python: arch lists inside strings bound to arch-like
// names or environment variables (TORCH_CUDA_ARCH_LIST = "8.0;9.0;10.0",
// os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "9.0 10.0")), and nvcc
// `-gencode arch=compute_90a,code=sm_90a` pairs collected per flag list.
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

void extractBuildStrings(PyContext& ctx, const std::vector<Capture>& strings);

}  // namespace archscan::py
