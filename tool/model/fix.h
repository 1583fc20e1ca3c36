#pragma once
// A fix shown next to a finding (JSON `fix`, SARIF `fixes`): edits that add the missing
// arch like a neighbour the site already handles. Plain data.
#include <string>
#include <vector>

#include "model/edit.h"

namespace archscan {

struct SuggestedFix {
  std::string description;
  std::string add;  // the arch the fix adds
  std::string like;  // the arch whose entry it copies or widens
  bool review = false;  // some edit's risk is review (model/edit.h): a proposal to review
  std::string source;  // the file's bytes the edits apply to
  std::vector<Edit> edits;
};

}  // namespace archscan
