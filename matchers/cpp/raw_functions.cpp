#include "raw_functions.h"

#include <algorithm>
#include <set>

namespace archscan::cpp {
namespace {

bool control(std::string_view name) {
  static const std::set<std::string_view> words = {"if",
                                                   "for",
                                                   "while",
                                                   "switch",
                                                   "catch",
                                                   "return",
                                                   "sizeof",
                                                   "decltype",
                                                   "static_cast",
                                                   "const_cast",
                                                   "reinterpret_cast",
                                                   "dynamic_cast",
                                                   "alignof",
                                                   "defined",
                                                   "__attribute__",
                                                   "noexcept"};
  return words.count(name) > 0;
}

}  // namespace

std::string functionHeadName(std::string_view text, const std::vector<Token>& t, size_t i) {
  size_t j = i;
  // Qualifiers between `)` and `{`: const, noexcept, override, final.
  while (j > 0 && t[j - 1].kind == Tok::Ident && spell(text, t[j - 1]) != ")") --j;
  if (j == 0 || spell(text, t[j - 1]) != ")") return {};
  int parens = 0;
  size_t k = j - 1;
  for (;; --k) {
    std::string_view x = spell(text, t[k]);
    if (x == ")") ++parens;
    if (x == "(" && --parens == 0) break;
    if (k == 0) return {};
  }
  if (k == 0 || t[k - 1].kind != Tok::Ident || control(spell(text, t[k - 1]))) return {};
  return std::string(spell(text, t[k - 1]));
}

std::vector<RawFunction> rawFunctions(std::string_view text, const std::vector<Token>& t) {
  std::vector<RawFunction> out;
  int depth = 0, functionDepth = -1;
  RawFunction open;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind != Tok::Punct) continue;
    std::string_view s = spell(text, t[i]);
    if (s == "{") {
      if (functionDepth < 0) {
        std::string name = functionHeadName(text, t, i);
        if (!name.empty()) {
          functionDepth = depth;
          open = RawFunction{name, Span{t[i].begin, 0, t[i].line, 0}};
        }
      }
      ++depth;
    } else if (s == "}" && depth > 0) {
      --depth;
      if (depth == functionDepth) {
        open.body.end = t[i].end;
        open.body.end_line = t[i].line;
        out.push_back(open);
        functionDepth = -1;
      }
    }
  }
  return out;
}

std::vector<std::string> callsIn(std::string_view text, const std::vector<Token>& t, const Span& body, size_t most) {
  std::vector<std::string> out;
  auto from = std::lower_bound(t.begin(), t.end(), body.begin, [](const Token& a, uint32_t b) { return a.begin < b; });
  for (auto it = from; it != t.end() && it + 1 != t.end() && it->end <= body.end && out.size() < most; ++it) {
    if (it->kind != Tok::Ident || spell(text, *(it + 1)) != "(") continue;
    std::string_view name = spell(text, *it);
    if (control(name) || std::find(out.begin(), out.end(), name) != out.end()) continue;
    out.emplace_back(name);
  }
  return out;
}

}  // namespace archscan::cpp
