#pragma once
// archscan.yaml: project settings that mirror the command line (exclude,
// target, fail-on, all) plus knowledge the project adds (capability sources,
// arch-like names) and families declared to stay in sync.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "knowledge/knowledge.h"
#include "model/family.h"
#include "model/finding.h"

namespace archscan {

struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ProjectConfig {
  std::string path;
  std::vector<std::string> exclude;
  std::vector<std::string> target;
  std::optional<FailOn> fail_on;
  std::optional<bool> all;
  std::vector<std::string> capability_sources;
  std::vector<std::string> arch_names;
  std::vector<DeclaredFamily> families;
  // `components:` name -> path globs, in file order; the audit groups by the first match.
  std::vector<std::pair<std::string, std::vector<std::string>>> components;
};

// Strict: unknown keys and wrong types are errors "file:line:column: ...".
ProjectConfig parseConfig(const std::string& yaml, const std::string& origin, const ArchTable& archs);
ProjectConfig loadConfig(const std::string& path, const ArchTable& archs);
// archscan.yaml in the first scanned folder (or the folder of the first file), if any.
std::optional<std::string> findConfig(const std::vector<std::string>& paths);
// The project's additions to the built-in knowledge.
void extendKnowledge(Knowledge& k, const ProjectConfig& c);

}  // namespace archscan
