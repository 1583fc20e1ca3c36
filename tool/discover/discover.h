#pragma once
// Finding the files to scan: walk the paths, honour .gitignore and --exclude,
// let the front-ends pick the files they read, skip huge files and symlinks that leave the root,
// and name Python modules after their packages.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "frontend/frontend.h"
#include "model/facts.h"
#include "util/file_stamp.h"

namespace archscan {

struct SourceFile {
  std::string path;  // as shown to users: relative to the current directory when below it
  std::string root;  // the scan root it was found under
  Language language = Language::Python;  // the front-end that accepted it
  std::string module;  // dotted module name (python)
  std::optional<FileStamp> stamp;  // taken by the walk (its size bounds what is read); absent for files given by name
};

// An --exclude or archscan.yaml `exclude` glob. A glob with a '/' matches the
// path relative to `base` (the current folder for the command line, the
// config file's folder for archscan.yaml); a bare name matches any folder or
// file of that name below the scanned root.
struct ExcludeGlob {
  std::string pattern;
  std::string base;  // absolute
};

struct DiscoverOptions {
  std::vector<ExcludeGlob> excludes;
  std::size_t max_bytes = 8u << 20;
  // File names ending in one of these are listed in Discovery::listings,
  // whatever .gitignore, --exclude or the front-ends say of them.
  std::vector<std::string> list_suffixes;
};

// What one walk saw beyond the files to scan, when list_suffixes is set: the
// files whose names end in a listed suffix, and the folders it did not enter.
// A caller that must know every such file below the root (the C++ cache key
// covers every header) then walks only the skipped folders, not the tree again.
struct TreeListing {
  std::string root;  // the walked folder, absolute and normal
  std::vector<std::string> files;  // absolute and normal
  std::vector<std::string> skipped;  // folders (not symlinks) not walked into
};

struct Discovery {
  std::vector<SourceFile> files;
  std::vector<Diagnostic> diagnostics;
  std::vector<size_t> exclude_hits;  // per DiscoverOptions::excludes: paths it skipped
  // Files a front-end reads that the walk skipped for being larger than
  // DiscoverOptions::max_bytes (display paths): when they are all there
  // was, "nothing to scan" must say so.
  std::vector<std::string> too_large;
  std::vector<TreeListing> listings;  // one per walked folder, when DiscoverOptions::list_suffixes is set
};

// How a size limit reads in a message: "8 MiB", or bytes below one MiB.
std::string sizeLimitText(std::size_t bytes);

// A file is read when one of `frontends` accepts its name.
Discovery discover(const std::vector<std::string>& paths, const DiscoverOptions& opts, const FrontendSet& frontends);

}  // namespace archscan
