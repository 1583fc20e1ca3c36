#include "patch/patchset.h"

#include <yaml-cpp/yaml.h>

#include <set>

#include "arch/parse.h"
#include "util/yaml_read.h"

namespace archscan {
namespace {

[[noreturn]] void fail(const std::string& origin, const YAML::Node& n, const std::string& what) {
  throw PatchError(yamlPlace(origin, n.Mark()) + ": " + what);
}

void onlyKeys(const std::string& origin, const YAML::Node& map, const std::set<std::string>& allowed,
              const std::string& where) {
  if (!map.IsMap()) fail(origin, map, where + " must be a mapping");
  for (const auto& kv : map) {
    std::string k = kv.first.as<std::string>();
    if (!allowed.count(k)) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      fail(origin, kv.first, "unknown key '" + k + "' in " + where + " (allowed: " + list + ")");
    }
  }
}

std::string scalar(const std::string& origin, const YAML::Node& n, const std::string& what) {
  if (!n.IsScalar()) fail(origin, n, what + " must be a string");
  return n.as<std::string>();
}

std::vector<std::string> strings(const std::string& origin, const YAML::Node& n, const std::string& what) {
  return yamlStrings<PatchError>(origin, n, what);
}

std::string at(const std::string& origin, const YAML::Node& n) { return yamlPlace(origin, n.Mark()); }

void locate(const std::string& origin, const YAML::Node& n, SiteFilter& f) {
  if (n.IsScalar()) f.located[n.as<std::string>()] = at(origin, n);
  if (n.IsSequence())
    for (const auto& item : n)
      if (item.IsScalar()) f.located[item.as<std::string>()] = at(origin, item);
}

SiteFilter filter(const std::string& origin, const YAML::Node& n, const std::string& where) {
  onlyKeys(origin, n, {"files", "sites", "kinds", "family"}, where);
  SiteFilter f;
  for (const char* key : {"files", "sites", "family"})
    if (n[key]) locate(origin, n[key], f);
  if (n["files"]) f.files = strings(origin, n["files"], where + ".files");
  if (n["sites"]) f.sites = strings(origin, n["sites"], where + ".sites");
  if (n["family"]) f.families = strings(origin, n["family"], where + ".family");
  if (n["kinds"]) {
    f.kinds = strings(origin, n["kinds"], where + ".kinds");
    static const std::set<std::string> known = {"mapping", "set", "switch", "if-chain", "guard"};
    for (size_t i = 0; i < f.kinds.size(); ++i) {
      if (known.count(f.kinds[i])) continue;
      YAML::Node at = n["kinds"].IsSequence() ? n["kinds"][i] : n["kinds"];
      if (f.kinds[i] == "range") fail(origin, at, "ranges are never patched; remove 'range' from kinds");
      fail(origin, at, "unknown site kind '" + f.kinds[i] + "' (mapping, set, switch, if-chain, guard)");
    }
  }
  return f;
}

Arch arch(const std::string& origin, const YAML::Node& n, const std::string& key, const ArchTable& archs) {
  std::string text = scalar(origin, n, key);
  auto a = tryParseUserArch(text, archs);
  if (!a)
    fail(origin, n,
         "'" + text + "' in " + key + " is not a compute capability (`archscan archs` lists the known ones)");
  return *a;
}

PatchRule rule(const std::string& origin, const YAML::Node& n, size_t index, const ArchTable& archs) {
  std::string where = "rules[" + std::to_string(index) + "]";
  onlyKeys(origin, n, {"add", "like", "where", "except", "values"}, where);
  if (!n["add"]) fail(origin, n, where + " needs 'add: ARCH'");
  if (!n["like"]) fail(origin, n, where + " needs 'like: ARCH' (the arch whose entries are copied)");
  PatchRule r;
  r.origin = origin + ":" + std::to_string(n.Mark().line + 1);
  r.add = arch(origin, n["add"], "add", archs);
  r.like = arch(origin, n["like"], "like", archs);
  r.add_text = n["add"].as<std::string>();
  r.like_text = n["like"].as<std::string>();
  if (r.add.base() == r.like.base()) fail(origin, n["add"], "add and like are the same arch (" + r.add.name() + ")");
  if (n["where"]) r.where = filter(origin, n["where"], where + ".where");
  if (n["except"]) r.except = filter(origin, n["except"], where + ".except");
  if (const auto& v = n["values"]) {
    if (!v.IsMap()) fail(origin, v, where + ".values must map site names to source text");
    for (const auto& kv : v) {
      if (!kv.second.IsScalar())
        fail(origin, kv.second,
             "the value for '" + kv.first.as<std::string>() + "' must be source text in quotes, e.g. \"[6, 8]\"");
      r.values.emplace_back(kv.first.as<std::string>(), kv.second.as<std::string>());
      r.where.located["values:" + kv.first.as<std::string>()] = at(origin, kv.first);
    }
  }
  return r;
}

}  // namespace

