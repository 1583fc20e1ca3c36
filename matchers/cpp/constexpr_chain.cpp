#include "constexpr_chain.h"

#include "cpp_subject.h"

namespace archscan::cpp {
namespace {

// The index of the token closing the bracket opened at `open`, or npos.
size_t closing(std::string_view text, const std::vector<Token>& tokens, size_t open) {
  size_t i = matchingToken(text, tokens, open);
  return i < tokens.size() ? i : std::string::npos;
}

// The statement starting at token `i`: a braced block or up to its `;`.
// Returns the index of its last token, or npos.
size_t statementEnd(std::string_view text, const std::vector<Token>& tokens, size_t i) {
  if (i >= tokens.size()) return std::string::npos;
  if (spell(text, tokens[i]) == "{") return closing(text, tokens, i);
  for (size_t j = i; j < tokens.size(); ++j) {
    std::string_view w = spell(text, tokens[j]);
    if (w == "(" || w == "[" || w == "{") {
      j = closing(text, tokens, j);
      if (j == std::string::npos) return j;
    } else if (w == ";") {
      return j;
    }
  }
  return std::string::npos;
}

}  // namespace

std::optional<ConstexprChainEnd> constexprChainEnd(std::string_view text, const std::vector<Token>& fileTokens,
                                                   uint32_t at) {
  // Inside a #define body (one directive token of the file): its own tokens,
  // without the line continuations.
  const Token* directive = directiveAround(fileTokens, at);
  std::vector<Token> own = directive ? directiveOperands(text, *directive) : std::vector<Token>{};
  const std::vector<Token>& tokens = own.empty() ? fileTokens : own;
  size_t t = 0;
  while (t < tokens.size() && tokens[t].end <= at) ++t;
  // Out to the unmatched `(` before `at`, which must follow `if constexpr`.
  int depth = 0;
  size_t open = std::string::npos;
  for (size_t i = t; i-- > 0;) {
    std::string_view w = spell(text, tokens[i]);
    if (w == ")") ++depth;
    else if (w == "(" && depth-- == 0) {
      open = i;
      break;
    } else if (w == ";" || w == "{" || w == "}") {
      return std::nullopt;
    }
  }
  if (open == std::string::npos || open < 2 || spell(text, tokens[open - 1]) != "constexpr" ||
      spell(text, tokens[open - 2]) != "if")
    return std::nullopt;
  // Back to the chain's first `if`: `else if constexpr` continues one.
  size_t first = open - 2;
  while (first >= 1 && spell(text, tokens[first - 1]) == "else") {
    size_t j = first - 1;  // the `else`; the statement before it ends at j - 1
    if (j == 0) break;
    // The previous arm's body is a braced block: find its `{` and its `if constexpr (`.
    if (spell(text, tokens[j - 1]) != "}") break;
    int d = 0;
    size_t k = j - 1;
    for (;; --k) {
      std::string_view w = spell(text, tokens[k]);
      if (w == "}") ++d;
      else if (w == "{" && --d == 0) break;
      if (k == 0) return std::nullopt;
    }
    if (k == 0 || spell(text, tokens[k - 1]) != ")") break;
    d = 0;
    size_t p = k - 1;
    for (;; --p) {
      std::string_view w = spell(text, tokens[p]);
      if (w == ")") ++d;
      else if (w == "(" && --d == 0) break;
      if (p == 0) return std::nullopt;
    }
    if (p < 2 || spell(text, tokens[p - 1]) != "constexpr" || spell(text, tokens[p - 2]) != "if") break;
    first = p - 2;
  }
  const uint32_t chainBegin = tokens[first].begin;
  // Along the chain: (cond) stmt [else if constexpr (cond) stmt]... [else stmt].
  size_t i = open;
  while (true) {
    size_t close = closing(text, tokens, i);
    if (close == std::string::npos) return std::nullopt;
    size_t body = statementEnd(text, tokens, close + 1);
    if (body == std::string::npos) return std::nullopt;
    size_t next = body + 1;
    if (next >= tokens.size() || spell(text, tokens[next]) != "else") {
      return ConstexprChainEnd{chainBegin, OnMissing::Fallback, "no arm of the if constexpr chain is compiled", ""};
    }
    if (next + 3 < tokens.size() && spell(text, tokens[next + 1]) == "if" &&
        spell(text, tokens[next + 2]) == "constexpr" && spell(text, tokens[next + 3]) == "(") {
      i = next + 3;
      continue;
    }
    size_t last = statementEnd(text, tokens, next + 1);
    if (last == std::string::npos) return std::nullopt;
    Span s{tokens[next + 1].begin, tokens[last].end, tokens[next + 1].line, tokens[last].line};
    // A static_assert in the discarded else fires when an unlisted arch
    // instantiates it: the build fails for that arch.
    for (size_t j = next + 1; j <= last; ++j)
      if (spell(text, tokens[j]) == "static_assert")
        return ConstexprChainEnd{chainBegin, OnMissing::Crash, "the else branch does not compile (static_assert)",
                                 stringLiterals(text, tokens, j, last + 1)};
    BlockExit x = exitOf(text, tokens, s);
    if (x.exit == Exit::Crashes)
      return ConstexprChainEnd{chainBegin, OnMissing::Crash, "the else branch: " + x.what, x.message};
    return ConstexprChainEnd{chainBegin, OnMissing::Fallback, "the else branch runs instead", ""};
  }
}

}  // namespace archscan::cpp
