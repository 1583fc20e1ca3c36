#include "empty_tables.h"

#include <algorithm>
#include <set>
#include <string>

namespace archscan::cpp {
namespace {

bool punct(std::string_view text, const Token& t, std::string_view p) {
  return t.kind == Tok::Punct && spell(text, t) == p;
}

// `const ... NAME = {};` or `const ... NAME{};`, read from the raw lexer's
// tokens (comments and strings are not code). Only const: a table that is
// filled later (`kernels[key] = ...`) is empty only at its declaration.
// Function-local statics of one name in several functions: empty only if no
// declaration of the name in the file holds anything.
std::set<std::string> emptyConstTables(std::string_view text, const std::vector<Token>& tokens) {
  std::set<std::string> empty, filled;
  for (size_t i = 1; i + 1 < tokens.size(); ++i) {
    if (!punct(text, tokens[i], "{")) continue;
    size_t n = i - 1;
    if (punct(text, tokens[n], "=") && n > 0) --n;
    if (tokens[n].kind != Tok::Ident) continue;
    std::string name(spell(text, tokens[n]));
    if (!punct(text, tokens[i + 1], "}")) {
      filled.insert(name);
      continue;
    }
    if (i + 2 >= tokens.size() || !punct(text, tokens[i + 2], ";")) continue;
    // The declaration's own tokens, back to the statement before it.
    for (size_t k = n; k-- > 0;) {
      const Token& t = tokens[k];
      if (t.kind == Tok::Directive || punct(text, t, ";") || punct(text, t, "{") || punct(text, t, "}")) break;
      if (t.kind == Tok::Ident && spell(text, t) == "const") {
        empty.insert(name);
        break;
      }
    }
  }
  for (const auto& n : filled) empty.erase(n);
  return empty;
}

}  // namespace

void dropEmptyTableNeeds(std::vector<Site>& sites, std::string_view source, const std::vector<Token>& tokens) {
  std::set<std::string> empty = emptyConstTables(source, tokens);
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
