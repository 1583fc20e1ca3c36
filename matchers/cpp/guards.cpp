#include "guards.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "cpp_arms.h"
#include "cpp_subject.h"
#include "frontend/path_needs.h"
#include "raw_conditions.h"

namespace archscan::cpp {
namespace {

struct GuardBranch {
  Condition condition;
  Token directive;
  bool errors = false;  // an #error sits directly in this branch
};

struct Group {
  std::vector<GuardBranch> branches;
  bool hasElse = false;
  Token elseDirective;
  bool elseErrors = false;
  Token open;
  std::string defines;  // the first macro its branches #define: what a file-scope guard decides
};

const FunctionObs* enclosing(const std::vector<FunctionObs>& fns, uint32_t at) {
  const FunctionObs* best = nullptr;
  for (const auto& f : fns)
    if (f.body.begin <= at && at < f.body.end && (!best || f.body.begin >= best->body.begin)) best = &f;
  return best;
}

std::string enclosingFunction(const std::vector<FunctionObs>& fns, uint32_t at) {
  const FunctionObs* f = enclosing(fns, at);
  return f ? f->name : "";
}

// Whether the guard [open, close] is the whole body of `fn`: nothing but the
// braces before #if and after #endif (a kernel compiled for some archs only).
bool wrapsBody(const FunctionObs* fn, const Token& open, const Token& close, const std::vector<Token>& tokens) {
  if (!fn) return false;
  for (const auto& t : tokens) {
    if (t.kind == Tok::Directive) continue;
    bool before = t.begin > fn->body.begin && t.end <= open.begin;
    bool after = t.begin >= close.end && t.end < fn->body.end;
    if (before || after) return false;
  }
  return true;
}

// An #else branch that does nothing but stop: `CUTLASS_NOT_IMPLEMENTED();`,
// `__trap();`, `assert(false);`, `asm volatile("trap;");`, perhaps after a
// printf. Device code compiled for an arch outside the guard's arms then
// traps (or, with asserts off, computes nothing). The stopping statement,
// or "" when the branch does anything else.
std::string onlyStops(std::string_view text, const std::vector<Token>& tokens, uint32_t from, uint32_t to) {
  std::string stop;
  bool first = true;
  int depth = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.begin < from || t.end > to || t.kind == Tok::Directive) continue;
    std::string_view s = spell(text, t);
    if (s == "(") ++depth;
    if (s == ")") --depth;
    if (depth == 0 && (s == ";" || s == "{" || s == "}")) {
      first = true;
      continue;
    }
    if (!first) continue;
    first = false;
    std::string id(s);
    auto arg = [&](size_t k) { return i + k < tokens.size() ? spell(text, tokens[i + k]) : std::string_view{}; };
    bool stops = (t.kind == Tok::Ident && isCrashCall(id) && arg(1) == "(") ||
                 (isAssertLike(id) && arg(1) == "(" && (arg(2) == "0" || arg(2) == "false")) ||
                 ((id == "asm" || id == "__asm__") && text.substr(t.begin, to - t.begin).find("trap") < 64);
    if (stops && stop.empty()) stop = id + "()";
    else if (!stops && id != "printf" && id != "fprintf") return "";
  }
  return stop;
}

// Operand tokens of one directive (everything after its name).
std::vector<Token> operandTokens(std::string_view text, const Token& d) {
  return lexCpp(text, directiveHead(text, d).operands, d.end, d.line);
}

