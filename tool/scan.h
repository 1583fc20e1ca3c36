#pragma once
// The pipeline in one place: discover -> extract -> link -> analyze. Every
// command (check, audit, patch, fix) scans through this and then renders or
// patches the result; nothing below knows about the command line.
#include <memory>
#include <string>
#include <vector>

#include "analyze/analyze.h"
#include "frontend/frontend.h"
#include "knowledge/knowledge.h"
#include "link/program.h"
#include "model/family.h"

namespace archscan {

// A glob of paths to skip, and where it was written (for the warning when it matches nothing).
struct ExcludeSpec {
  std::string pattern;
  std::string base;         // the folder a glob with '/' is relative to (absolute)
  std::string origin_file;  // archscan.yaml, or empty for the command line
  int origin_line = 0;
};

struct ScanOptions {
  std::vector<std::string> paths;
  std::vector<ExcludeSpec> excludes;
  int jobs = 0;  // 0: all cores
  std::vector<DeclaredFamily> families;  // from archscan.yaml
  std::vector<std::string> support_paths;  // archscan.yaml support-paths; empty: defaults
  bool progress = false;                 // files done / total on stderr while extracting
  std::string compile_db;                // -p: compile_commands.json or its folder; "" to look for one
  AnalyzeOptions analyze;                // targets, --all
};

// Wall time of each phase, in seconds, and what it produced.
struct ScanPhases {
  double discover = 0, extract = 0, link = 0, analyze = 0;
  size_t files_found = 0;
};

struct ScanResult {
  // The front-ends the scan used; a patch re-extracts its files with them.
  std::shared_ptr<const FrontendSet> frontends;
  Program program;
  AnalyzeOptions analyzed;  // the options the analysis ran with
  Analysis analysis;
  double seconds = 0;
  ScanPhases phases;
  // Input the scan could not take: a path that does not exist, a file or
  // folder that could not be read, or no file to read at all. A command
  // stops on any of them (exit 2); the rest of the result is then empty.
  std::vector<Diagnostic> input_errors;
  // Likely mistakes in how the scan was asked for (an exclude glob that
  // matches nothing, an ignore comment naming no rule). Also in
  // program.diagnostics.
  std::vector<Diagnostic> notices;
};

ScanResult scan(const ScanOptions& opts, const Knowledge& k);

}  // namespace archscan
