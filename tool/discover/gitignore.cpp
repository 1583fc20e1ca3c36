#include "discover/gitignore.h"

#include <fnmatch.h>

#include <sstream>

namespace archscan {

bool globMatch(const std::string& pattern, const std::string& path) {
  // "**/" may match zero folders: try with it removed too.
  size_t dd = pattern.find("**/");
  if (dd != std::string::npos) {
    std::string without = pattern.substr(0, dd) + pattern.substr(dd + 3);
    if (globMatch(without, path)) return true;
  }
  std::string p = pattern;
  // With FNM_PATHNAME off, '*' crosses '/', which is what '**' means.
  bool deep = p.find("**") != std::string::npos;
  return fnmatch(p.c_str(), path.c_str(), deep ? 0 : FNM_PATHNAME) == 0;
}

void IgnoreRules::add(const std::string& text, const std::string& base) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    Rule r;
    r.base = base;
    if (line[0] == '!') {
      r.negate = true;
      line.erase(0, 1);
    }
    if (!line.empty() && line.back() == '/') {
      r.dirOnly = true;
      line.pop_back();
    }
    if (!line.empty() && line[0] == '/') {
      r.anchored = true;
      line.erase(0, 1);
    } else if (line.find('/') != std::string::npos) {
      r.anchored = true;
    }
    if (line.empty()) continue;
    r.pattern = line;
    rules_.push_back(r);
  }
}

bool IgnoreRules::ignored(const std::string& rel, bool isDir) const {
  bool result = false;
  for (const auto& r : rules_) {
    if (r.dirOnly && !isDir) continue;
    std::string sub = rel;
    if (!r.base.empty()) {
      if (rel.rfind(r.base + "/", 0) != 0) continue;
      sub = rel.substr(r.base.size() + 1);
    }
    bool m;
    if (r.anchored) {
      m = globMatch(r.pattern, sub);
    } else {
      std::string name = sub.substr(sub.rfind('/') == std::string::npos ? 0 : sub.rfind('/') + 1);
      m = globMatch(r.pattern, name);
    }
    if (m) result = !r.negate;
  }
  return result;
}

}  // namespace archscan
