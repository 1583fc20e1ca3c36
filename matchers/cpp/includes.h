#pragma once
// The files a C, C++ or CUDA file includes, as written (`#include "mlp.cuh"`,
// `#include <proj/moe.h>`): link/ joins a header to the builds that compile
// it through the sources that include it.
#include <string>
#include <string_view>
#include <vector>

namespace archscan::cpp {

// Every #include's path in order, quoted and angled alike (a system header
// matches no scanned file and drops out there). A line scan, no
// preprocessing: an include inside an #if counts, because some build may
// take that branch.
std::vector<std::string> includedPaths(std::string_view text);

}  // namespace archscan::cpp
