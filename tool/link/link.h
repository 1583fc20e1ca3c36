#pragma once
// Resolves names across files, attaches lookups to the sites they read,
// settles each site's evidence, severity and confidence, and groups families.
#include <vector>

#include "link/program.h"
#include "model/facts.h"

namespace archscan {

Program link(const std::vector<FileFacts>& files, const std::vector<DeclaredFamily>& declared = {});

}  // namespace archscan