PatchSet parsePatchSet(const std::string& yaml, const std::string& origin, const ArchTable& archs) {
  YAML::Node root = yamlLoad<PatchError>(yaml, origin);
  if (!root || root.IsNull()) throw PatchError(origin + ":1:1: empty patch set");
  try {
    onlyKeys(origin, root, {"archscan", "name", "description", "rules"}, "the patch set");
    if (!root["archscan"]) fail(origin, root, "missing 'archscan: 1' (the schema version)");
    if (scalar(origin, root["archscan"], "archscan") != "1")
      fail(origin, root["archscan"],
           "unsupported schema version '" + root["archscan"].as<std::string>() + "' (this archscan reads 1)");
    PatchSet ps;
    ps.path = origin;
    if (root["name"]) ps.name = scalar(origin, root["name"], "name");
    if (root["description"]) ps.description = scalar(origin, root["description"], "description");
    const YAML::Node& rules = root["rules"];
    if (!rules || !rules.IsSequence() || rules.size() == 0)
      fail(origin, rules ? rules : root, "'rules' must be a non-empty list");
    for (size_t i = 0; i < rules.size(); ++i) ps.rules.push_back(rule(origin, rules[i], i, archs));
    return ps;
  } catch (const YAML::Exception& e) {
    throw PatchError(yamlPlace(origin, e.mark) + ": " + e.msg);
  }
}

PatchSet loadPatchSet(const std::string& path, const ArchTable& archs) {
  return parsePatchSet(yamlReadFile<PatchError>(path), path, archs);
}

std::string emitPatchSet(const PatchSet& ps) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "archscan" << YAML::Value << 1;
  out << YAML::Key << "name" << YAML::Value << ps.name;
  out << YAML::Key << "description" << YAML::Value << ps.description;
  out << YAML::Key << "rules" << YAML::Value << YAML::BeginSeq;
  for (const auto& r : ps.rules) {
    out << YAML::BeginMap;
    out << YAML::Key << "add" << YAML::Value << r.add.name();
    out << YAML::Key << "like" << YAML::Value << r.like.name();
    auto emitFilter = [&](const char* key, const SiteFilter& f) {
      if (f.empty()) return;
      out << YAML::Key << key << YAML::Value << YAML::BeginMap;
      if (!f.files.empty()) out << YAML::Key << "files" << YAML::Value << YAML::Flow << f.files;
      if (!f.sites.empty()) out << YAML::Key << "sites" << YAML::Value << YAML::Flow << f.sites;
      if (!f.kinds.empty()) out << YAML::Key << "kinds" << YAML::Value << YAML::Flow << f.kinds;
      if (!f.families.empty()) out << YAML::Key << "family" << YAML::Value << YAML::Flow << f.families;
      out << YAML::EndMap;
    };
    emitFilter("where", r.where);
    emitFilter("except", r.except);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace archscan
