#pragma once
// Preprocessor guards on an arch: `#if __CUDA_ARCH__ == 900 || __CUDA_ARCH__
// == 1000`, `#elif`, ranges, project macros named like archs. Read from the
// raw directives, so a guard nested in a branch the host (or device) pass
// skips is found like any other.
#include <string_view>
#include <vector>

#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "observations.h"
#include "raw_lexer.h"

namespace archscan::cpp {

std::vector<Site> guardSites(std::string_view text, const std::vector<Token>& tokens,
                             const std::vector<FunctionObs>& functions, const Knowledge& k);

}  // namespace archscan::cpp
