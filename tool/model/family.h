#pragma once
#include <string>
#include <vector>

namespace archscan {

// Sites a project declares must stay in sync (archscan.yaml `families`).
struct DeclaredFamily {
  std::string name;
  std::vector<std::string> sites;  // site names or globs
};

}  // namespace archscan
