#pragma once
// Fixes to show next to findings (SARIF `fixes`): for a finding that an arch
// is missing, the edits that add it like the nearest arch below it that the
// site already handles. Plain data; nothing is written.
#include <map>
#include <vector>

#include "frontend/frontend.h"
#include "knowledge/knowledge.h"
#include "link/program.h"
#include "model/finding.h"
#include "model/fix.h"

namespace archscan {

// Keyed by index into `findings`; findings without a safe fix are absent.
// `frontends` say how each site's language is edited.
std::map<size_t, SuggestedFix> suggestFixes(const Program& p, const std::vector<Finding>& findings, const Knowledge& k,
                                            const FrontendSet& frontends);

}  // namespace archscan
