#pragma once
// The subcommands, each a function of its options returning the exit code:
// 0 clean, 1 findings at or above --fail-on, 2 usage or input error.
#include <string>
#include <vector>

#include "scan.h"

namespace archscan {

// What only `audit` takes.
struct AuditCliOptions {
  std::string columns = "near";  // near: targets, nearby archs, "older"; all: every arch
  std::string show = "findings";  // findings: sites with findings; all: every site
  std::string link_base;          // URL for file:line links
  std::string diff;               // OLD.json: print what changed since
  int top = 50;                   // markdown: rows listed without --show all
  std::vector<std::pair<std::string, std::vector<std::string>>> components;  // archscan.yaml
};

struct CommonOptions {
  ScanOptions scan;
  std::vector<std::string> targets;
  std::string format = "text";
  std::string output;  // -o FILE; empty: stdout
  std::optional<FailOn> fail_on;  // unset: archscan.yaml's, else error
  std::string color = "auto";
  std::string config;          // --config FILE; empty: archscan.yaml at the scanned root
  std::string baseline;        // --baseline FILE
  std::string write_baseline;  // --write-baseline FILE
  bool report_unused_ignores = false;
  std::string arch_query;      // archs ARCH: what archscan knows of one arch
  bool all = false;
  bool quiet = false;
  AuditCliOptions audit;
  bool verbose = false;        // -v: where the scan's time went, on stderr
};

int runCheck(const CommonOptions& o);
int runAudit(const CommonOptions& o);
int runArchs(const CommonOptions& o);
// "archscan 0.1.0 (built with clang 19.1.7)"
std::string versionText();

}  // namespace archscan
