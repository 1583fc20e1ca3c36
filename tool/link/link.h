#pragma once
// Resolves names across files, attaches lookups to the sites they read,
// settles each site's evidence, severity and confidence, and groups families.
#include <vector>

#include "link/program.h"
#include "model/facts.h"

namespace archscan {

struct LinkOptions {
  std::vector<DeclaredFamily> families;  // archscan.yaml `families`
  // Globs of tests, benchmarks, examples and docs (archscan.yaml
  // `support-paths`); empty: the defaults below.
  std::vector<std::string> support_paths;
};

// tests/, benchmarks/, examples/, docs/ and test files, anywhere in the tree.
const std::vector<std::string>& defaultSupportPaths();

// Takes the facts: their sites move into the program.
Program link(std::vector<FileFacts> files, const LinkOptions& opts = {});

}  // namespace archscan