// What each branch of a guard compiles needs from the hardware: its feature
// words and inline PTX (device code; see NeedWords). A branch that also tests an arch-specific
// feature macro (`__CUDA_ARCH_FEAT_SM90_ALL`, `__CUDA_ARCH_SPECIFIC__`) is
// compiled only for that `a`/`f` target, and one that tests the subject
// again decides for itself: neither is one path another arch is let into.
//
// A branch that turns on a flag (`#define SM90_ENABLED`) also compiles what
// the flag guards: the code under `#ifdef SM90_ENABLED` or `#if
// defined(SM90_ENABLED)` in this file, up to its #else, #elif or #endif.
void addNeeds(Site& s, const Group& g, const Token& close, std::string_view text, const std::vector<Token>& tokens,
              const std::string& subjectText, const Knowledge& k) {
  // The regions elsewhere in the file that a flag defined in [from, end) guards.
  auto flagged = [&](uint32_t from, uint32_t end) {
    std::vector<std::pair<std::string_view, int>> regions;  // text, first line
    for (const auto& d : tokens) {
      if (d.kind != Tok::Directive || d.begin < from || d.begin >= end) continue;
      if (directiveHead(text, d).name != "define") continue;
      std::vector<Token> ops = operandTokens(text, d);
      if (ops.empty() || ops[0].kind != Tok::Ident) continue;
      std::string_view flag = spell(text, ops[0]);
      for (size_t i = 0; i < tokens.size(); ++i) {
        const Token& use = tokens[i];
        if (use.kind != Tok::Directive || (use.begin >= g.open.begin && use.begin < close.end)) continue;
        std::string h = directiveHead(text, use).name;
        if (h != "ifdef" && h != "if" && h != "elif") continue;
        bool tests = false;
        for (const auto& o : operandTokens(text, use)) tests |= o.kind == Tok::Ident && spell(text, o) == flag;
        if (!tests) continue;
        size_t j = i + 1;
        while (j < tokens.size() && tokens[j].kind != Tok::Directive) ++j;
        uint32_t stop = j < tokens.size() ? tokens[j].begin : static_cast<uint32_t>(text.size());
        regions.emplace_back(text.substr(use.end, stop - use.end), use.line);
      }
    }
    return regions;
  };
  auto need = [&](const Token& directive, uint32_t end, int arm) {
    std::string_view head = text.substr(directive.begin, directive.end - directive.begin);
    if (head.find("__CUDA_ARCH_FEAT_") != std::string_view::npos ||
        head.find("_SPECIFIC__") != std::string_view::npos || end <= directive.end)
      return;
    std::string_view body = text.substr(directive.end, end - directive.end);
    if (mentionsSubject(body, subjectText)) return;
    // A directive's token ends before its newline: the body starts on its line.
    std::optional<PathNeed> n = pathNeedIn(body, directive.line, arm, k, "//", NeedWords::FeaturesOnly);
    for (const auto& [region, line] : flagged(directive.end, end)) {
      auto more = pathNeedIn(region, line, arm, k, "//", NeedWords::FeaturesOnly);
      if (!more) continue;
      if (!n) n = PathNeed{arm, {}, {}};
      for (auto& e : more->needs) {
        auto f = n->features();
        if (std::find(f.begin(), f.end(), e.feature) == f.end()) n->needs.push_back(std::move(e));
      }
    }
    if (n) s.needs.push_back(std::move(*n));
  };
  for (size_t i = 0; i < g.branches.size(); ++i) {
    uint32_t end = i + 1 < g.branches.size() ? g.branches[i + 1].directive.begin
                   : g.hasElse               ? g.elseDirective.begin
                                             : close.begin;
    need(g.branches[i].directive, end, static_cast<int>(i));
  }
  if (g.hasElse && !g.elseErrors) need(g.elseDirective, close.begin, kFallbackArm);
}

void emit(const Group& g, const Token& close, std::string_view text, const std::vector<Token>& tokens,
          const std::vector<FunctionObs>& fns, const Knowledge& k, std::vector<Site>& out) {
  std::vector<const Condition*> conds;
  for (const auto& b : g.branches) conds.push_back(&b.condition);
  Subject subject;
  std::string subjectText = chooseSubject(conds, k, &subject);
  if (subjectText.empty()) return;
  Arms arms;
  int arm = 0;
  for (const auto& b : g.branches) addArms(b.condition, subjectText, text, k, arms, arm++);
  if (arms.entries.empty() && arms.ranges.empty()) return;
  Site s;
  std::string fn = enclosingFunction(fns, g.open.begin);
  s.scope = fn;
  // A guard outside any function names what it decides: the macro it defines.
  std::string owner = !fn.empty() ? fn : !g.defines.empty() ? g.defines : std::string("<file>");
  s.name = owner + "[#if " + subjectText + "]";
  // Every guard on a global macro stands alone: no binding, no family.
  subject.binding.clear();
  applyArms(s, arms, subject, SiteKind::Guard);
  s.extent = ByteRange{g.open.begin, close.end};
  s.container = s.extent;
  s.line = g.open.line;
  s.end_line = close.line;
  if (arms.positive > 0 || !arms.ranges.empty()) addNeeds(s, g, close, text, tokens, subjectText, k);
  bool crashes = false;
  for (const auto& b : g.branches) crashes |= b.errors && arms.positive == 0;
  if (arms.positive == 0 && arms.negated > 0) {
    s.on_missing = crashes ? OnMissing::Crash : OnMissing::Fallback;
    s.on_missing_reason = crashes ? "the guard's #error fires" : "the guarded code is compiled instead";
    if (!crashes) s.polarity = Polarity::Deny;
  } else if (g.hasElse) {
    // Only device code stops a kernel; a host function under a build macro
    // (`#if TARGET_CUDA_ARCH == 100`) is one arch's own variant of a file.
    bool device = subjectText == "__CUDA_ARCH__";
    std::string stop = g.elseErrors || !device ? "" : onlyStops(text, tokens, g.elseDirective.end, close.begin);
    s.on_missing = g.elseErrors || !stop.empty() ? OnMissing::Crash : OnMissing::Fallback;
    s.on_missing_reason = g.elseErrors    ? "the #else branch is an #error"
                          : !stop.empty() ? "the #else branch only stops the kernel: " + stop
                                          : "the #else branch is compiled instead";
  } else {
    s.on_missing = OnMissing::Fallback;
    // A guard around a whole function body (a kernel) with no #else: on other
    // archs the function silently computes nothing.
    s.compiled_out =
        (arms.positive > 0 || !arms.ranges.empty()) && wrapsBody(enclosing(fns, g.open.begin), g.open, close, tokens);
    s.on_missing_reason =
        s.compiled_out ? "the guarded body of " + fn + " is compiled out" : "the guarded code is compiled out";
  }
  out.push_back(std::move(s));
}

