#include "empty_tables.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

namespace archscan::cpp {
namespace {

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The identifier that ends just before `end` (after blanks and one `=`),
// and where it starts; empty when there is none.
std::string nameBefore(std::string_view s, size_t end, size_t& start) {
  size_t i = end;
  while (i > 0 && blank(s[i - 1])) --i;
  if (i > 0 && s[i - 1] == '=') --i;
  while (i > 0 && blank(s[i - 1])) --i;
  size_t e = i;
  while (i > 0 && identChar(s[i - 1])) --i;
  start = i;
  if (i == e || std::isdigit(static_cast<unsigned char>(s[i]))) return {};
  return std::string(s.substr(i, e - i));
}

// Whether the statement that ends at `start` (back to the last `;`, `{` or
// `}`) declares const: `static const std::map<...> NAME`.
bool constStatement(std::string_view s, size_t start) {
  size_t b = s.find_last_of(";{}", start == 0 ? 0 : start - 1);
  std::string_view stmt =
      s.substr(b == std::string_view::npos ? 0 : b + 1, start - (b == std::string_view::npos ? 0 : b + 1));
  for (size_t at = stmt.find("const"); at != std::string_view::npos; at = stmt.find("const", at + 1))
    if ((at == 0 || !identChar(stmt[at - 1])) && (at + 5 >= stmt.size() || !identChar(stmt[at + 5]))) return true;
  return false;
}

// `const ... NAME = {};` or `const ... NAME{};`. Only const: a table that is
// filled later (`kernels[key] = ...`) is empty only at its declaration. One
// pass over the text, no regex: a generated header of megabytes is read in
// linear time and constant stack.
std::set<std::string> emptyConstTables(std::string_view s) {
  std::set<std::string> empty, filled;
  for (size_t open = s.find('{'); open != std::string_view::npos; open = s.find('{', open + 1)) {
    size_t start = 0;
    std::string name = nameBefore(s, open, start);
    if (name.empty()) continue;
    size_t i = open + 1;
    while (i < s.size() && blank(s[i])) ++i;
    if (i < s.size() && s[i] != '}') {
      filled.insert(name);  // a namesake that holds something
      continue;
    }
    size_t j = i + 1;
    while (j < s.size() && blank(s[j])) ++j;
    if (j < s.size() && s[j] == ';' && constStatement(s, start)) empty.insert(name);
  }
  // Function-local statics of one name in several functions: empty only if
  // no declaration of the name in the file holds anything.
  for (const auto& n : filled) empty.erase(n);
  return empty;
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
