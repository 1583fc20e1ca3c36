#pragma once
// Knowledge written out as C++ that builds it, for the build to compile
// knowledge.yaml into archscan: parsing the YAML with yaml-cpp at every start
// was 1.4 ms of CPU, a tenth of a re-scan the snapshot answers.
#include <string>

#include "knowledge/knowledge.h"

namespace archscan {

// A C++ source defining builtinKnowledge() to return `k`; `origin` is named
// in its first line.
std::string knowledgeAsCpp(const Knowledge& k, const std::string& origin);

}  // namespace archscan
