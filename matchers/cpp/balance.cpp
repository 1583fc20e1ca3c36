#include "balance.h"

#include <string>
#include <vector>

#include "raw_lexer.h"

namespace archscan::cpp {
namespace {

// Brackets of `tokens` that do not pair up.
int bracketErrors(std::string_view text, const std::vector<Token>& tokens) {
  int errors = 0;
  std::vector<char> open;
  for (const auto& t : tokens) {
    if (t.kind != Tok::Punct) continue;
    std::string_view s = spell(text, t);
    if (s == "(" || s == "[" || s == "{") {
      open.push_back(s[0]);
    } else if (s == ")" || s == "]" || s == "}") {
      // A closer pairs with the nearest opener of its kind; the openers it
      // passes over were never closed. A closer with none is stray.
      char want = s == ")" ? '(' : s == "]" ? '[' : '{';
      size_t at = open.size();
      while (at > 0 && open[at - 1] != want) --at;
      if (at == 0) {
        ++errors;
        continue;
      }
      errors += static_cast<int>(open.size() - at);
      open.resize(at - 1);
    }
  }
  return errors + static_cast<int>(open.size());
}

}  // namespace

int imbalances(std::string_view text) {
  std::vector<Token> tokens = lexCpp(text);
  std::vector<Token> code;
  int errors = 0, depth = 0;
  for (const auto& t : tokens) {
    if (t.kind != Tok::Directive) {
      code.push_back(t);
      continue;
    }
    std::string name = directiveHead(text, t).name;
    if (name == "if" || name == "ifdef" || name == "ifndef") ++depth;
    if (name == "endif" && --depth < 0) ++errors, depth = 0;
    if (name == "if" || name == "elif" || name == "define") errors += bracketErrors(text, directiveOperands(text, t));
  }
  return errors + depth + bracketErrors(text, code);
}

}  // namespace archscan::cpp
