#pragma once
// A fix shown next to a finding (SARIF `fixes`): edits that add the missing
// arch like a neighbour the site already handles. Plain data.
#include <string>
#include <vector>

#include "model/edit.h"

namespace archscan {

struct SuggestedFix {
  std::string description;
  std::string source;  // the file's bytes the edits apply to
  std::vector<Edit> edits;
};

}  // namespace archscan
