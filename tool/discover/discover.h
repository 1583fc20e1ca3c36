#pragma once
// Finding the files to scan: walk the paths, honour .gitignore and --exclude,
// pick a language by name, skip huge files and symlinks that leave the root,
// and name Python modules after their packages.
#include <cstddef>
#include <string>
#include <vector>

#include "model/facts.h"

namespace archscan {

struct SourceFile {
  std::string path;      // as shown to users: relative to the current directory when below it
  std::string root;      // the scan root it was found under
  std::string language;  // python
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

Discovery discover(const std::vector<std::string>& paths, const DiscoverOptions& opts);

// The language archscan reads a file as, by its name; "" when none.
std::string languageOf(const std::string& filename);

}  // namespace archscan
