#pragma once
// What a command runs with: the built-in knowledge extended by archscan.yaml,
// and the command line merged with the project's settings (flags win, lists add up).
#include "cli/commands.h"
#include "knowledge/knowledge.h"

namespace archscan {

struct Settings {
  Knowledge k;
  CommonOptions o;
};

// Reads --config FILE, or archscan.yaml in the first scanned folder if any.
Settings settle(const CommonOptions& given);

}  // namespace archscan
