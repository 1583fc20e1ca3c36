#include "cpp_arms.h"

#include <algorithm>
#include <map>

#include "cpp_subject.h"

namespace archscan::cpp {
namespace {

// `(sm >= 80) && (sm < 90)` spans `sm >= 80) && (sm < 90` from its first
// comparison to its last: drop the brackets that close or open outside it.
std::string balanced(const std::string& s) {
  std::vector<size_t> open, drop;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '(') open.push_back(i);
    else if (s[i] == ')' && open.empty()) drop.push_back(i);
    else if (s[i] == ')') open.pop_back();
  }
  drop.insert(drop.end(), open.begin(), open.end());
  if (drop.empty()) return s;
  std::string out;
  for (size_t i = 0; i < s.size(); ++i)
    if (std::find(drop.begin(), drop.end(), i) == drop.end()) out += s[i];
  // `a) && (b` leaves `a && b`: no doubled blank where a bracket stood.
  std::string tidy;
  for (char c : out)
    if (!(c == ' ' && !tidy.empty() && tidy.back() == ' ')) tidy += c;
  return tidy;
}

// A bound's arch even when it is no known arch (`sm < 85`), in sm units.
int smUnits(long long v) {
  if (v >= 500) return static_cast<int>(v / 10);
  if (v >= 20) return static_cast<int>(v);
  return static_cast<int>(v * 10);
}

void bound(CmpOp op, long long v, const Knowledge& k, ArchRange& r) {
  int lo = smUnits(v);
  auto key = classifyInt(v, k);
  bool majorOnly = key ? key->arch.major_only : v < 20;
  int hiIncl = majorOnly ? lo + 9 : lo;
  if (op == CmpOp::Ge) r.low = lo;
  if (op == CmpOp::Gt) r.low = hiIncl + 1;
  if (op == CmpOp::Lt) r.high = lo;
  if (op == CmpOp::Le) r.high = hiIncl + 1;
}

}  // namespace

std::string oneLine(std::string_view s, size_t max) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\\' && i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r')) continue;
    bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (blank && (out.empty() || out.back() == ' ')) continue;
    out += blank ? ' ' : c;
  }
  if (out.size() > max) out = out.substr(0, max - 3) + "...";
  return out;
}

ByteRange byteRange(const Span& s) { return ByteRange{s.begin, s.end}; }

std::optional<ClassifiedKey> classifyInt(long long value, const Knowledge& k) {
  KeyLiteral lit;
  lit.type = KeyLiteral::Type::Int;
  lit.value = value;
  return classifyKey(lit, k.archs);
}

Entry entryAt(const ClassifiedKey& key, const std::string& keyText, const Span& keySpan, const Span& item,
              EntryForm form) {
  Entry e;
  e.arch = key.arch;
  e.style = key.style;
  e.key_text = keyText;
  e.key = byteRange(keySpan);
  e.item = byteRange(item);
  e.form = form;
  e.line = keySpan.line;
  e.end_line = item.end_line ? item.end_line : keySpan.line;
  return e;
}

void applyArms(Site& s, const Arms& arms, const Subject& subject, SiteKind withEntries) {
  s.kind = arms.entries.empty() ? SiteKind::Range : withEntries;
  s.entries = arms.entries;
  s.ranges = arms.ranges;
  s.spelling = arms.style;
  s.subject = subject;
  s.evidence = subject.evidence;
}

namespace {

// The minor a major is tested beside: cc_major -> cc_minor, props.major ->
// props.minor; empty when the subject has no "major" in it.
std::string minorOf(const std::string& subject) {
  size_t at = subject.rfind("major");
  if (at == std::string::npos) return "";
  return subject.substr(0, at) + "minor" + subject.substr(at + 5);
}

// The minors a conjunction admits beside its major test: `cc_major == 8 &&
// cc_minor > 0` keeps 1..9; empty when it tests no minor.
std::vector<int> minorsBeside(const Conjunction& conj, const std::string& subject) {
  std::string minor = minorOf(subject);
  bool tested = false;
  bool keep[10];
  std::fill(keep, keep + 10, true);
  for (const auto& t : conj) {
    if (minor.empty() || t.subject.text != minor || t.value < 0 || t.value > 9) continue;
    tested = true;
    for (int m = 0; m < 10; ++m) {
      bool ok = t.op == CmpOp::Eq   ? m == t.value
                : t.op == CmpOp::Ne ? m != t.value
                : t.op == CmpOp::Lt ? m < t.value
                : t.op == CmpOp::Le ? m <= t.value
                : t.op == CmpOp::Gt ? m > t.value
                                    : m >= t.value;
      keep[m] = keep[m] && ok;
    }
  }
  std::vector<int> out;
  if (!tested) return out;
  for (int m = 0; m < 10; ++m)
    if (keep[m]) out.push_back(m);
  return out;
}

}  // namespace

