#include "bool_predicates.h"

namespace archscan::cpp {

std::optional<FlagUse> flagUse(std::string_view text, const std::vector<Token>& tokens, const Span& test) {
  auto [first, last] = tokensWithin(tokens, test.begin, test.end);
  if (first < 3 || last >= tokens.size() || spell(text, tokens[last]) != ";") return std::nullopt;
  if (spell(text, tokens[first - 1]) != "=" || tokens[first - 2].kind != Tok::Ident) return std::nullopt;
  std::string_view type = spell(text, tokens[first - 3]);
  if (type != "bool" && type != "auto") return std::nullopt;
  FlagUse use;
  use.flag = std::string(spell(text, tokens[first - 2]));
  // Look in the rest of the enclosing block only.
  int depth = 0;
  for (size_t i = last + 1; i + 4 < tokens.size(); ++i) {
    std::string_view w = spell(text, tokens[i]);
    if (w == "{") ++depth;
    if (w == "}" && --depth < 0) return std::nullopt;
    if (w != "if" || spell(text, tokens[i + 1]) != "(" || spell(text, tokens[i + 2]) != use.flag ||
        spell(text, tokens[i + 3]) != ")")
      continue;
    use.line = tokens[i].line;
    size_t open = i + 4;
    if (spell(text, tokens[open]) != "{") return std::nullopt;
    size_t close = matchingToken(text, tokens, open);
    if (close >= tokens.size()) return std::nullopt;
    use.taken = exitOf(text, tokens, Span{tokens[open].end, tokens[close].begin});
    size_t next = close + 1;
    if (next + 1 < tokens.size() && spell(text, tokens[next]) == "else" && spell(text, tokens[next + 1]) == "{") {
      size_t elseClose = matchingToken(text, tokens, next + 1);
      if (elseClose >= tokens.size()) return std::nullopt;
      use.has_else = true;
      use.other = exitOf(text, tokens, Span{tokens[next + 1].end, tokens[elseClose].begin});
      return use;
    }
    // Without an else, unlisted archs run on after the if, up to the block's end.
    size_t end = next;
    for (int d = 0; end < tokens.size(); ++end) {
      std::string_view t = spell(text, tokens[end]);
      if (t == "{") ++d;
      if (t == "}" && --d < 0) break;
    }
    if (next < tokens.size() && end <= tokens.size())
      use.other =
          exitOf(text, tokens, Span{tokens[next].begin, end < tokens.size() ? tokens[end].begin : tokens.back().end});
    return use;
  }
  return std::nullopt;
}

}  // namespace archscan::cpp