// `#define SUPPORTS_TMA (__CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)`: a
// guard every use of the macro shares, named after the macro.
void defineSite(std::string_view text, const Token& d, const MacroAliases& aliases, const Knowledge& k,
                std::vector<Site>& out) {
  std::vector<Token> ops = operandTokens(text, d);
  if (ops.size() < 2 || ops[0].kind != Tok::Ident) return;
  size_t body = 1;
  if (spell(text, ops[1]) == "(" && ops[1].begin == ops[0].end) {  // function-like: skip the parameters
    while (body < ops.size() && spell(text, ops[body]) != ")") ++body;
    ++body;
  }
  if (body >= ops.size()) return;
  Condition c = rawCondition(text, ops, body, ops.size(), aliases);
  Subject subject;
  std::string subjectText = chooseSubject({&c}, k, &subject);
  if (subjectText.empty() || !subject.evidence.subject) return;
  Arms arms;
  addArms(c, subjectText, text, k, arms);
  if (arms.entries.empty()) return;
  std::string name(spell(text, ops[0]));
  Site s;
  s.name = "#define " + name;
  s.scope = name;
  subject.binding.clear();
  applyArms(s, arms, subject, SiteKind::Guard);
  s.extent = ByteRange{d.begin, d.end};
  s.container = s.extent;
  s.line = d.line;
  s.end_line = d.line + static_cast<int>(std::count(text.begin() + d.begin, text.begin() + d.end, '\n'));
  s.on_missing = OnMissing::Fallback;
  s.on_missing_reason = name + " is false, and code that tests it takes another path";
  out.push_back(std::move(s));
}

}  // namespace

std::vector<Site> guardSites(std::string_view text, const std::vector<Token>& tokens,
                             const std::vector<FunctionObs>& functions, const Knowledge& k) {
  MacroAliases aliases;
  for (const auto& t : tokens) {
    if (t.kind != Tok::Directive || directiveHead(text, t).name != "define") continue;
    std::vector<Token> ops = operandTokens(text, t);
    if (ops.size() < 2 || ops[0].kind != Tok::Ident) continue;
    for (size_t i = 1; i < ops.size(); ++i) {
      std::string w(spell(text, ops[i]));
      if (k.capability_attributes.count(w)) aliases[std::string(spell(text, ops[0]))] = w;
    }
  }
  std::vector<Site> out;
  std::vector<Group> stack;
  for (const auto& t : tokens) {
    if (t.kind != Tok::Directive) continue;
    std::string name = directiveHead(text, t).name;
    if (name == "if" || name == "ifdef" || name == "ifndef" || name == "elif") {
      GuardBranch b;
      b.directive = t;
      if (name == "if" || name == "elif") {
        std::vector<Token> ops = operandTokens(text, t);
        b.condition = rawCondition(text, ops, 0, ops.size(), aliases);
      }
      if (name == "elif") {
        if (!stack.empty()) stack.back().branches.push_back(std::move(b));
        continue;
      }
      Group g;
      g.open = t;
      g.branches.push_back(std::move(b));
      stack.push_back(std::move(g));
    } else if (name == "else" && !stack.empty()) {
      stack.back().hasElse = true;
      stack.back().elseDirective = t;
    } else if (name == "error" && !stack.empty()) {
      if (stack.back().hasElse) stack.back().elseErrors = true;
      else stack.back().branches.back().errors = true;
    } else if (name == "define") {
      defineSite(text, t, aliases, k, out);
      std::vector<Token> ops = operandTokens(text, t);
      if (!stack.empty() && stack.back().defines.empty() && !ops.empty() && ops[0].kind == Tok::Ident)
        stack.back().defines = std::string(spell(text, ops[0]));
    } else if (name == "endif" && !stack.empty()) {
      emit(stack.back(), t, text, tokens, functions, k, out);
      stack.pop_back();
    }
  }
  // Groups close inner first; report them in source order.
  std::stable_sort(out.begin(), out.end(), [](const Site& a, const Site& b) { return a.line < b.line; });
  return out;
}

}  // namespace archscan::cpp