void addArms(const Condition& c, const std::string& subject, std::string_view text, const Knowledge& k, Arms& out,
             int arm) {
  for (const auto& conj : c) {
    std::vector<int> minors = minorsBeside(conj, subject);
    ArchRange range;
    bool bounded = false;
    Span first{}, last{};
    for (const auto& t : conj) {
      if (t.subject.text != subject) continue;
      if (t.op == CmpOp::Eq || t.op == CmpOp::Ne) {
        auto key = classifyInt(t.value, k);
        if (!key) continue;
        out.entries.push_back(entryAt(*key, t.literal, t.literal_span, t.whole, EntryForm::Compare));
        out.entries.back().arm = arm;
        if (key->arch.major_only && t.op == CmpOp::Eq) out.entries.back().minors = minors;
        if (out.style.kind == SpellingKind::Unknown) out.style = key->style;
        (t.op == CmpOp::Eq ? out.positive : out.negated)++;
        continue;
      }
      bound(t.op, t.value, k, range);
      if (!bounded) first = t.whole;
      last = t.whole;
      bounded = true;
      if (out.style.kind == SpellingKind::Unknown)
        if (auto key = classifyInt(t.value, k)) out.style = key->style;
    }
    if (!bounded) continue;
    range.item = ByteRange{first.begin, last.end};
    range.text = balanced(oneLine(text.substr(first.begin, last.end - first.begin)));
    range.line = first.line;
    range.arm = arm;
    out.ranges.push_back(range);
  }
}

bool onlyTestsOn(const Condition& c, const std::string& subject, std::string_view text,
                 const std::vector<Token>& tokens, const Span& whole) {
  std::vector<std::pair<uint32_t, uint32_t>> tests;
  for (const auto& conj : c)
    for (const auto& t : conj)
      if (t.subject.text == subject) tests.push_back({t.whole.begin, t.whole.end});
  std::vector<Token> inside;
  for (const auto& tok : tokens)
    if (tok.begin >= whole.begin && tok.end <= whole.end) inside.push_back(tok);
  // A check macro spelled around its condition: DG_HOST_ASSERT( ... ), and
  // FLUX_CHECK(cond) << "message" << x, whose message streams after it.
  if (inside.size() > 3 && inside[0].kind == Tok::Ident && spell(text, inside[1]) == "(") {
    // Only the first argument is the condition; the rest, and what follows
    // the closing parenthesis, is the message.
    int depth = 0;
    size_t end = 2;
    for (; end < inside.size(); ++end) {
      std::string_view w = spell(text, inside[end]);
      if (w == "(" || w == "[" || w == "{") ++depth;
      else if ((w == ")" || w == "]" || w == "}") && depth-- == 0) break;
      else if (w == "," && depth == 0) break;
    }
    if (end < inside.size()) {
      inside.resize(end);
      inside.erase(inside.begin(), inside.begin() + 2);
    }
  }
  for (const auto& tok : inside) {
    bool inTest = false;
    for (const auto& [b, e] : tests) inTest |= tok.begin >= b && tok.end <= e;
    if (inTest) continue;
    std::string_view w = spell(text, tok);
    if (w == "(" || w == ")" || w == "!" || w == "&&" || w == "||" || w == "and" || w == "or" || w == "not") continue;
    return false;
  }
  return true;
}

std::string chooseSubject(const std::vector<const Condition*>& conds, const Knowledge& k, Subject* chosen) {
  std::map<std::string, std::pair<int, int>> stats;  // text -> (score, count)
  std::map<std::string, Subject> subjects;
  for (const Condition* c : conds)
    for (const auto& conj : *c)
      for (const auto& t : conj) {
        if (!classifyInt(t.value, k) && (t.op == CmpOp::Eq || t.op == CmpOp::Ne)) continue;
        auto it = stats.find(t.subject.text);
        if (it == stats.end()) {
          Subject s = judgeOperand(t.subject, k);
          it = stats.emplace(t.subject.text, std::make_pair(evidenceScore(s.evidence), 0)).first;
          subjects.emplace(t.subject.text, s);
        }
        it->second.second++;
      }
  std::string best;
  std::pair<int, int> bestStat{-1, 0};
  for (const auto& [t, st] : stats)
    if (st.first >= 0 && st > bestStat) best = t, bestStat = st;
  if (!best.empty() && chosen) *chosen = subjects[best];
  return best;
}

}  // namespace archscan::cpp
