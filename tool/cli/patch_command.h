#pragma once
// `archscan patch PATCHSET.yaml... [PATH...]` and `archscan fix --add X --like Y`.
#include <string>
#include <vector>

#include "cli/commands.h"

namespace archscan {

struct PatchOptions {
  CommonOptions common;
  std::vector<std::string> patchsets;  // patch: the YAML files
  std::string add, like;               // fix
  std::string emit_patchset;           // fix --emit-patchset FILE
  bool write = false;
  bool force = false;                  // also replace read-only files
};

int runPatch(const PatchOptions& o);
int runFix(const PatchOptions& o);

// Splits patch positionals: *.yaml / *.yml are patch sets, the rest paths.
void splitPatchArgs(const std::vector<std::string>& args, PatchOptions& o);

}  // namespace archscan
