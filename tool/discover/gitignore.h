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
  // Most rules are a plain name (`build`) or a plain suffix (`*.so`); those
  // are compared as strings, as fnmatch would match them, and only the rest
  // go to fnmatch. Every path of the tree is tried against every rule.
  enum class Shape { Literal, Suffix, Glob };
  struct Rule {
    std::string base;  // "" or the folder of its .gitignore, with a trailing '/'
    std::string pattern;
    std::string literal;  // Literal: the pattern; Suffix: the pattern without its leading '*'
    Shape shape = Shape::Glob;
    bool negate = false;
    bool dirOnly = false;
    bool anchored = false;
  };
  std::vector<Rule> rules_;
};

}  // namespace archscan
