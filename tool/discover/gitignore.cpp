#include "discover/gitignore.h"

#include <sstream>

#include "util/glob.h"

namespace archscan {

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
