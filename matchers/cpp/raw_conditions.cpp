#include "raw_conditions.h"

#include <optional>

namespace archscan::cpp {
namespace {

struct Parser {
  std::string_view text;
  const std::vector<Token>& t;
  size_t i;
  size_t end;
  const MacroAliases& aliases;

  // C++ alternative tokens read as their operators: `arch == 9 or arch == 10`.
  std::string_view peek(size_t k = 0) const {
    if (i + k >= end) return {};
    std::string_view s = spell(text, t[i + k]);
    if (s == "or") return "||";
    if (s == "and") return "&&";
    if (s == "not") return "!";
    return s;
  }
  bool eat(std::string_view s) {
    if (peek() != s) return false;
    ++i;
    return true;
  }

  static Condition unknown() { return Condition{Conjunction{}}; }

  Condition orExpr(int depth) {
    Condition c = andExpr(depth);
    while (eat("||")) {
      Condition r = andExpr(depth);
      c.insert(c.end(), r.begin(), r.end());
    }
    return c;
  }
  Condition andExpr(int depth) {
    Condition c = unary(depth);
    while (eat("&&")) {
      Condition r = unary(depth);
      Condition out;
      for (const auto& a : c)
        for (const auto& b : r) {
          if (out.size() > 64) break;
          Conjunction both = a;
          both.insert(both.end(), b.begin(), b.end());
          out.push_back(both);
        }
      c = out;
    }
    return c;
  }
  Condition unary(int depth) {
    if (depth > 32) return unknown();
    if (eat("!")) {
      Condition c = unary(depth + 1);
      if (c.size() == 1 && c[0].size() == 1) {
        CmpOp& op = c[0][0].op;
        op = op == CmpOp::Eq   ? CmpOp::Ne
             : op == CmpOp::Ne ? CmpOp::Eq
             : op == CmpOp::Lt ? CmpOp::Ge
             : op == CmpOp::Le ? CmpOp::Gt
             : op == CmpOp::Gt ? CmpOp::Le
                               : CmpOp::Lt;
        return c;
      }
      return unknown();
    }
    if (eat("(")) {
      Condition c = orExpr(depth + 1);
      eat(")");
      return c;
    }
    if (eat("defined")) {
      size_t at = i - 1;
      bool paren = eat("(");
      size_t macro = i;
      if (i < end) ++i;
      if (paren) eat(")");
      if (auto test = featureTest(macro, at)) return Condition{Conjunction{*test}};
      return unknown();
    }
    return comparison();
  }
  Condition comparison() {
    size_t a = i;
    skipOperand();
    size_t aEnd = i;
    std::string_view op = peek();
    static const char* kOps[] = {"==", "!=", "<", "<=", ">", ">="};
    bool isOp = false;
    for (const char* o : kOps) isOp |= op == o;
    if (!isOp || aEnd == a) return unknown();
    ++i;
    size_t b = i;
    skipOperand();
    size_t bEnd = i;
    if (bEnd == b) return unknown();
    bool aNum = aEnd - a == 1 && t[a].kind == Tok::Number, bNum = bEnd - b == 1 && t[b].kind == Tok::Number;
    if (aNum == bNum) return unknown();
    Test test;
    test.op = op == "=="   ? CmpOp::Eq
              : op == "!=" ? CmpOp::Ne
              : op == "<"  ? CmpOp::Lt
              : op == "<=" ? CmpOp::Le
              : op == ">"  ? CmpOp::Gt
                           : CmpOp::Ge;
    if (aNum) {  // 900 <= __CUDA_ARCH__
      std::swap(a, b);
      std::swap(aEnd, bEnd);
      test.op = test.op == CmpOp::Lt   ? CmpOp::Gt
                : test.op == CmpOp::Le ? CmpOp::Ge
                : test.op == CmpOp::Gt ? CmpOp::Lt
                : test.op == CmpOp::Ge ? CmpOp::Le
                                       : test.op;
    }
    auto v = integerValue(spell(text, t[b]));
    if (!v) return unknown();
    test.value = *v;
    test.literal = std::string(spell(text, t[b]));
    test.literal_span = tokenSpan(t[b], t[b]);
    test.subject = rawOperand(text, t, a, aEnd);
    for (const auto& [alias, target] : aliases)
      if (test.subject.text == alias) test.subject.atoms.push_back(target);
    size_t lo = std::min(a, b), hi = std::max(aEnd, bEnd) - 1;
    test.whole = tokenSpan(t[lo], t[hi]);
    return Condition{Conjunction{test}};
  }
  // `defined(__CUDA_ARCH_FEAT_SM100_ALL)` holds only when compiling for
  // sm_100a: a test `== 100` whose literal is the digits inside the name, so
  // a guard of these macros reads and widens like `__CUDA_ARCH__ == 1000`.
  std::optional<Test> featureTest(size_t macro, size_t from) const {
    if (macro >= end || t[macro].kind != Tok::Ident) return std::nullopt;
    std::string_view name = spell(text, t[macro]);
    constexpr std::string_view kHead = "__CUDA_ARCH_FEAT_SM", kTail = "_ALL";
    if (name.size() <= kHead.size() + kTail.size() || name.substr(0, kHead.size()) != kHead ||
        name.substr(name.size() - kTail.size()) != kTail)
      return std::nullopt;
    std::string_view digits = name.substr(kHead.size(), name.size() - kHead.size() - kTail.size());
    if (digits.size() < 2 || digits.size() > 3) return std::nullopt;
    for (char c : digits)
      if (c < '0' || c > '9') return std::nullopt;
    Test test;
    test.op = CmpOp::Eq;
    test.value = std::stoll(std::string(digits));
    test.literal = std::string(digits);
    uint32_t b = t[macro].begin + static_cast<uint32_t>(kHead.size());
    test.literal_span = Span{b, b + static_cast<uint32_t>(digits.size()), t[macro].line, t[macro].line};
    test.subject.text = std::string(kFeatureMacros);
    test.subject.atoms.push_back(std::string(kFeatureMacros));
    test.whole = tokenSpan(t[from], t[i - 1]);
    return test;
  }

