#pragma once
// A small .gitignore matcher: `#` comments, `!` negation, `/` anchoring,
// trailing `/` for directories, `*`, `?`, `[...]` and `**`.
#include <string>
#include <vector>

namespace archscan {

class IgnoreRules {
 public:
  // Adds the patterns of one .gitignore; `base` is its folder relative to the root ("" for the root).
  void add(const std::string& text, const std::string& base);
  // `rel`: path relative to the root, with '/' separators.
  bool ignored(const std::string& rel, bool isDir) const;

 private:
  struct Rule {
    std::string base;
    std::string pattern;
    bool negate = false;
    bool dirOnly = false;
    bool anchored = false;
  };
  std::vector<Rule> rules_;
};

}  // namespace archscan
