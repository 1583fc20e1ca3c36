#pragma once
// What git says belongs to a work tree: the files it tracks and the ones it
// would add (`git ls-files -co --exclude-standard`). Asking git honours every
// ignore rule it has (.gitignore at any level, .git/info/exclude,
// core.excludesFile, tracked files that a pattern would ignore), which a
// .gitignore matcher of our own can only approximate.
#include <optional>
#include <string>
#include <unordered_set>

namespace archscan {

struct GitFiles {
  std::unordered_set<std::string> files;  // relative to the folder asked about, '/'-separated
  std::unordered_set<std::string> folders;  // every folder holding one of them
};

// The files of the work tree below `folder`; nullopt when git is missing,
// `folder` is in no work tree git will read, or git lists nothing there (a
// folder git ignores, scanned on purpose). A repository inside (a submodule,
// a clone) is listed as one entry, a file named after its folder.
std::optional<GitFiles> gitFiles(const std::string& folder);

}  // namespace archscan
