#include "config/config.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <set>

#include "arch/parse.h"
#include "util/yaml_read.h"

namespace archscan {
namespace {

[[noreturn]] void fail(const std::string& origin, const YAML::Node& n, const std::string& what) {
  throw ConfigError(yamlPlace(origin, n.Mark()) + ": " + what);
}

std::vector<std::string> strings(const std::string& origin, const YAML::Node& n, const std::string& key) {
  return yamlStrings<ConfigError>(origin, n, key);
}

}  // namespace

ProjectConfig parseConfig(const std::string& yaml, const std::string& origin, const ArchTable& archs) {
  YAML::Node root = yamlLoad<ConfigError>(yaml, origin);
  ProjectConfig c;
  c.path = origin;
  if (!root || root.IsNull()) return c;
  if (!root.IsMap()) fail(origin, root, "archscan.yaml must be a mapping of settings");
  static const std::set<std::string> known = {"exclude", "target", "fail-on", "all", "capability-sources",
                                              "arch-names", "families", "components"};
  try {
    for (const auto& kv : root) {
      std::string key = kv.first.as<std::string>();
      const YAML::Node& v = kv.second;
      if (!known.count(key)) {
        std::string list;
        for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
        fail(origin, kv.first, "unknown key '" + key + "' (allowed: " + list + ")");
      }
      if (key == "exclude") c.exclude = strings(origin, v, key);
      if (key == "capability-sources") c.capability_sources = strings(origin, v, key);
      if (key == "arch-names") c.arch_names = strings(origin, v, key);
      if (key == "target") {
        c.target = strings(origin, v, key);
        for (size_t i = 0; i < c.target.size(); ++i)
          if (!tryParseUserArch(c.target[i], archs))
            fail(origin, v.IsSequence() ? v[i] : v, "'" + c.target[i] + "' in target is not a compute capability");
      }
      if (key == "fail-on") {
        if (!v.IsScalar()) fail(origin, v, "fail-on must be one of error, warning, note, never");
        std::string f = v.as<std::string>();
        c.fail_on = parseFailOn(f);
        if (!c.fail_on) fail(origin, v, "fail-on must be one of error, warning, note, never, not '" + f + "'");
      }
      if (key == "all") {
        if (!v.IsScalar() || (v.as<std::string>() != "true" && v.as<std::string>() != "false"))
          fail(origin, v, "all must be true or false");
        c.all = v.as<std::string>() == "true";
      }
      if (key == "components") {
        if (!v.IsMap()) fail(origin, v, "components must map a component name to a list of path globs");
        for (const auto& comp : v) {
          std::string name = comp.first.as<std::string>();
          c.components.emplace_back(name, strings(origin, comp.second, "components." + name));
        }
      }
      if (key == "families") {
        if (!v.IsMap()) fail(origin, v, "families must map a family name to a list of site names or globs");
        for (const auto& fam : v) c.families.push_back({fam.first.as<std::string>(), strings(origin, fam.second, "families." + fam.first.as<std::string>())});
      }
    }
  } catch (const YAML::Exception& e) {
    throw ConfigError(yamlPlace(origin, e.mark) + ": " + e.msg);
  }
  return c;
}

ProjectConfig loadConfig(const std::string& path, const ArchTable& archs) {
  return parseConfig(yamlReadFile<ConfigError>(path), path, archs);
}

std::optional<std::string> findConfig(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  fs::path first = paths.empty() ? fs::path(".") : fs::path(paths.front());
  std::error_code ec;
  if (!fs::is_directory(first, ec)) first = first.parent_path().empty() ? fs::path(".") : first.parent_path();
  fs::path candidate = first / "archscan.yaml";
  if (fs::exists(candidate, ec)) return candidate.lexically_normal().string();
  return std::nullopt;
}

void extendKnowledge(Knowledge& k, const ProjectConfig& c) {
  for (const auto& s : c.capability_sources) k.capability_calls.insert(s);
  for (const auto& n : c.arch_names) k.arch_names.words.insert(n);
}

}  // namespace archscan
