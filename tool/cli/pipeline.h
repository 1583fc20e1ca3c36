#pragma once
// paths -> discover -> extract -> link: the part every command shares.
#include <string>
#include <vector>

#include "knowledge/knowledge.h"
#include "extract/frontends.h"
#include "link/program.h"

namespace archscan {

struct ScanOptions {
  std::vector<std::string> paths;
  std::vector<std::string> excludes;
  int jobs = 0;  // 0: all cores
  std::vector<DeclaredFamily> families;  // from archscan.yaml
  bool progress = false;                 // files done / total on stderr while extracting
  std::string compile_db;                // -p: compile_commands.json or its folder; "" to look for one
};

Program scan(const ScanOptions& opts, const Knowledge& k);

// The front-ends' settings for a scan: its root, and the compilation database
// named by -p or found at the root or in its build*/ folders.
FrontendSettings frontendSettings(const ScanOptions& opts);

}  // namespace archscan
