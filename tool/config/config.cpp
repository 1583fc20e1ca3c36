#include "config/config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "analyze/rules/rules.h"
#include "arch/parse.h"
#include "arch/suggest.h"
#include "util/yaml_read.h"

namespace fs = std::filesystem;

namespace archscan {
namespace {

[[noreturn]] void fail(const std::string& origin, const YAML::Node& n, const std::string& what) {
  throw ConfigError(yamlPlace(origin, n.Mark()) + ": " + what);
}

Place placeOf(const YAML::Node& n) { return {n.Mark().line + 1, n.Mark().column + 1}; }

std::string choiceList(const std::vector<std::string>& choices) {
  std::string out;
  for (const auto& c : choices) out += (out.empty() ? "" : ", ") + c;
  return out;
}

// The spec of an archscan.yaml key, or an error naming the nearest key.
const OptionSpec& specFor(const std::string& origin, const YAML::Node& keyNode, const std::string& key) {
  std::vector<std::string> keys;
  for (const auto& o : optionTable()) {
    if (o.scope == Scope::CommandLine) continue;
    if (o.name == key) return o;
    keys.push_back(o.name);
  }
  if (auto near = closestWord(key, keys))
    fail(origin, keyNode, "unknown key '" + key + "'; did you mean '" + *near + "'?");
  fail(origin, keyNode, "unknown key '" + key + "' (allowed: " + choiceList(keys) + ")");
}

void checkArch(const std::string& origin, const YAML::Node& n, const std::string& text, const std::string& key,
               const ArchTable& archs) {
  if (tryParseUserArch(text, archs)) return;
  auto near = suggestArch(text, archs);
  fail(origin, n,
       "'" + text + "' in " + key + " is not a compute capability" + (near ? "; did you mean '" + *near + "'?" : ""));
}

// A value outside a closed set (a rule id, a level): the nearest member, or the whole set.
void checkChoice(const std::string& origin, const YAML::Node& n, const std::string& text, const std::string& key,
                 const std::vector<std::string>& choices) {
  if (std::find(choices.begin(), choices.end(), text) != choices.end()) return;
  auto near = closestWord(text, choices);
  fail(origin, n,
       "'" + text + "' in " + key + " is not one of " + choiceList(choices) +
           (near ? "; did you mean '" + *near + "'?" : ""));
}

// "13.0" -> 130, as KnownArch::min_cuda counts; 0 when it is no major.minor version.
int toolkitNumber(const std::string& text) {
  size_t dot = text.find('.');
  if (dot == std::string::npos || dot == 0 || dot > 2 || dot + 2 != text.size()) return 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (i != dot && !std::isdigit(static_cast<unsigned char>(text[i]))) return 0;
  return std::stoi(text.substr(0, dot)) * 10 + (text.back() - '0');
}

int positive(const std::string& origin, const YAML::Node& n, const std::string& key) {
  if (!n.IsScalar()) fail(origin, n, key + " must be a whole number");
  const std::string& t = n.Scalar();
  if (t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos || std::stoi(t) < 1)
    fail(origin, n, key + " must be a whole number above 0, not '" + t + "'");
  return std::stoi(t);
}

// One `archs:` entry: {cc: "10.7", names: [...], family, min_cuda, threads, smem_kb}.
DeclaredArch readArch(const std::string& origin, const YAML::Node& v, const ArchTable& archs) {
  if (!v.IsMap())
    fail(origin, v, "each archs entry must be a mapping with at least cc: (e.g. {cc: \"10.7\", names: [b300x]})");
  static const std::vector<std::string> keys = {"cc", "names", "family", "min_cuda", "threads", "smem_kb"};
  DeclaredArch a;
  a.line = v.Mark().line + 1;
  a.column = v.Mark().column + 1;
  std::set<std::string> seen;
  for (const auto& kv : v) {
    std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "";
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      auto near = closestWord(key, keys);
      fail(origin, kv.first,
           "unknown key '" + key + "' in an archs entry" +
               (near ? "; did you mean '" + *near + "'?" : " (allowed: " + choiceList(keys) + ")"));
    }
    if (!seen.insert(key).second) fail(origin, kv.first, "key '" + key + "' given twice in an archs entry");
    const YAML::Node& val = kv.second;
    if (key == "names") {
      a.names = yamlStrings<ConfigError>(origin, val, "archs.names");
      continue;
    }
    if (key == "threads" || key == "smem_kb") {
      (key == "threads" ? a.threads : a.smem_kb) = positive(origin, val, "archs." + key);
      continue;
    }
    if (!val.IsScalar()) fail(origin, val, "archs." + key + " must be a string");
    if (key == "cc") {
      a.cc = val.Scalar();
      auto arch = tryParseUserArch(a.cc, archs);
      // Only a capability: "10.7" or sm_107, not a GPU name or a bare major.
      if (!arch || arch->major_only || archs.aliases.count(a.cc))
        fail(origin, val, "cc '" + a.cc + "' is not a compute capability (major.minor, e.g. 10.7)");
    } else if (key == "family") {
      a.family = val.Scalar();
    } else {
      a.min_cuda = val.Scalar();
      if (toolkitNumber(a.min_cuda) == 0)
        fail(origin, val, "min_cuda '" + a.min_cuda + "' is not a CUDA toolkit version (major.minor, e.g. 13.0)");
    }
  }
  if (a.cc.empty()) fail(origin, v, "an archs entry needs cc: (the compute capability, e.g. \"10.7\")");
  return a;
}

// Reads one key's value into `c` by the type of its field.
void readKey(const OptionSpec& spec, const YAML::Node& v, const std::string& origin, const ArchTable& archs,
             ProjectConfig& c) {
  const std::string& key = spec.name;
  auto& places = c.places[key];
  if (auto f = std::get_if<bool Options::*>(&spec.field)) {
    if (!v.IsScalar() || (v.Scalar() != "true" && v.Scalar() != "false"))
      fail(origin, v, key + " must be true or false");
    c.values.*(*f) = v.Scalar() == "true";
    places.push_back(placeOf(v));
  } else if (auto s = std::get_if<std::string Options::*>(&spec.field)) {
    std::string want = spec.choices.empty() ? "a string" : "one of " + choiceList(spec.choices);
    if (!v.IsScalar()) fail(origin, v, key + " must be " + want);
    if (!spec.choices.empty() && std::find(spec.choices.begin(), spec.choices.end(), v.Scalar()) == spec.choices.end())
      fail(origin, v, key + " must be " + want + ", not '" + v.Scalar() + "'");
    c.values.*(*s) = v.Scalar();
    places.push_back(placeOf(v));
  } else if (auto l = std::get_if<std::vector<std::string> Options::*>(&spec.field)) {
    std::vector<std::string> items = yamlStrings<ConfigError>(origin, v, key);
    std::vector<std::string>& out = c.values.*(*l);
    for (size_t i = 0; i < items.size(); ++i) {
      const YAML::Node item = v.IsSequence() ? v[i] : v;
      // Arch lists may be written "sm_120,sm_121", as on the command line.
      std::vector<std::string> parts = spec.check == Check::Arch ? splitArchList({items[i]}) : std::vector{items[i]};
      for (const auto& part : parts) {
        if (spec.check == Check::Arch) checkArch(origin, item, part, key, archs);
        if (!spec.choices.empty()) checkChoice(origin, item, part, key, spec.choices);
        out.push_back(part);
        places.push_back(placeOf(item));
      }
    }
  } else if (auto fam = std::get_if<std::vector<DeclaredFamily> Options::*>(&spec.field)) {
    if (!v.IsMap()) fail(origin, v, key + " must map a family name to a list of site names or globs");
    for (const auto& kv : v) {
      std::string name = kv.first.as<std::string>();
      (c.values.*(*fam)).push_back({name, yamlStrings<ConfigError>(origin, kv.second, key + "." + name)});
    }
    places.push_back(placeOf(v));
  } else if (auto comp = std::get_if<ComponentGlobs Options::*>(&spec.field)) {
    if (!v.IsMap()) fail(origin, v, key + " must map a component name to a list of path globs");
    for (const auto& kv : v) {
      std::string name = kv.first.as<std::string>();
      (c.values.*(*comp)).emplace_back(name, yamlStrings<ConfigError>(origin, kv.second, key + "." + name));
    }
    places.push_back(placeOf(v));
  } else if (auto levels = std::get_if<RuleLevels Options::*>(&spec.field)) {
    if (!v.IsMap()) fail(origin, v, key + " must map a rule id to one of " + choiceList(spec.choices));
    std::vector<std::string> ids;
    for (const auto& r : ruleCatalogue()) ids.push_back(r.id);
    std::set<std::string> seen;
    for (const auto& kv : v) {
      std::string id = kv.first.IsScalar() ? kv.first.Scalar() : "";
      checkChoice(origin, kv.first, id, key, ids);
      if (!seen.insert(id).second) fail(origin, kv.first, "rule '" + id + "' given twice in " + key);
      if (!kv.second.IsScalar())
        fail(origin, kv.second, key + "." + id + " must be one of " + choiceList(spec.choices));
      checkChoice(origin, kv.second, kv.second.Scalar(), key + "." + id, spec.choices);
      (c.values.*(*levels)).emplace_back(id, kv.second.Scalar());
      places.push_back(placeOf(kv.first));
    }
  } else if (auto decl = std::get_if<std::vector<DeclaredArch> Options::*>(&spec.field)) {
    if (!v.IsSequence()) fail(origin, v, key + " must be a list of {cc: ..., names: [...], ...} entries");
    for (const auto& item : v) (c.values.*(*decl)).push_back(readArch(origin, item, archs));
    places.push_back(placeOf(v));
  } else {
    fail(origin, v, key + " cannot be set in archscan.yaml");
  }
}

// The project's archs on top of `k`: a name the project gives an arch is a
// name users may type for it from then on, also elsewhere in archscan.yaml.
void addDeclaredArchs(ArchTable& t, const std::vector<DeclaredArch>& declared) {
  for (const auto& d : declared) {
    Arch a = *tryParseUserArch(d.cc, t);
    KnownArch* known = nullptr;
    for (auto& e : t.known)
      if (e.major == a.major && e.minor == a.minor) known = &e;
    if (!known) {
      KnownArch fresh;
      fresh.major = a.major;
      fresh.minor = a.minor;
      fresh.family = t.familyOf(a.major, -1);
      auto at = std::find_if(t.known.begin(), t.known.end(), [&](const KnownArch& e) {
        return e.major > a.major || (e.major == a.major && e.minor > a.minor);
      });
      known = &*t.known.insert(at, fresh);
    }
    if (!d.family.empty()) known->family = d.family;
    if (!d.min_cuda.empty()) known->min_cuda = toolkitNumber(d.min_cuda);
    if (d.threads) known->facts.threads_per_sm = d.threads;
    if (d.smem_kb) known->facts.smem_per_block_kb = d.smem_kb;
    for (const auto& n : d.names) {
      std::string low;
      for (char ch : n) low += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      t.aliases[low] = Arch{a.major, a.minor, false, Variant::None};
    }
  }
}

}  // namespace

