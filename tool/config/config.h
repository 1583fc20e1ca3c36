#pragma once
// archscan.yaml: project settings that mirror the command line (target,
// exclude, fail-on, all, ...) plus what the project knows (capability
// sources, arch-like names, support paths, families). The keys and their
// types come from the option table (config/options.h).
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/options.h"
#include "knowledge/knowledge.h"

namespace archscan {

struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Place {
  int line = 0;  // 1-based
  int column = 0;
};

struct ProjectConfig {
  std::string path;  // as shown to users
  Options values;  // the keys given; the rest keep their defaults
  std::set<std::string> given;  // the keys present
  // Where each item of a list key, or a scalar key's value, is written.
  std::map<std::string, std::vector<Place>> places;
};

// Strict: unknown keys and wrong types are errors "file:line:column: ...".
ProjectConfig parseConfig(const std::string& yaml, const std::string& origin, const ArchTable& archs);
ProjectConfig loadConfig(const std::string& path, const ArchTable& archs);

// Where archscan.yaml was looked for: from each scanned path (its folder for
// a file) up to the folder holding .git, or the filesystem root.
struct ConfigSearch {
  std::vector<std::string> found;  // distinct files, in the order of the paths, as shown to users
  std::vector<std::string> searched_up_to;  // where each walk stopped, absolute
};
ConfigSearch findConfigs(const std::vector<std::string>& paths);
// A path as users see it: relative to the current folder when that is shorter, else absolute.
std::string shownPath(const std::string& path);

// The project's additions to the built-in knowledge.
void extendKnowledge(Knowledge& k, const ProjectConfig& c);

}  // namespace archscan
