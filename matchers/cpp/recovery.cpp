#include "recovery.h"

#include <algorithm>
#include <set>

#include <map>

#include "raw_conditions.h"
#include "raw_functions.h"

namespace archscan::cpp {
namespace {

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
    std::string name = functionHeadName(text, t, i);
    if (!name.empty()) return name;
  }
  return {};
}

// The last token of the statement starting at token i.
size_t statementEnd(std::string_view text, const std::vector<Token>& t, size_t i, int depth = 0) {
  if (i >= t.size() || depth > 64) return t.size() - 1;
  std::string_view s = spell(text, t[i]);
  if (s == "{") return std::min(matchingToken(text, t, i), t.size() - 1);
  if (s == "if" || s == "for" || s == "while" || s == "switch") {
    size_t open = i + 1;
    if (open < t.size() && spell(text, t[open]) == "constexpr") ++open;
    if (open >= t.size() || spell(text, t[open]) != "(") return i;
    size_t close = matchingToken(text, t, open);
    if (close + 1 >= t.size()) return t.size() - 1;
    size_t end = statementEnd(text, t, close + 1, depth + 1);
    if (s == "if" && end + 1 < t.size() && spell(text, t[end + 1]) == "else")
      return statementEnd(text, t, end + 2, depth + 1);
    return end;
  }
  int d = 0;
  for (size_t k = i; k < t.size(); ++k) {
    std::string_view x = spell(text, t[k]);
    if (x == "(" || x == "[" || x == "{") ++d;
    if (x == ")" || x == "]" || x == "}") {
      if (d == 0) return k > i ? k - 1 : i;
      --d;
    }
    if (x == ";" && d == 0) return k;
  }
  return t.size() - 1;
}

std::string lastComponent(const std::string& q) {
  auto p = q.rfind("::");
  return p == std::string::npos ? q : q.substr(p + 2);
}

// `int const sm = common::getSMVersion();` before token `at`: what the text
// says a local was set from, merged into a raw subject.
void traceLocal(std::string_view text, const std::vector<Token>& t, size_t at, Operand& o) {
  if (o.names.size() != 1 || o.calls.size() > 0) return;
  size_t stop = at > 512 ? at - 512 : 0;
  for (size_t k = at; k-- > stop + 1;) {
    if (spell(text, t[k]) != "=" || t[k - 1].kind != Tok::Ident || spell(text, t[k - 1]) != o.text) continue;
    size_t end = k + 1;
    while (end < t.size() && spell(text, t[end]) != ";") ++end;
    Operand from = rawOperand(text, t, k + 1, end);
    o.names.insert(o.names.end(), from.names.begin(), from.names.end());
    o.calls.insert(o.calls.end(), from.calls.begin(), from.calls.end());
    o.atoms.insert(o.atoms.end(), from.atoms.begin(), from.atoms.end());
    o.undefined_calls.insert(o.undefined_calls.end(), from.undefined_calls.begin(), from.undefined_calls.end());
    return;
  }
}

}  // namespace

