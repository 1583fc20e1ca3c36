#include "discover/gitignore.h"

#include <sstream>
#include <string_view>

#include "util/glob.h"

namespace archscan {
namespace {

bool plain(std::string_view s) { return s.find_first_of("*?[\\") == std::string_view::npos; }

}  // namespace

void IgnoreRules::add(const std::string& text, const std::string& base) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    Rule r;
    r.base = base.empty() ? "" : base + "/";
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
    if (plain(line)) {
      r.shape = Shape::Literal;
      r.literal = line;
    } else if (!r.anchored && line[0] == '*' && plain(std::string_view(line).substr(1))) {
      r.shape = Shape::Suffix;
      r.literal = line.substr(1);
    }
    rules_.push_back(r);
  }
}

bool IgnoreRules::ignored(const std::string& rel, bool isDir) const {
  bool result = false;
  std::string_view path(rel);
  for (const auto& r : rules_) {
    if (r.dirOnly && !isDir) continue;
    std::string_view sub = path;
    if (!r.base.empty()) {
      if (path.substr(0, r.base.size()) != r.base) continue;
      sub.remove_prefix(r.base.size());
    }
    // An unanchored rule matches the last name; an anchored one the whole path below its base.
    std::string_view subject = r.anchored ? sub : sub.substr(sub.rfind('/') + 1);
    bool m = false;
    switch (r.shape) {
      case Shape::Literal:
        m = subject == r.literal;
        break;
      case Shape::Suffix:
        m = subject.size() >= r.literal.size() && subject.find('/') == std::string_view::npos &&
            subject.substr(subject.size() - r.literal.size()) == r.literal;
        break;
      case Shape::Glob:
        m = globMatch(r.pattern, std::string(subject));
        break;
    }
    if (m) result = !r.negate;
  }
  return result;
}

}  // namespace archscan
