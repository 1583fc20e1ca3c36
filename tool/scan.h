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

struct ScanOptions {
  std::vector<std::string> paths;
  std::vector<std::string> excludes;
  int jobs = 0;  // 0: all cores
  std::vector<DeclaredFamily> families;  // from archscan.yaml
  std::vector<std::string> support_paths;  // archscan.yaml support-paths; empty: defaults
  bool progress = false;                 // files done / total on stderr while extracting
  std::string compile_db;                // -p: compile_commands.json or its folder; "" to look for one
  AnalyzeOptions analyze;                // targets, --all
};

struct ScanResult {
  // The front-ends the scan used; a patch re-extracts its files with them.
  std::shared_ptr<const FrontendSet> frontends;
  Program program;
  AnalyzeOptions analyzed;  // the options the analysis ran with
  Analysis analysis;
  double seconds = 0;
};

ScanResult scan(const ScanOptions& opts, const Knowledge& k);

}  // namespace archscan