std::vector<ChainObs> rawChains(std::string_view text, const std::vector<Token>& t) {
  std::vector<ChainObs> out;
  // The innermost open brace of every token: a chain's block.
  std::vector<size_t> enclosing(t.size(), SIZE_MAX), stack;
  for (size_t i = 0; i < t.size(); ++i) {
    enclosing[i] = stack.empty() ? SIZE_MAX : stack.back();
    std::string_view s = spell(text, t[i]);
    if (s == "{") stack.push_back(i);
    if (s == "}" && !stack.empty()) stack.pop_back();
  }
  std::map<size_t, std::pair<uint32_t, int>> lastInBlock;  // block -> (next statement begin, index)
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind != Tok::Ident || spell(text, t[i]) != "if") continue;
    if (i > 0 && spell(text, t[i - 1]) == "else") continue;
    ChainObs c;
    c.recovered = true;
    size_t j = i, last = i;
    bool ok = true;
    for (;;) {
      size_t open = j + 1;
      if (open < t.size() && spell(text, t[open]) == "constexpr") ++open;
      if (open >= t.size() || spell(text, t[open]) != "(") {
        ok = false;
        break;
      }
      size_t close = matchingToken(text, t, open);
      if (close + 1 >= t.size()) {
        ok = false;
        break;
      }
      Branch b;
      b.condition = rawCondition(text, t, open + 1, close, {});
      for (auto& conj : b.condition)
        for (auto& test : conj) traceLocal(text, t, i, test.subject);
      size_t end = statementEnd(text, t, close + 1);
      b.body = tokenSpan(t[close + 1], t[end]);
      c.branches.push_back(std::move(b));
      last = end;
      if (end + 2 < t.size() && spell(text, t[end + 1]) == "else") {
        if (spell(text, t[end + 2]) == "if") {
          j = end + 2;
          continue;
        }
        size_t e = statementEnd(text, t, end + 2);
        Branch other;
        other.body = tokenSpan(t[end + 2], t[e]);
        c.otherwise = other;
        last = e;
      }
      break;
    }
    if (!ok || c.branches.empty()) continue;
    c.whole = tokenSpan(t[i], t[last]);
    c.function = enclosingFunctionName(text, t, i);
    if (last + 1 < t.size() && spell(text, t[last + 1]) != "}") {
      Branch next;
      next.body = tokenSpan(t[last + 1], t[statementEnd(text, t, last + 1)]);
      c.next = next;
    }
    size_t block = enclosing[i];
    if (block != SIZE_MAX) {
      auto it = lastInBlock.find(block);
      int index = it == lastInBlock.end() ? 0 : it->second.second + (it->second.first == t[i].begin ? 1 : 2);
      c.block = block + 1;
      c.index = index;
      lastInBlock[block] = {c.next ? c.next->body.begin : 0, index};
    }
    out.push_back(std::move(c));
  }
  return out;
}

void recoverChains(Observations& obs, const std::vector<ChainObs>& raw) {
  std::set<uint32_t> seen(obs.seen_ifs.begin(), obs.seen_ifs.end());
  // What Clang traced, by function and spelling, for tests it could not see.
  std::map<std::pair<std::string, std::string>, Operand> traced;
  auto keep = [&](const std::string& fn, const Operand& o) {
    traced.emplace(std::make_pair(lastComponent(fn), o.text), o);
  };
  auto keepAll = [&](const std::string& fn, const Condition& c) {
    for (const auto& conj : c)
      for (const auto& test : conj) keep(fn, test.subject);
  };
  for (const auto& c : obs.chains)
    for (const auto& b : c.branches) keepAll(c.function, b.condition);
  for (const auto& l : obs.lones) keepAll(l.function, l.condition);
  for (const auto& s : obs.switches) keep(s.function, s.subject);
  for (const auto& l : obs.lookups) keep(l.function, l.subject);
  for (ChainObs c : raw) {
    if (seen.count(c.whole.begin)) continue;
    bool any = false;
    for (auto& b : c.branches)
      for (auto& conj : b.condition)
        for (auto& test : conj) {
          any = true;
          auto it = traced.find({c.function, test.subject.text});
          if (it != traced.end()) test.subject = it->second;
        }
    if (!any) continue;
    // Raw blocks are token offsets, never Clang statement ids: runs stay apart.
    obs.chains.push_back(std::move(c));
  }
}

