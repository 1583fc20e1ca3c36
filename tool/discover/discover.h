#pragma once
// Finding the files to scan: walk the paths, honour .gitignore and --exclude,
// let the front-ends pick the files they read, skip huge files and symlinks that leave the root,
// and name Python modules after their packages.
#include <cstddef>
#include <string>
#include <vector>

#include "frontend/frontend.h"
#include "model/facts.h"

namespace archscan {

struct SourceFile {
  std::string path;      // as shown to users: relative to the current directory when below it
  std::string root;      // the scan root it was found under
  Language language = Language::Python;  // the front-end that accepted it
  std::string module;    // dotted module name (python)
};

struct DiscoverOptions {
  std::vector<std::string> excludes;  // globs on the path relative to the root
  std::size_t max_bytes = 8u << 20;
};

struct Discovery {
  std::vector<SourceFile> files;
  std::vector<Diagnostic> diagnostics;
};

// A file is read when one of `frontends` accepts its name.
Discovery discover(const std::vector<std::string>& paths, const DiscoverOptions& opts, const FrontendSet& frontends);

}  // namespace archscan
