#pragma once
// Which CUDA toolkits a piece of code runs under, from the version tests
// around it: inside `if cuda_version < (12, 8)` or in the else of `if
// bare_metal_version >= Version("12.8")`, only toolkits older than 12.8 get
// there, and a build list there cannot name an arch 12.8 introduced.
#include <tree_sitter/api.h>

#include "module_index.h"

namespace archscan::py {

// The smallest toolkit version (major * 10 + minor) that does NOT reach `n`;
// 0 when no version test bounds it.
int toolkitCeiling(TSNode n, const ModuleIndex& idx);

}  // namespace archscan::py
