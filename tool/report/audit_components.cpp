// Which component a site belongs to: archscan.yaml `components:` globs, then
// CODEOWNERS owners, then the top-level package or folder.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "report/audit_model.h"
#include "util/glob.h"

namespace archscan {
namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// CODEOWNERS lines: "pattern owner...", comments with #, the last match wins.
std::vector<std::pair<std::string, std::string>> parseCodeowners(std::istream& in) {
  std::vector<std::pair<std::string, std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#' || line[0] == '[') continue;  // [Section] headers (GitLab)
    std::istringstream words(line);
    std::string pattern, owner, owners;
    words >> pattern;
    while (words >> owner) {
      if (owner[0] == '#') break;
      owners += (owners.empty() ? "" : " ") + owner;
    }
    out.emplace_back(pattern, owners);  // no owners: the path is explicitly unowned
  }
  return out;
}

}  // namespace

bool codeownersMatch(const std::string& pattern, const std::string& rel) {
  std::string p = pattern;
  bool anchored = !p.empty() && p[0] == '/';
  if (anchored) p = p.substr(1);
  bool dirOnly = !p.empty() && p.back() == '/';
  if (dirOnly) p.pop_back();
  if (p.empty()) return false;
  if (p.find('/') != std::string::npos) anchored = true;  // a slash inside: relative to the root
  std::vector<std::string> forms;
  std::string base = anchored ? p : "**/" + p;
  if (!dirOnly) forms.push_back(base);
  forms.push_back(base + "/**");
  if (!anchored) {
    if (!dirOnly) forms.push_back(p);
    forms.push_back(p + "/**");
  }
  for (const auto& f : forms)
    if (globMatch(f, rel)) return true;
  return false;
}

ComponentRules loadComponentRules(const AuditOptions& opts) {
  namespace fs = std::filesystem;
  ComponentRules r;
  r.globs = opts.components;
  fs::path root = opts.root.empty() ? fs::path(".") : fs::path(opts.root);
  for (const char* where : {"CODEOWNERS", ".github/CODEOWNERS", "docs/CODEOWNERS"}) {
    std::ifstream in(root / where);
    if (!in) continue;
    r.owners = parseCodeowners(in);
    r.source = std::string("CODEOWNERS (") + where + ")";
    break;
  }
  if (!r.globs.empty()) r.source = "archscan.yaml components" + (r.source.empty() ? "" : ", then " + r.source);
  r.source += std::string(r.source.empty() ? "" : ", then ") + "the top-level package or folder";
  return r;
}

std::string componentOf(const ComponentRules& rules, const std::string& rel, const std::string& module) {
  for (const auto& [name, globs] : rules.globs)
    for (const auto& g : globs)
      if (globMatch(g, rel)) return name;
  std::string owners;
  bool matched = false;
  for (const auto& [pattern, who] : rules.owners)
    if (codeownersMatch(pattern, rel)) {
      owners = who;
      matched = true;
    }
  if (matched && !owners.empty()) return owners;
  // A package file: its top-level package and first subpackage (sglang.srt, vllm.attention).
  size_t dot = module.find('.');
  if (dot != std::string::npos) {
    size_t second = module.find('.', dot + 1);
    if (second != std::string::npos) return module.substr(0, second);
    return module.substr(0, dot);
  }
  size_t slash = rel.find('/');
  return slash == std::string::npos ? "(root)" : rel.substr(0, slash);
}

}  // namespace archscan
