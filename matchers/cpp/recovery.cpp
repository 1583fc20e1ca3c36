#include "recovery.h"

#include <algorithm>
#include <set>

#include "raw_conditions.h"

namespace archscan::cpp {
namespace {

size_t matching(std::string_view text, const std::vector<Token>& t, size_t open, std::string_view o, std::string_view c) {
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    std::string_view s = spell(text, t[i]);
    if (s == o) ++depth;
    if (s == c && --depth == 0) return i;
  }
  return t.size();
}

// The function a token sits in, by the text alone: the nearest enclosing
// `name(...) ... {` that is not a control statement.
std::string enclosingFunctionName(std::string_view text, const std::vector<Token>& t, size_t at) {
  int depth = 0;
  for (size_t i = at; i-- > 0;) {
    std::string_view s = spell(text, t[i]);
    if (s == "}") ++depth;
    if (s != "{") continue;
    if (depth > 0) {
      --depth;
      continue;
    }
    // Skip qualifiers between `)` and `{`: const, noexcept, override, -> T.
    size_t j = i;
    while (j > 0 && spell(text, t[j - 1]) != ")" && t[j - 1].kind == Tok::Ident) --j;
    if (j == 0 || spell(text, t[j - 1]) != ")") continue;
    int parens = 0;
    size_t k = j - 1;
    for (;; --k) {
      std::string_view x = spell(text, t[k]);
      if (x == ")") ++parens;
      if (x == "(" && --parens == 0) break;
      if (k == 0) return {};
    }
    if (k == 0 || t[k - 1].kind != Tok::Ident) continue;
    std::string name(spell(text, t[k - 1]));
    if (name == "if" || name == "for" || name == "while" || name == "switch" || name == "catch") continue;
    return name;
  }
  return {};
}

}  // namespace

std::vector<SwitchObs> rawSwitches(std::string_view text, const std::vector<Token>& t) {
  std::vector<SwitchObs> out;
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    if (t[i].kind != Tok::Ident || spell(text, t[i]) != "switch" || spell(text, t[i + 1]) != "(") continue;
    size_t close = matching(text, t, i + 1, "(", ")");
    if (close + 1 >= t.size() || spell(text, t[close + 1]) != "{") continue;
    size_t bodyOpen = close + 1, bodyClose = matching(text, t, bodyOpen, "{", "}");
    if (bodyClose >= t.size()) continue;
    SwitchObs sw;
    sw.recovered = true;
    sw.function = enclosingFunctionName(text, t, i);
    sw.subject = rawOperand(text, t, i + 2, close);
    sw.whole = tokenSpan(t[i], t[bodyClose]);
    sw.body = tokenSpan(t[bodyOpen], t[bodyClose]);
    int depth = 0;
    for (size_t k = bodyOpen; k <= bodyClose; ++k) {
      std::string_view s = spell(text, t[k]);
      if (s == "{") ++depth;
      if (s == "}") --depth;
      if (depth != 1 || t[k].kind != Tok::Ident) continue;
      if (s == "default" && k + 1 < t.size() && spell(text, t[k + 1]) == ":") {
        Branch b;
        b.body = Span{t[k].begin, t[bodyClose].begin, t[k].line, t[bodyClose].line};
        sw.fallthrough_default = b;
        continue;
      }
      if (s != "case") continue;
      size_t from = k + 1, to = from;
      int parens = 0;
      while (to < bodyClose) {
        std::string_view x = spell(text, t[to]);
        if (x == "(") ++parens;
        if (x == ")") --parens;
        if (x == ":" && parens == 0) break;
        ++to;
      }
      if (to == from || to >= bodyClose) continue;
      CaseObs c;
      c.recovered = true;
      c.label = tokenSpan(t[from], t[to - 1]);
      c.text = std::string(text.substr(c.label.begin, c.label.end - c.label.begin));
      if (to - from == 1 && t[from].kind == Tok::Number) c.value = integerValue(c.text);
      else if (t[to - 1].kind == Tok::Ident) c.enumerator = std::string(spell(text, t[to - 1]));
      sw.cases.push_back(c);
      k = to;
    }
    out.push_back(std::move(sw));
  }
  return out;
}

int recoverSwitches(std::vector<SwitchObs>& clang, const std::vector<SwitchObs>& raw) {
  int added = 0;
  for (const auto& r : raw) {
    SwitchObs* seen = nullptr;
    for (auto& c : clang)
      if (c.whole.begin == r.whole.begin) seen = &c;
    if (!seen) {
      clang.push_back(r);
      added += static_cast<int>(r.cases.size());
      continue;
    }
    std::set<uint32_t> have;
    for (const auto& c : seen->cases) have.insert(c.label.begin);
    for (const auto& c : r.cases)
      if (!have.count(c.label.begin)) {
        seen->cases.push_back(c);
        ++added;
      }
    if (!seen->fallthrough_default && r.fallthrough_default) seen->fallthrough_default = r.fallthrough_default;
    std::sort(seen->cases.begin(), seen->cases.end(),
              [](const CaseObs& a, const CaseObs& b) { return a.label.begin < b.label.begin; });
  }
  return added;
}

}  // namespace archscan::cpp
