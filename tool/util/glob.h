#pragma once
// Path globs as users write them in --exclude, archscan.yaml and patch sets.
#include <string>

namespace archscan {

// fnmatch-style glob where `**` crosses folders and `*` does not.
bool globMatch(const std::string& pattern, const std::string& path);

}  // namespace archscan
