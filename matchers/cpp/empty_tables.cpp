#include "empty_tables.h"

#include <algorithm>
#include <regex>
#include <set>
#include <string>

namespace archscan::cpp {
namespace {

// `const ... NAME = {};` or `const ... NAME{};`. Only const: a table that
// is filled later (`kernels[key] = ...`) is empty only at its declaration.
std::set<std::string> emptyConstTables(std::string_view source) {
  std::set<std::string> out;
  if (source.find("{}") == std::string_view::npos && source.find("{ }") == std::string_view::npos) return out;
  static const std::regex decl(R"(\bconst\b[^;={}()]*?\b([A-Za-z_]\w*)\s*(?:=\s*)?\{\s*\}\s*;)");
  std::string text(source);
  for (std::sregex_iterator it(text.begin(), text.end(), decl), end; it != end; ++it) out.insert((*it)[1].str());
  // Function-local statics of one name in several functions: empty only if
  // no declaration of the name in the file holds anything.
  for (auto it = out.begin(); it != out.end();) {
    std::regex filled("\\b" + *it + R"(\s*(?:=\s*)?\{\s*[^\s}])");
    it = std::regex_search(text, filled) ? out.erase(it) : std::next(it);
  }
  return out;
}

}  // namespace

void dropEmptyTableNeeds(std::vector<Site>& sites, std::string_view source) {
  std::set<std::string> empty = emptyConstTables(source);
  if (empty.empty()) return;
  auto citesEmpty = [&](const NeedEvidence& e) {
    return e.why.size() > 2 && e.why.front() == '`' && e.why.back() == '`' &&
           empty.count(e.why.substr(1, e.why.size() - 2)) > 0;
  };
  for (Site& s : sites) {
    for (PathNeed& n : s.needs)
      n.needs.erase(std::remove_if(n.needs.begin(), n.needs.end(), citesEmpty), n.needs.end());
    s.needs.erase(std::remove_if(s.needs.begin(), s.needs.end(), [](const PathNeed& n) { return n.needs.empty(); }),
                  s.needs.end());
  }
}

}  // namespace archscan::cpp
