#pragma once
// paths -> discover -> extract -> link: the part every command shares.
#include <string>
#include <vector>

#include "knowledge/knowledge.h"
#include "link/program.h"

namespace archscan {

struct ScanOptions {
  std::vector<std::string> paths;
  std::vector<std::string> excludes;
  int jobs = 0;  // 0: all cores
  std::vector<DeclaredFamily> families;  // from archscan.yaml
  bool progress = false;                 // files done / total on stderr while extracting
};

Program scan(const ScanOptions& opts, const Knowledge& k);

}  // namespace archscan
