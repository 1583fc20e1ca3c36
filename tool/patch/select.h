#pragma once
// Which sites a patch rule may touch: visible allow-list sites, not ranges,
// passing the rule's where/except filters.
#include <string>
#include <vector>

#include "analyze/analyze.h"
#include "link/program.h"
#include "patch/patchset.h"

namespace archscan {

// The site's path relative to the scanned root it was found under.
std::string rootRelative(const std::string& file, const std::vector<std::string>& roots);

bool passes(const SiteFilter& f, const LinkedSite& s, const std::string& rel, const Program& p, bool isExcept);

// Checks that every glob of the rule's `where` matches some candidate site;
// throws PatchError naming the rule otherwise.
void checkGlobsSelect(const PatchRule& r, const Program& p, const std::vector<std::string>& roots,
                      const AnalyzeOptions& opts);

}  // namespace archscan