  // An operand: a run of tokens up to an operator of lower precedence.
  void skipOperand() {
    int depth = 0;
    while (i < end) {
      std::string_view s = peek();
      if (s == "(") ++depth;
      if (s == ")") {
        if (depth == 0) return;
        --depth;
      }
      if (depth == 0 && (s == "&&" || s == "||" || s == "==" || s == "!=" || s == "<" || s == "<=" || s == ">" ||
                         s == ">=" || s == "?" || s == ":" || s == ","))
        return;
      ++i;
    }
  }
};

}  // namespace

Span tokenSpan(const Token& first, const Token& last) { return Span{first.begin, last.end, first.line, last.line}; }

Operand rawOperand(std::string_view text, const std::vector<Token>& t, size_t begin, size_t end) {
  Operand o;
  if (begin >= end) return o;
  o.text = std::string(text.substr(t[begin].begin, t[end - 1].end - t[begin].begin));
  for (size_t k = begin; k < end; ++k) {
    if (t[k].kind != Tok::Ident) continue;
    std::string w(spell(text, t[k]));
    if (k + 1 < end && spell(text, t[k + 1]) == "(") {
      o.calls.push_back(w);
      o.undefined_calls.push_back(w);
    } else {
      o.names.push_back(w);
      o.atoms.push_back(w);
    }
  }
  return o;
}

Condition rawCondition(std::string_view text, const std::vector<Token>& tokens, size_t begin, size_t end,
                       const MacroAliases& aliases) {
  Parser p{text, tokens, begin, end, aliases};
  Condition c = p.orExpr(0);
  Condition out;
  for (auto& conj : c)
    if (!conj.empty()) out.push_back(std::move(conj));
  return out;
}

}  // namespace archscan::cpp