namespace {

// The tokens of a #define body after its name and parameters, without the
// line continuations; empty for a directive that is not a #define.
std::vector<Token> defineBody(std::string_view text, const Token& d, std::string& macro) {
  if (directiveHead(text, d).name != "define") return {};
  std::vector<Token> body = directiveOperands(text, d);
  if (body.empty() || body[0].kind != Tok::Ident) return {};
  macro = std::string(spell(text, body[0]));
  size_t from = 1;
  // A function-like macro's parameters follow its name with no blank.
  if (body.size() > 1 && spell(text, body[1]) == "(" && body[1].begin == body[0].end) {
    size_t close = matchingToken(text, body, 1);
    if (close >= body.size()) return {};
    from = close + 1;
  }
  return std::vector<Token>(body.begin() + static_cast<long>(from), body.end());
}

}  // namespace

std::vector<TemplateArgObs> macroBodyTemplateArgs(std::string_view text, const std::vector<Token>& tokens) {
  std::vector<TemplateArgObs> out;
  for (const auto& d : tokens) {
    if (d.kind != Tok::Directive) continue;
    std::string macro;
    std::vector<Token> body = defineBody(text, d, macro);
    for (size_t i = 0; i + 3 < body.size(); ++i) {
      if (body[i].kind != Tok::Ident || spell(text, body[i + 1]) != "<" || body[i + 2].kind != Tok::Number ||
          spell(text, body[i + 3]) != ">")
        continue;
      // The qualified name: arch::is_major_v.
      size_t first = i;
      while (first >= 2 && spell(text, body[first - 1]) == "::" && body[first - 2].kind == Tok::Ident) first -= 2;
      std::string templ(text.substr(body[first].begin, body[i].end - body[first].begin));
      std::string literal(spell(text, body[i + 2]));
      TemplateArgObs t;
      try {
        t.value = std::stoll(literal);
      } catch (const std::exception&) {
        continue;
      }
      t.templ = templ;
      t.literal = literal;
      t.literal_span = Span{body[i + 2].begin, body[i + 2].end, body[i + 2].line, body[i + 2].line};
      t.whole = Span{body[first].begin, body[i + 3].end, body[first].line, body[i + 3].line};
      out.push_back(std::move(t));
    }
  }
  return out;
}

std::vector<ChainObs> macroBodyChains(std::string_view text, const std::vector<Token>& tokens) {
  std::vector<ChainObs> out;
  for (const auto& d : tokens) {
    if (d.kind != Tok::Directive) continue;
    std::string macro;
    std::vector<Token> rest = defineBody(text, d, macro);
    if (rest.empty()) continue;
    for (ChainObs c : rawChains(text, rest)) {
      c.function = macro;
      c.origin = MacroOrigin{true, macro};
      out.push_back(std::move(c));
    }
  }
  return out;
}

std::vector<SwitchObs> rawSwitches(std::string_view text, const std::vector<Token>& t) {
  std::vector<SwitchObs> out;
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    if (t[i].kind != Tok::Ident || spell(text, t[i]) != "switch" || spell(text, t[i + 1]) != "(") continue;
    size_t close = matchingToken(text, t, i + 1);
    if (close + 1 >= t.size() || spell(text, t[close + 1]) != "{") continue;
    size_t bodyOpen = close + 1, bodyClose = matchingToken(text, t, bodyOpen);
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

void recoverSwitches(std::vector<SwitchObs>& clang, const std::vector<SwitchObs>& raw) {
  for (const auto& r : raw) {
    SwitchObs* seen = nullptr;
    for (auto& c : clang)
      if (c.whole.begin == r.whole.begin) seen = &c;
    if (!seen) {
      clang.push_back(r);
      continue;
    }
    std::set<uint32_t> have;
    for (const auto& c : seen->cases) have.insert(c.label.begin);
    for (const auto& c : r.cases)
      if (!have.count(c.label.begin)) seen->cases.push_back(c);
    if (!seen->fallthrough_default && r.fallthrough_default) seen->fallthrough_default = r.fallthrough_default;
    std::sort(seen->cases.begin(), seen->cases.end(),
              [](const CaseObs& a, const CaseObs& b) { return a.label.begin < b.label.begin; });
  }
}

}  // namespace archscan::cpp
