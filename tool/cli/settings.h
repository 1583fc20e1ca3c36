#pragma once
// What a command runs with: the built-in knowledge extended by archscan.yaml,
// and the command line merged with the project's settings (flags win, lists add up).
#include "cli/commands.h"
#include "knowledge/knowledge.h"

namespace archscan {

struct Settings {
  Knowledge k;
  CommonOptions o;
  // "sm_107 is not in archscan's table of known GPUs; ...": one line per
  // target the knowledge lacks, said on stderr and kept as notes in reports.
  std::vector<std::string> notes;
};

// Archs the knowledge lacks (targets, an arch a patch adds) are taken as the
// compute capability they spell and added to the table for this run, so
// tables that list them are read. Strings that are no arch are left to the
// caller's parser to refuse.
void assumeArchs(Settings& s, const std::vector<std::string>& archs);

// The settings' notes: on stderr (unless --quiet) and in the report's diagnostics.
void addNotes(const Settings& s, Program& p);

// Reads --config FILE, or archscan.yaml in the first scanned folder if any,
// and assumes unknown targets.
Settings settle(const CommonOptions& given);

}  // namespace archscan
