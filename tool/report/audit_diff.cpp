#include "report/audit_diff.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <set>

#include "util/json_writer.h"
#include "util/nesting.h"
#include "util/plural.h"
#include "version.h"

namespace archscan {

bool isGap(const std::string& s) { return s == "crash" || s == "fallback" || s == "unknown"; }

namespace {

struct OldRow {
  std::string name, file;
  int line = 0;
  std::map<std::string, std::string> cells;
};

std::string str(const YAML::Node& n) { return n && n.IsScalar() ? n.as<std::string>() : ""; }

size_t distinctIds(const std::vector<AuditChange>& v) {
  std::set<std::string> ids;
  for (const auto& c : v) ids.insert(c.id);
  return ids.size();
}

}  // namespace

AuditDiff diffAudit(const AuditModel& now, const std::string& oldJson, const std::string& oldPath) {
  if (auto deep = nestingProblem(oldJson)) throw AuditDiffError(deep->at(oldPath));
  YAML::Node root;
  try {
    root = YAML::Load(oldJson);
  } catch (const YAML::Exception& e) {
    throw AuditDiffError(oldPath + ":" + std::to_string(e.mark.line + 1) + ": not JSON: " + e.msg);
  }
  if (!root.IsMap() || str(root["kind"]) != "audit" || !root["rows"].IsSequence() || !root["targets"].IsSequence())
    throw AuditDiffError(oldPath + ": not an archscan audit JSON (write one with audit --format json)");
  if (str(root["schema"]) != "2")
    throw AuditDiffError(oldPath + ": audit JSON schema " + str(root["schema"]) + "; --diff reads schema 2");
  AuditDiff d;
  d.old_path = oldPath;
  std::set<std::string> oldTargets;
  for (const auto& t : root["targets"]) oldTargets.insert(str(t));
  for (const auto& t : now.targets) (oldTargets.count(t) ? d.targets : d.only_now).push_back(t);
  for (const auto& t : oldTargets)
    if (std::find(now.targets.begin(), now.targets.end(), t) == now.targets.end()) d.only_then.push_back(t);

  std::map<std::string, OldRow> old;
  size_t index = 0;
  for (const auto& r : root["rows"]) {
    std::string id = str(r["id"]);
    if (id.empty() || !r["cells"].IsMap())
      throw AuditDiffError(oldPath + ": row " + std::to_string(index) + " has no id or cells");
    OldRow o{str(r["name"]), str(r["file"]), r["line"] ? r["line"].as<int>() : 0, {}};
    for (const auto& c : r["cells"]) o.cells[str(c.first)] = str(c.second);
    old[id] = o;
    ++index;
  }
  std::set<std::string> seen;
  for (const auto& r : now.rows) {
    seen.insert(r.id);
    auto it = old.find(r.id);
    for (const auto& t : d.targets) {
      size_t c = static_cast<size_t>(std::find(now.targets.begin(), now.targets.end(), t) - now.targets.begin());
      std::string state = cellStateName(r.cells[c].state);
      AuditChange ch{r.id, r.name, r.where.file, t, r.where.line, "", state};
      if (it == old.end()) {
        d.new_sites.push_back(ch);
        continue;
      }
      ch.was = it->second.cells.count(t) ? it->second.cells.at(t) : "";
      if (isGap(ch.was) && !isGap(state)) d.fixed.push_back(ch);
      else if (!isGap(ch.was) && isGap(state)) d.new_gaps.push_back(ch);
      else if (isGap(ch.was) && ch.was != state) d.changed.push_back(ch);
    }
  }
  for (const auto& [id, o] : old) {
    if (seen.count(id)) continue;
    for (const auto& t : d.targets)
      d.removed.push_back({id, o.name, o.file, t, o.line, o.cells.count(t) ? o.cells.at(t) : "", ""});
  }
  return d;
}

namespace {

struct Section {
  const char* title;
  const std::vector<AuditChange>* items;
};

std::vector<Section> sections(const AuditDiff& d) {
  return {{"Fixed", &d.fixed},
          {"New gaps", &d.new_gaps},
          {"Effect changed", &d.changed},
          {"New sites", &d.new_sites},
          {"Removed sites", &d.removed}};
}

std::string headline(const AuditDiff& d) {
  size_t newWithGap = 0;
  std::set<std::string> ids;
  for (const auto& c : d.new_sites)
    if (isGap(c.now) && ids.insert(c.id).second) ++newWithGap;
  size_t removedGaps = 0;
  for (const auto& c : d.removed) removedGaps += isGap(c.was) ? 1 : 0;
  return std::to_string(d.fixed.size()) + " fixed, " + counted(d.new_gaps.size(), "new gap") + ", " +
         std::to_string(d.changed.size()) + " changed, " + counted(distinctIds(d.new_sites), "new site") + " (" +
         std::to_string(newWithGap) + " with a gap), " + counted(distinctIds(d.removed), "removed site") + " (" +
         counted(removedGaps, "gap") + " gone with them)";
}

std::string targetsNote(const AuditDiff& d) {
  std::string out;
  for (const auto& t : d.only_now) out += (out.empty() ? "" : "; ") + t + " is new in this run (not compared)";
  for (const auto& t : d.only_then) out += (out.empty() ? "" : "; ") + t + " was audited only then (not compared)";
  return out;
}

std::string change(const AuditChange& c) {
  if (c.was.empty()) return c.now;
  if (c.now.empty()) return c.was + " (gone)";
  return c.was + " -> " + c.now;
}

}  // namespace

void printAuditDiffText(const AuditDiff& d, std::ostream& out) {
  out << "archscan audit --diff " << d.old_path << ": " << headline(d) << "\n";
  if (!targetsNote(d).empty()) out << "  " << targetsNote(d) << "\n";
  for (const auto& s : sections(d)) {
    if (s.items->empty()) continue;
    out << "\n" << s.title << ":\n";
    for (const auto& c : *s.items)
      out << "  " << c.target << "  " << change(c) << "  " << c.name << "  " << c.file << ":" << c.line << "\n";
  }
}

void printAuditDiffMarkdown(const AuditDiff& d, std::ostream& out) {
  out << "## archscan audit: changes since `" << d.old_path << "`\n\n" << headline(d) << ".\n";
  if (!targetsNote(d).empty()) out << "\n" << targetsNote(d) << ".\n";
  for (const auto& s : sections(d)) {
    if (s.items->empty()) continue;
    out << "\n### " << s.title << "\n\n| target | change | site | where |\n|---|---|---|---|\n";
    for (const auto& c : *s.items)
      out << "| " << c.target << " | " << change(c) << " | `" << c.name << "` | " << c.file << ":" << c.line << " |\n";
  }
}

void printAuditDiffJson(const AuditDiff& d, std::ostream& out) {
  JsonWriter w(out);
  w.beginObject().field("tool", "archscan").field("version", kArchscanVersion).field("schema", 2);
  w.field("kind", "audit-diff").field("old", d.old_path);
  w.key("targets").beginArray();
  for (const auto& t : d.targets) w.value(t);
  w.endArray();
  auto list = [&](const char* key, const std::vector<AuditChange>& v) {
    w.key(key).beginArray();
    for (const auto& c : v) {
      w.beginObject().field("id", c.id).field("name", c.name).field("file", c.file).field("line", c.line);
      w.field("target", c.target);
      w.key("was");
      if (c.was.empty()) w.null();
      else w.value(c.was);
      w.key("now");
      if (c.now.empty()) w.null();
      else w.value(c.now);
      w.endObject();
    }
    w.endArray();
  };
  list("fixed", d.fixed);
  list("new_gaps", d.new_gaps);
  list("changed", d.changed);
  list("new_sites", d.new_sites);
  list("removed", d.removed);
  w.endObject();
  w.finish();
}

}  // namespace archscan
