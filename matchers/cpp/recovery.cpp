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
