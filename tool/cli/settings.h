#pragma once
// What a command runs with: the command line merged with the project's
// archscan.yaml (the command line wins; exclude lists add up), the built-in
// knowledge extended by the project, and the scan options derived from both.
#include <string>
#include <vector>

#include "cli/app.h"
#include "knowledge/knowledge.h"
#include "model/finding.h"
#include "scan.h"

namespace archscan {

struct Settings {
  Command command = kCheck;
  Knowledge k;
  Options o;  // merged; format filled with the command's default
  std::string config;  // the archscan.yaml used; empty: none
  std::string config_search;  // for -v: where it was looked for when none was found
  std::vector<std::string> paths;  // what to scan (empty: .)
  std::vector<std::string> patchsets;  // patch: the YAML files among the positionals
  ScanOptions scan;
  FailOn fail_on = FailOn::Error;
  // "sm_107 is not in archscan's table of known GPUs; ...": one line per
  // target the knowledge lacks, said on stderr and kept as notes in reports.
  std::vector<std::string> notes;
};

// Reads the project configuration (--config FILE, or the archscan.yaml found
// above the scanned paths, unless --no-config) and merges it. Throws on a
// usage or configuration error.
Settings settle(const Invocation& given);

// Archs the knowledge lacks (targets, an arch a patch adds) are taken as the
// compute capability they spell and added to the table for this run, so
// tables that list them are read. Strings that are no arch are left to the
// caller's parser to refuse.
void assumeArchs(Settings& s, const std::vector<std::string>& archs);

// The settings' notes: on stderr (unless --quiet) and in the report's diagnostics.
void addNotes(const Settings& s, Program& p);

}  // namespace archscan