ProjectConfig parseConfig(const std::string& yaml, const std::string& origin, const ArchTable& archs) {
  YAML::Node root = yamlLoad<ConfigError>(yaml, origin);
  ProjectConfig c;
  c.path = origin;
  if (!root || root.IsNull()) return c;
  if (!root.IsMap()) fail(origin, root, "archscan.yaml must be a mapping of settings");
  try {
    // archs: first, so that targets elsewhere in the file may name them.
    ArchTable known = archs;
    for (const auto& kv : root)
      if (kv.first.IsScalar() && kv.first.Scalar() == "archs") {
        readKey(specFor(origin, kv.first, "archs"), kv.second, origin, archs, c);
        addDeclaredArchs(known, c.values.archs);
      }
    for (const auto& kv : root) {
      if (!kv.first.IsScalar()) fail(origin, kv.first, "keys must be names");
      std::string key = kv.first.Scalar();
      const OptionSpec& spec = specFor(origin, kv.first, key);
      if (c.given.count(key)) fail(origin, kv.first, "key '" + key + "' given twice");
      if (key != "archs") readKey(spec, kv.second, origin, known, c);
      c.given.insert(key);
    }
  } catch (const YAML::Exception& e) {
    throw ConfigError(yamlPlace(origin, e.mark) + ": " + e.msg);
  }
  return c;
}

