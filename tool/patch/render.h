#pragma once
// Rendering one rule on one site as edits in the site's own spelling and
// layout: a mapping entry after the `like` entry, an element after the `like`
// element, a widened comparison, or a case label beside the `like` label.
// New entries go after the nearest lower arch; `nested` are the file's sites
// inside the site, whose keys a copied value renames to the new arch. Forms
// only one language has are rendered by the site's front-end (`frontend`).
#include <optional>
#include <string>
#include <vector>

#include "frontend/frontend.h"
#include "link/program.h"
#include "model/edit.h"
#include "patch/patchset.h"

namespace archscan {

struct Rendered {
  std::vector<Edit> edits;
  std::string skip_reason;  // non-empty: this site cannot be patched, and why
};

Rendered renderSite(const LinkedSite& site, size_t siteIndex, const PatchRule& rule, const std::string& source,
                    const Frontend& frontend, const std::optional<std::string>& valueOverride,
                    const std::vector<const Site*>& nested = {});

}  // namespace archscan
