#include "patch/narrow.h"

#include <cctype>
#include <regex>
#include <string>
#include <string_view>

#include "knowledge/hardware.h"

namespace archscan {
namespace {

// `subject OP literal` or `literal OP subject`, with the one bound the range has.
struct Comparison {
  std::string subject;
  std::string op;  // as if the subject were on the left: >=, >, <, <=
  std::string literal;
};

std::string flipped(const std::string& op) {
  if (op == "<") return ">";
  if (op == "<=") return ">=";
  if (op == ">") return "<";
  return "<=";
}

std::optional<Comparison> split(const std::string& text) {
  static const std::regex cmp(R"(^\s*(.+?)\s*(>=|<=|>|<)\s*(.+?)\s*$)");
  std::smatch m;
  if (!std::regex_match(text, m, cmp)) return std::nullopt;
  static const std::regex literal(R"(^(\d+|\(\s*\d+\s*,\s*\d+\s*\))$)");
  std::string a = m[1], op = m[2], b = m[3];
  if (std::regex_match(b, literal) && !std::regex_match(a, literal)) return Comparison{a, op, b};
  if (std::regex_match(a, literal) && !std::regex_match(b, literal)) return Comparison{b, flipped(op), a};
  return std::nullopt;
}

// Where `t`'s family starts, spelled as `like` is: 10 -> 12, 100 -> 120,
// 1000 -> 1200, (10, 0) -> (12, 0).
std::optional<std::string> spelledLike(const std::string& like, const Arch& t) {
  if (like.front() == '(') {
    std::string sep = like.find(", ") != std::string::npos ? ", " : ",";
    return "(" + std::to_string(t.major) + sep + "0)";
  }
  // The bound is where the target's family starts (12.0 for sm_121 too):
  // `< 121` would leave 12.0, which lacks the same hardware, inside.
  long v = std::stol(like);
  if (v < 20) return std::to_string(t.major);
  if (v < 200) return std::to_string(t.major * 10);
  if (v < 2000) return std::to_string(t.major * 100);
  return std::nullopt;
}

}  // namespace

Rendered renderNarrowing(const LinkedSite& s, size_t idx, const PatchRule& r, const std::string& src,
                         const EditingSyntax& syntax, const WrongPath& wrong, const Knowledge* k) {
  Rendered out;
  const Arch& t = r.add;
  if (wrong.taken.arm == kFallbackArm && !wrong.taken.past) {
    out.skip_reason = "it reaches " + wrong.taken.how + ", which needs " + wrong.missing.front() + ": add an arm for " +
                      t.name() + " before it by hand";
    return out;
  }
  // A tuning named for another arch (tile sizes, stage counts) has to match
  // the kernel chosen elsewhere; narrowing it alone would split the two.
  if (!runsAny(*wrong.need, wrong.missing)) {
    out.skip_reason = "only values tuned for another arch (" + describeNeed(*wrong.need, wrong.missing) +
                      ") are chosen here; change them together with the kernel they are sized for, by hand";
    return out;
  }
  if (!s.site.predicate.empty()) {
    out.skip_reason = "the range is decided inside " + s.site.predicate + "(); narrow it there by hand";
    return out;
  }
  if (s.site.macroExpansion()) {
    out.skip_reason = "the test is written in the macro " + s.site.macro + "; narrow it there by hand";
    return out;
  }
  // The range that let t in: the arm's own, or the deny test it passed.
  const ArchRange* range = nullptr;
  for (const auto& rg : s.site.ranges)
    if (wrong.taken.past ? !rg.contains(t) : (rg.arm == wrong.taken.arm && rg.contains(t))) range = &rg;
  auto c = range ? split(range->text) : std::nullopt;
  if (!range || !c || range->item.end > src.size() ||
      src.compare(range->item.begin, range->item.end - range->item.begin, range->text) != 0) {
    out.skip_reason = "cannot narrow `" + (range ? range->text : wrong.taken.how) + "` automatically";
    return out;
  }
  // Narrowed out of this arm, t would fall into a later one whose range lets
  // it in as well and whose path it cannot run either (`if sm >= 10: ...
  // elif sm >= 9: ...`, both FlashMLA): one edit would only move it down the
  // chain. A later arm it can run (`elif sm >= 80: mma_sync`) is the point.
  if (!wrong.taken.past)
    for (const auto& later : s.site.ranges) {
      if (later.arm <= range->arm || later.negated || !later.contains(t)) continue;
      const PathNeed* need = needOf(s.site, later.arm);
      if (need && k && !unmet(*need, t, *k).empty()) {
        out.skip_reason = "narrowed here, " + t.name() + " would reach `" + later.text + "` (line " +
                          std::to_string(later.line) + "), which lets it in too: narrow the chain by hand";
        return out;
      }
      break;  // the first later range that admits t is where it would go
    }
  bool admits = c->op == ">=" || c->op == ">";
  if (admits == wrong.taken.past) {
    out.skip_reason = "cannot narrow `" + range->text + "` automatically";
    return out;
  }
  // Cut where the hardware the path needs ends, not only where t's family
  // starts: `__CUDA_ARCH__ >= 900` around wgmma keeps 9.0 alone (`< 1000`),
  // since no later arch has wgmma; `sm >= 100` around tcgen05 keeps 10.x and
  // 11.0 (`< 120`). The first family above the range's low bound that lacks
  // what t lacks, when that comes before t's own.
  // Every arch from the cut up to t lacks it too, or the cut stays at t.
  Arch cut{t.major, 0};
  if (k && admits && range->low) {
    for (const auto& a : k->archs.known) {
      int sm = a.major * 10 + a.minor;
      if (a.minor != 0 || sm <= *range->low || a.major >= t.major) continue;
      if (!lacking(Arch{a.major, 0}, wrong.missing, *k).empty() && a.major < cut.major) cut = Arch{a.major, 0};
    }
    for (const auto& a : k->archs.known)
      if (a.major >= cut.major && a.major < t.major && lacking(Arch{a.major, a.minor}, wrong.missing, *k).empty())
        cut = Arch{t.major, 0};
  }
  auto bound = spelledLike(c->literal, cut);
  if (!bound) {
    out.skip_reason = "cannot spell " + t.name() + " as `" + c->literal + "` is spelled";
    return out;
  }
  // The bound must leave something of the range: `arch >= 120` cannot be
  // cut at 120 (the first number of a tuple is its major).
  auto first = [](const std::string& lit) { return std::stol(lit.substr(lit.find_first_of("0123456789"))); };
  if (admits && first(*bound) <= first(c->literal)) {
    out.skip_reason = "`" + range->text + "` admits nothing below " + t.name() + "'s family to keep; narrow it by hand";
    return out;
  }
  // Parentheses keep the new test one operand beside `&&`/`and`; a test
  // already alone in its parentheses (`if (sm >= 100)`) needs none.
  auto wrapped = [&](const std::string& inner) {
    size_t before = src.find_last_not_of(" \t", range->item.begin == 0 ? std::string::npos : range->item.begin - 1);
    size_t after = src.find_first_not_of(" \t", range->item.end);
    bool alone = before != std::string::npos && src[before] == '(' && after != std::string::npos && src[after] == ')';
    // The whole condition of an `if`/`elif`/`assert` (`if cc[0] < 10:`).
    if (before != std::string::npos && after != std::string::npos && (src[after] == ':' || src[after] == ','))
      for (std::string_view kw : syntax.condition_keywords) {
        size_t n = kw.size();
        alone |= before + 1 >= n && src.compare(before + 1 - n, n, kw) == 0 &&
                 (before + 1 == n || !std::isalnum(static_cast<unsigned char>(src[before - n])));
      }
    return alone ? inner : "(" + inner + ")";
  };
  std::string text;
  if (admits) {
    text = syntax.chained_comparisons ? c->literal + (c->op == ">=" ? " <= " : " < ") + c->subject + " < " + *bound
                                      : wrapped(range->text + std::string(syntax.and_op) + c->subject + " < " + *bound);
  } else {
    text = wrapped(range->text + std::string(syntax.or_op) + c->subject + " >= " + *bound);
  }
  Edit e;
  e.file = s.file;
  e.begin = range->item.begin;
  e.end = range->item.end;
  e.text = text;
  e.site = idx;
  e.line = range->line;
  e.add_arch = t;
  e.add = t.name();
  e.like = r.like.name();
  e.value_source = "narrowed: " + t.name() + " has no " + wrong.missing.front();
  if (cut.major != t.major) e.value_source += ", nor does any arch from " + cut.name() + " on";
  out.edits.push_back(std::move(e));
  return out;
}

}  // namespace archscan