ProjectConfig loadConfig(const std::string& path, const ArchTable& archs) {
  return parseConfig(yamlReadFile<ConfigError>(path), path, archs);
}

std::string shownPath(const std::string& path) {
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec).lexically_normal();
  fs::path rel = abs.lexically_relative(fs::current_path(ec));
  if (!rel.empty() && rel.generic_string().size() < abs.generic_string().size()) return rel.generic_string();
  return abs.generic_string();
}

ConfigSearch findConfigs(const std::vector<std::string>& paths) {
  ConfigSearch out;
  std::error_code ec;
  for (const auto& raw : paths.empty() ? std::vector<std::string>{"."} : paths) {
    fs::path dir = fs::absolute(raw, ec).lexically_normal();
    if (!fs::is_directory(dir, ec)) dir = dir.parent_path();
    if (!fs::is_directory(dir, ec)) continue;  // a missing path is the scan's error to report
    while (true) {
      if (fs::is_regular_file(dir / "archscan.yaml", ec)) {
        std::string shown = shownPath((dir / "archscan.yaml").string());
        if (std::find(out.found.begin(), out.found.end(), shown) == out.found.end()) out.found.push_back(shown);
        break;
      }
      // .git is a folder in a clone and a file in a worktree: either marks the repository root.
      if (fs::exists(dir / ".git", ec) || dir == dir.root_path()) {
        out.searched_up_to.push_back(dir.generic_string() + (dir == dir.root_path() ? "" : ", the repository root"));
        break;
      }
      dir = dir.parent_path();
    }
  }
  return out;
}

void extendKnowledge(Knowledge& k, const ProjectConfig& c) {
  addDeclaredArchs(k.archs, c.values.archs);
  for (const auto& s : c.values.capability_sources) k.capability_calls.insert(s);
  for (const auto& n : c.values.arch_names) k.arch_names.words.insert(n);
}

}  // namespace archscan
