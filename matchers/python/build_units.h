#pragma once
// Compiled modules a setup.py declares: `CUDAExtension(name, sources,
// extra_compile_args={"nvcc": flags})`, with the source files and arch
// flags its arguments name, followed through the file's own assignments,
// appends and concatenations (FileFacts::build_units).
#include <vector>

#include "context.h"
#include "query_set.h"

namespace archscan::py {

// `strings` are every string literal of the file (the build_strings query).
void extractBuildUnits(PyContext& ctx, const std::vector<Capture>& strings);

}  // namespace archscan::py
