#include "analyze/baseline.h"

#include <yaml-cpp/yaml.h>

#include <sstream>

#include "util/input_file.h"
#include "util/json_writer.h"
#include "util/nesting.h"
#include "util/source_text.h"

namespace archscan {

std::set<std::string> loadBaseline(const std::string& path) {
  std::string text;
  try {
    text = readInputFile(path);  // a regular file only: a FIFO or /dev/zero must not hang or grow
  } catch (const std::exception& e) {
    throw BaselineError(e.what());
  }
  std::set<std::string> out;
  if (auto deep = nestingProblem(text)) throw BaselineError(deep->at(path));
  try {
    YAML::Node root = YAML::Load(text);
    if (!root.IsMap() || !root["archscan_baseline"] || root["archscan_baseline"].as<int>() != 1)
      throw BaselineError(path + ":1: not an archscan baseline (expected \"archscan_baseline\": 1)");
    for (const auto& f : root["findings"]) out.insert(f["fingerprint"].as<std::string>());
  } catch (const YAML::Exception& e) {
    throw BaselineError(path + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
  return out;
}

std::string baselineJson(const std::vector<Finding>& findings, const Program& p) {
  std::ostringstream out;
  JsonWriter w(out);
  w.beginObject().field("archscan_baseline", 1).key("findings").beginArray();
  for (const auto& f : findings) {
    const LinkedSite& s = p.sites[f.site];
    w.beginObject().field("fingerprint", f.fingerprint).field("rule", f.rule).field("arch", f.arch);
    w.field("file", s.file).field("site", s.site.name).endObject();
  }
  w.endArray().endObject();
  w.finish();
  return out.str();
}

std::vector<Finding> withoutBaselined(std::vector<Finding> findings, const std::set<std::string>& baseline) {
  std::vector<Finding> out;
  for (auto& f : findings)
    if (!baseline.count(f.fingerprint)) out.push_back(std::move(f));
  return out;
}

}  // namespace archscan
