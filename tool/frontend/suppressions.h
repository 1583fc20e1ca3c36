#pragma once
// Inline suppressions: `# archscan: ignore` or `# archscan: ignore[missing-arch,sibling-gap]`
// on a site's first line or the line above it.
#include <string>
#include <vector>

#include "model/facts.h"

namespace archscan {

// `lead` is the comment marker of the language: "#" or "//".
// Returns every ignore comment and attaches each to the sites it covers.
std::vector<Suppression> applySuppressions(const std::string& source, const std::string& lead,
                                           std::vector<Site>& sites);

}  // namespace archscan
