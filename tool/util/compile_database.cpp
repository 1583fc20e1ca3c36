#include "util/compile_database.h"

#include <yaml-cpp/yaml.h>

#include "util/input_file.h"
#include "util/nesting.h"

namespace archscan {

std::optional<std::string> compilationDatabaseProblem(const std::string& path) {
  std::string text = readInputFile(path);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return "empty, not a JSON list of compile commands";
  if (auto deep = nestingProblem(text)) return "line " + std::to_string(deep->line) + ": " + deep->what;
  YAML::Node root;
  try {
    root = YAML::Load(text);  // JSON is YAML; the mark says where it breaks
  } catch (const YAML::Exception& e) {
    return "line " + std::to_string(e.mark.line + 1) + ": not JSON (" + e.msg + ")";
  }
  if (!root.IsSequence()) return "not a JSON list of compile commands";
  size_t n = 0;
  for (const auto& entry : root) {
    ++n;
    std::string which = "entry " + std::to_string(n);
    if (!entry.IsMap()) return which + " is not an object";
    for (const char* key : {"directory", "file"})
      if (!entry[key] || !entry[key].IsScalar()) return which + " has no `" + key + "` string";
    bool command = entry["command"] && entry["command"].IsScalar();
    bool arguments = entry["arguments"] && entry["arguments"].IsSequence();
    if (!command && !arguments) return which + " has neither `command` nor `arguments`";
  }
  return std::nullopt;
}

}  // namespace archscan
