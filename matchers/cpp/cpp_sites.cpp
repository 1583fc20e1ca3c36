#include "cpp_sites.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "bool_predicates.h"
#include "constexpr_chain.h"
#include "cpp_arms.h"
#include "cpp_subject.h"
#include "frontend/path_needs.h"
#include "knowledge/names.h"
#include "raw_conditions.h"

namespace archscan::cpp {
namespace {

Site baseSite(const std::string& function, const std::string& subjectText, const Span& whole) {
  Site s;
  s.scope = function;
  // A subject spelled across a macro invocation can be a page long.
  s.name = (function.empty() ? std::string("<file>") : function) + "[" + oneLine(subjectText, 48) + "]";
  s.extent = byteRange(whole);
  s.container = s.extent;
  s.line = whole.line;
  s.end_line = whole.end_line;
  return s;
}

// A label's arch: its value (90, 100) or the arch its enumerator spells (Sm100a, kSm90).
std::optional<ClassifiedKey> labelArch(const CaseObs& c, const Knowledge& k) {
  if (!c.enumerator.empty()) {
    NameVerdict v = judgeName(c.enumerator, k);
    if (v.named_archs.size() != 1) return std::nullopt;
    ClassifiedKey key{v.named_archs[0], SpellingStyle{SpellingKind::SmString}};
    key.style.quote = '\0';
    return key;
  }
  if (c.value) return classifyInt(*c.value, k);
  return std::nullopt;
}

// Any number bounds something; a bound alone is an arch range only when its
// subject is a capability or named like an arch (`Length >= 10` inside
// `enable_sm90_simd_reduction` is not).
bool rangeOnArch(const Arms& arms, const Subject& subject) {
  return !arms.ranges.empty() && (subject.evidence.subject || subject.evidence.name);
}

// The string literals of the call whose argument list holds `whole`
// (`TORCH_CHECK(arch == 90, "only on Hopper")` -> "only on Hopper").
std::string calleeMessage(const SiteInput& in, const Span& whole) {
  size_t i = 0;
  while (i < in.tokens.size() && in.tokens[i].begin < whole.end) ++i;
  size_t from = i;
  int depth = 0;
  for (; i < in.tokens.size(); ++i) {
    std::string_view w = spell(in.text, in.tokens[i]);
    if (w == "(") ++depth;
    if (w == ")" && depth-- == 0) break;
    if (w == ";" || w == "{") break;
  }
  return stringLiterals(in.text, in.tokens, from, i);
}

// Whether a failure message speaks of the hardware ("Unsupported
// architecture", "requires SM90") rather than of another input.
bool speaksOfArch(const std::string& message) {
  std::string m;
  for (char c : message) m += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* w : {"arch", "sm", "compute capability", "gpu", "device", "hopper", "blackwell", "ampere"})
    if (m.find(w) != std::string::npos) return true;
  return false;
}

// A chain that also branches on something other than an integer (`expr ==
// "bhd,hdr->bhr" and arch_major == 10`, then `expr == "..."` alone) selects
// by that other input; an arch test in one arm limits that arm to the
// hardware that has its kernel.
bool dispatchesOnOtherInput(const std::vector<const ChainObs*>& run, const std::string& subject) {
  for (const auto* c : run)
    for (const auto& b : c->branches) {
      bool onSubject = false;
      for (const auto& conj : b.condition)
        for (const auto& t : conj) onSubject |= t.subject.text == subject;
      if (!onSubject) return true;
    }
  return false;
}

}  // namespace

// An enclosing function's name says what the function is for; it is never
// evidence that a value compared inside it is an arch (`kNumHeads == 8`
// inside sm100_mqa_logits). It only names the archs the function is for.
void finishSite(Site& s, const std::string& function, const MacroOrigin& origin, const Knowledge& k) {
  NameInfo fn = functionName(function, k);
  s.scope_archs = fn.archs;
  if (origin.expanded) s.evidence.reasons.push_back("produced by macro " + origin.macro);
  // Keys spelled in the macro's body (not in its arguments) are one table,
  // however often the macro is expanded.
  bool inBody = false;
  for (const auto& e : s.entries) inBody |= e.key.end - e.key.begin > e.key_text.size();
  // The macro's own definition (its body read as text, scoped to the macro)
  // names it too, so its expansions elsewhere are reported as the one
  // decision they are.
  bool definition = origin.expanded && function == origin.macro;
  s.macro = (origin.expanded && inBody) || definition ? origin.macro : "";
  // Keys in the file's own text are patched where they are written (a new
  // case label, a widened test, a copied initializer, the #define itself);
  // keys in a macro's body are every expansion's text.
  s.patchable = !(origin.expanded && inBody);
  if (!s.patchable)
    s.unpatchable_reason = "produced by the expansion of macro " + origin.macro + "; edit the macro by hand";
}

void switchSites(const SiteInput& in, std::vector<Site>& out) {
  for (const auto& sw : in.obs.switches) {
    Subject subject = judgeOperand(sw.subject, in.k);
    if (subject.evidence.negative) continue;
    Site s = baseSite(sw.function, sw.subject.text, sw.whole);
    s.kind = SiteKind::Switch;
    std::vector<ClassifiedKey> keys;
    std::vector<bool> fromEnumerator;
    int impure = 0, recovered = 0, arm = -1;
    uint32_t prevEnd = 0;
    for (const auto& c : sw.cases) {
      // Labels with nothing but other labels between them share one body.
      bool sharesBody = prevEnd > 0;
      for (const auto& t : in.tokens)
        if (t.begin >= prevEnd && t.end <= c.label.begin) {
          std::string_view w = spell(in.text, t);
          sharesBody &= w == ":" || w == "case";
        }
      if (!sharesBody) ++arm;
      prevEnd = c.label.end;
      auto key = labelArch(c, in.k);
      // `case 0:` beside arch labels is the "no device / unknown" sentinel.
      if (!key && c.enumerator.empty() && c.value && *c.value == 0) continue;
      if (!key) {
        ++impure;
        continue;
      }
      Entry e = entryAt(*key, c.text, c.label, c.label, EntryForm::Case);
      e.arm = arm;
      s.entries.push_back(e);
      keys.push_back(*key);
      fromEnumerator.push_back(!c.enumerator.empty());
      recovered += c.recovered ? 1 : 0;
    }
    // Bit widths, head dims and tile sizes share numbers with archs: a switch
    // counts only when every label is one, or its subject is a capability.
    // Enumerator labels spell archs by name; the valued ones decide the spelling.
    std::vector<ClassifiedKey> numeric;
    for (size_t i = 0; i < keys.size(); ++i)
      if (!fromEnumerator[i]) numeric.push_back(keys[i]);
    const auto& spelled = numeric.empty() ? keys : numeric;
    if (keys.empty() || commonSpelling(spelled) == SpellingKind::Unknown) continue;
    if (impure > 0 && !subject.evidence.subject) continue;
    s.spelling = spelled.front().style;
    s.subject = subject;
    s.evidence = subject.evidence;
    if (sw.recovered)
      s.evidence.reasons.push_back(
          "read from source text: Clang did not see this switch (unknown macro, skipped branch or parse error)");
    else if (recovered > 0)
      s.evidence.reasons.push_back(std::to_string(recovered) +
                                   " label(s) read from source text: Clang dropped them (undeclared identifiers)");
    if (sw.fallthrough_default) {
      Span region = sw.fallthrough_default->body;
      region.end = sw.body.end > 0 ? sw.body.end - 1 : region.end;
      for (const auto& c : sw.cases)
        if (c.label.begin > region.begin && c.label.begin < region.end) region.end = c.label.begin;
      BlockExit x = exitOf(in.text, in.tokens, region);
      s.on_missing = x.exit == Exit::Crashes ? OnMissing::Crash : OnMissing::Fallback;
      s.on_missing_reason = x.exit == Exit::Crashes ? "default: " + x.what : "default: runs instead";
      if (x.exit == Exit::Crashes) s.crash_message = x.message;
      s.skips = x.skips;
    } else {
      s.on_missing = OnMissing::Fallback;
      s.on_missing_reason = "no case matches and the switch does nothing";
    }
    finishSite(s, sw.function, sw.origin, in.k);
    out.push_back(std::move(s));
  }
}

// What a branch body needs from the hardware, when its words say so: a body
// that throws refuses rather than runs, one that tests the subject again (or
// comes from a macro, whose body is elsewhere) decides for itself.
void addNeed(Site& s, const SiteInput& in, const Span& body, int arm, const std::string& subjectText) {
  if (body.end <= body.begin || body.end > in.text.size()) return;
  if (exitOf(in.text, in.tokens, body).exit == Exit::Crashes) return;
  std::string_view text(in.text.data() + body.begin, body.end - body.begin);
  if (mentionsSubject(text, subjectText)) return;
  if (auto need = pathNeedIn(text, body.line, arm, in.k, "//")) s.needs.push_back(std::move(*need));
}

void chainSites(const SiteInput& in, std::vector<Site>& out) {
  // Runs of `if (sm == 90) return a; if (sm == 100) return b;` read as one chain.
  std::vector<const ChainObs*> chains;
  for (const auto& c : in.obs.chains) chains.push_back(&c);
  std::map<std::pair<uint64_t, int>, const ChainObs*> byPos;
  for (const auto* c : chains)
    if (c->block) byPos[{c->block, c->index}] = c;
  std::set<const ChainObs*> merged;
  for (const ChainObs* head : chains) {
    if (merged.count(head)) continue;
    std::vector<const Condition*> conds;
    for (const auto& b : head->branches) conds.push_back(&b.condition);
    Subject subject;
    std::string subjectText = chooseSubject(conds, in.k, &subject);
    if (subjectText.empty()) continue;

    std::vector<const ChainObs*> run{head};
    auto exits = [&](const ChainObs* c) {
      if (c->otherwise) return false;
      for (const auto& b : c->branches)
        if (exitOf(in.text, in.tokens, b.body).exit == Exit::Falls) return false;
      return true;
    };
    while (head->block && exits(run.back())) {
      auto it = byPos.find({head->block, run.back()->index + 1});
      if (it == byPos.end() || !exits(it->second)) break;
      Arms probe;
      for (const auto& b : it->second->branches) addArms(b.condition, subjectText, in.text, in.k, probe);
      if (probe.entries.empty() && probe.ranges.empty()) break;
      run.push_back(it->second);
      merged.insert(it->second);
    }
    Arms arms;
    int arm = 0;
    for (const auto* c : run)
      for (const auto& b : c->branches) addArms(b.condition, subjectText, in.text, in.k, arms, arm++);
    if (arms.entries.empty() && !rangeOnArch(arms, subject)) continue;

    Site s = baseSite(head->function, subjectText, head->whole);
    s.extent.end = run.back()->whole.end;
    s.end_line = run.back()->whole.end_line;
    applyArms(s, arms, subject, SiteKind::IfChain);
    if (head->recovered)
      s.evidence.reasons.push_back(
          "read from source text: Clang did not see this code (a branch the preprocessor skipped or an unknown macro)");
    const ChainObs* last = run.back();
    if (!(arms.positive == 0 && arms.negated > 0)) {  // not `if (sm != 90) throw`: the arms admit
      int bodyArm = 0;
      for (const auto* c : run)
        for (const auto& b : c->branches) addNeed(s, in, b.body, bodyArm++, subjectText);
    }
    if (arms.positive == 0 && arms.negated > 0) {
      // `if (sm != 90 && sm != 100) throw ...`: a missing arch takes the body.
      // An assert macro expands to exactly this; its body is not in the file.
      bool assertMacro = head->origin.expanded && isAssertLike(head->origin.macro);
      bool crash = assertMacro, exits = true;
      for (const auto* c : run)
        for (const auto& b : c->branches) {
          BlockExit x = exitOf(in.text, in.tokens, b.body);
          s.skips |= x.skips;
          exits &= x.exit != Exit::Falls;
          // A refusal that returns keeps its words too: fix reads them ("This
          // example requires ... compute capability 100 or 110").
          if (x.exit == Exit::Returns && s.crash_message.empty()) s.crash_message = x.message;
          if (x.exit != Exit::Crashes) continue;
          crash = true;
          s.crash_message = x.message;
        }
      if (assertMacro) {
        // The span is the whole invocation, message included.
        auto [from, to] = tokensWithin(in.tokens, head->whole.begin, head->whole.end);
        s.crash_message = stringLiterals(in.text, in.tokens, from, to);
        s.conjoined = !onlyTestsOn(head->branches[0].condition, subjectText, in.text, in.tokens, head->whole);
      }
      s.on_missing = crash ? OnMissing::Crash : OnMissing::Fallback;
      s.on_missing_reason = s.skips       ? "the test is skipped"
                            : assertMacro ? head->origin.macro + " fails"
                            : crash       ? "the guard throws"
                                          : "the guard takes another path";
      s.check = crash;
      s.exits_unlisted = exits;
    } else if (last->otherwise) {
      BlockExit x = exitOf(in.text, in.tokens, last->otherwise->body);
      if (x.exit != Exit::Crashes) addNeed(s, in, last->otherwise->body, kFallbackArm, subjectText);
      s.on_missing = x.exit == Exit::Crashes ? OnMissing::Crash : OnMissing::Fallback;
      s.on_missing_reason = x.exit == Exit::Crashes ? "the else branch: " + x.what : "the else branch runs instead";
      if (x.exit == Exit::Crashes) s.crash_message = x.message;
      s.skips = x.skips;
      if (x.exit == Exit::Crashes && dispatchesOnOtherInput(run, subjectText) &&
          !speaksOfArch(x.message + " " + x.what)) {
        s.check = true;
        s.conjoined = true;
      }
    } else {
      BlockExit after = last->next ? exitOf(in.text, in.tokens, last->next->body) : BlockExit{};
      bool crash = exits(last) && after.exit == Exit::Crashes;
      s.on_missing = crash ? OnMissing::Crash : OnMissing::Fallback;
      s.on_missing_reason = crash ? "the statement after the chain: " + after.what : "no branch is taken";
      if (crash) s.crash_message = after.message;
    }
    finishSite(s, head->function, head->origin, in.k);
    out.push_back(std::move(s));
  }
}

namespace {

// `bool is_sm8x = major == 8 && minor >= 0;` and its like: the flag a test
// initialises, or "" when the test initialises none.
std::string flagOf(const SiteInput& in, const Span& test) {
  auto [first, last] = tokensWithin(in.tokens, test.begin, test.end);
  if (first < 3 || last >= in.tokens.size() || spell(in.text, in.tokens[last]) != ";") return "";
  if (spell(in.text, in.tokens[first - 1]) != "=" || in.tokens[first - 2].kind != Tok::Ident) return "";
  std::string_view type = spell(in.text, in.tokens[first - 3]);
  if (type != "bool" && type != "auto" && type != "const") return "";
  return std::string(spell(in.text, in.tokens[first - 2]));
}

// `TORCH_CHECK(is_sm90 || is_sm8x, "FlashAttention only supports Ampere GPUs
// or newer.")`: flags of one function joined in a check, each set by an arch
// test. Together they are one check that crashes for every arch none of them
// lists, reported at the check; the flags alone only fall back.
void flagChecks(const SiteInput& in, const std::map<std::string, std::vector<std::pair<std::string, size_t>>>& flags,
                std::vector<Site>& out) {
  for (const auto& [function, named] : flags) {
    const FunctionObs* fn = nullptr;
    for (const auto& f : in.obs.functions)
      if (f.name == function) fn = &f;
    if (!fn || named.size() < 2) continue;
    auto [from, to] = tokensWithin(in.tokens, fn->body.begin, fn->body.end);
    // A second check of the same flags is reached only by what passed the first.
    std::set<std::vector<size_t>> checked;
    for (size_t i = from; i + 3 < to; ++i) {
      std::string callee(spell(in.text, in.tokens[i]));
      if (in.tokens[i].kind != Tok::Ident || !isAssertLike(callee) || spell(in.text, in.tokens[i + 1]) != "(") continue;
      std::vector<size_t> joined;
      size_t j = i + 2;
      bool only = true;
      for (; j < to; ++j) {
        std::string_view w = spell(in.text, in.tokens[j]);
        if (w == "," || w == ")") break;
        if (w == "||" || w == "(") continue;
        auto it = std::find_if(named.begin(), named.end(), [&](const auto& n) { return n.first == w; });
        if (it == named.end()) {
          only = false;
          break;
        }
        joined.push_back(it->second);
      }
      if (!only || joined.size() < 2) continue;
      std::vector<size_t> key = joined;
      std::sort(key.begin(), key.end());
      if (!checked.insert(key).second) continue;
      Site s = out[joined.front()];
      s.entries.clear();
      for (size_t k : joined)
        for (auto e : out[k].entries) {
          e.arm = 0;
          s.entries.push_back(e);
        }
      s.ranges.clear();
      s.needs.clear();
      s.check = true;
      s.conjoined = false;
      s.on_missing = OnMissing::Crash;
      s.on_missing_reason = callee + " fails";
      s.crash_message = calleeMessage(in, Span{in.tokens[i + 1].end, in.tokens[i + 1].end, 0, 0});
      s.line = s.end_line = in.tokens[i].line;
      s.extent = s.container = ByteRange{in.tokens[i].begin, in.tokens[j < to ? j : i + 1].end};
      s.patchable = false;
      s.unpatchable_reason = "each arch is a flag joined in the check: add a flag for the new arch and join it by hand";
      out.push_back(std::move(s));
    }
  }
}

}  // namespace

void loneSites(const SiteInput& in, std::vector<Site>& out) {
  std::map<std::string, std::vector<std::pair<std::string, size_t>>> flags;  // function -> (flag, site)
  for (const auto& lone : in.obs.lones) {
    Subject subject;
    std::string subjectText = chooseSubject({&lone.condition}, in.k, &subject);
    if (subjectText.empty()) continue;
    Arms arms;
    addArms(lone.condition, subjectText, in.text, in.k, arms);
    if (arms.entries.empty() && !rangeOnArch(arms, subject)) continue;
    Site s = baseSite(lone.function, subjectText, lone.whole);
    applyArms(s, arms, subject, SiteKind::IfChain);
    std::string callee = enclosingCallee(in.text, lone.whole.begin);
    bool deny = arms.positive == 0 && arms.negated > 0;
    if (isAssertLike(callee)) {
      s.on_missing = deny ? OnMissing::Fallback : OnMissing::Crash;
      s.on_missing_reason = deny ? "a deny-list check: an arch not named passes" : callee + " fails";
      if (deny) s.polarity = Polarity::Deny;
      s.check = !deny;
      s.crash_message = calleeMessage(in, lone.whole);
      s.conjoined = !onlyTestsOn(lone.condition, subjectText, in.text, in.tokens, lone.whole);
    } else if (auto use = flagUse(in.text, in.tokens, lone.whole); use && !deny) {
      // The listed archs leave at `if (flag)`; the rest run into what follows.
      bool crash = use->other.exit == Exit::Crashes && (use->has_else || use->taken.exit != Exit::Falls);
      s.on_missing = crash ? OnMissing::Crash : OnMissing::Fallback;
      s.on_missing_reason = crash ? std::string(use->has_else ? "the else of if (" : "the statement after if (") +
                                        use->flag + "): " + use->other.what
                                  : "if (" + use->flag + ") is false and another path runs";
      if (crash) s.crash_message = use->other.message;
      s.skips = use->other.skips;
    } else {
      s.on_missing = OnMissing::Fallback;
      s.on_missing_reason = "the test is false and another path runs";
      if (deny) s.polarity = Polarity::Deny;
    }
    // A ternary chooses between its two answers as a chain between its arms.
    if (lone.when_true && lone.when_false && !deny) {
      addNeed(s, in, *lone.when_true, 0, subjectText);
      addNeed(s, in, *lone.when_false, kFallbackArm, subjectText);
    }
    finishSite(s, lone.function, lone.origin, in.k);
    if (std::string flag = flagOf(in, lone.whole);
        !flag.empty() && !deny && arms.ranges.empty() && !isAssertLike(callee))
      flags[lone.function].push_back({flag, out.size()});
    out.push_back(std::move(s));
  }
  flagChecks(in, flags, out);
}

namespace {

// Whether the file declares `name` itself (`kTiles[] = {`, `kByArch{`,
// `kByArch = `): then the parse saw it, and its reads are Clang's to report.
bool declaredHere(std::string_view text, const std::vector<Token>& t, std::string_view name) {
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    if (t[i].kind != Tok::Ident || spell(text, t[i]) != name) continue;
    std::string_view next = spell(text, t[i + 1]);
    if (next == "=" || next == "{" || (next == "[" && i + 2 < t.size() && spell(text, t[i + 2]) == "]")) return true;
  }
  return false;
}

// Reads of a table whose declaration the parse did not see (its header was
// not read): `gemm::kDefaultConfigBySm.at(sm)`, `kTilesBySm[sm]`. Kept only
// where the key has arch evidence; link/ keeps those whose table a scanned
// C/C++ file declares.
void rawLookups(const SiteInput& in, std::vector<Lookup>& out) {
  const auto& t = in.tokens;
  std::set<std::pair<std::string, int>> seen;
  for (const auto& l : out) seen.insert({l.table, l.line});
  std::map<std::string, bool> declared;  // by table name: one search of the file each
  for (size_t i = 0; i + 3 < t.size(); ++i) {
    if (t[i].kind != Tok::Ident) continue;
    if (i > 0 &&
        (spell(in.text, t[i - 1]) == "." || spell(in.text, t[i - 1]) == "->" || spell(in.text, t[i - 1]) == "::"))
      continue;
    size_t j = i;
    while (j + 2 < t.size() && spell(in.text, t[j + 1]) == "::" && t[j + 2].kind == Tok::Ident) j += 2;
    std::string table(spell(in.text, t[j]));
    size_t open = 0;
    OnMissing onMissing = OnMissing::Unknown;
    std::string how;
    if (j + 3 < t.size() && spell(in.text, t[j + 1]) == "." && spell(in.text, t[j + 2]) == "at" &&
        spell(in.text, t[j + 3]) == "(") {
      open = j + 3, onMissing = OnMissing::Crash, how = table + ".at(cap) throws";
    } else if (j + 1 < t.size() && spell(in.text, t[j + 1]) == "[") {
      open = j + 1, how = table + "[cap]";
    } else {
      continue;
    }
    size_t close = matchingToken(in.text, t, open);
    if (close >= t.size() || close == open + 1) continue;
    if (seen.count({table, t[i].line})) continue;
    // The key's evidence first: most `x[i]` have none, and the declaration
    // search reads the whole file.
    Subject subject = judgeOperand(rawOperand(in.text, t, open + 1, close), in.k);
    if (!subject.evidence.subject && !subject.evidence.name) continue;
    auto known = declared.find(table);
    if (known == declared.end()) known = declared.emplace(table, declaredHere(in.text, t, table)).first;
    if (known->second) continue;
    Lookup x;
    x.table = table;
    x.subjects.push_back(std::move(subject));
    x.on_missing = onMissing;
    x.how = how;
    x.line = t[i].line;
    seen.insert({table, x.line});
    out.push_back(std::move(x));
    i = close;
  }
}

}  // namespace

std::vector<Lookup> lookups(const SiteInput& in) {
  std::vector<Lookup> out;
  for (const auto& l : in.obs.lookups) {
    Lookup x;
    x.table = l.table;
    x.scope_function = dottedName(l.function);
    x.subjects.push_back(judgeOperand(l.subject, in.k));
    x.on_missing = l.on_missing;
    x.how = l.how;
    if (!l.table_file.empty()) x.table_file = std::filesystem::path(l.table_file).lexically_normal().string();
    if (l.after) {
      BlockExit after = exitOf(in.text, in.tokens, *l.after);
      if (after.exit == Exit::Crashes) {
        x.on_missing = OnMissing::Crash;
        x.how += " then " + after.what;
        x.crash_message = after.message;
      }
    }
    x.line = l.line;
    out.push_back(std::move(x));
  }
  rawLookups(in, out);
  return out;
}

void templateSites(const SiteInput& in, std::vector<Site>& out) {
  // One site per template, and per `if constexpr` chain its arguments are
  // tested in: two chains over the same trait decide apart.
  std::map<std::pair<std::string, uint32_t>, std::vector<const TemplateArgObs*>> byTemplate;
  std::map<const TemplateArgObs*, ConstexprChainEnd> chainOf;
  for (const auto& t : in.obs.template_args) {
    auto end = constexprChainEnd(in.text, in.tokens, t.literal_span.begin);
    if (end) chainOf[&t] = *end;
    byTemplate[{t.templ, end ? end->chain_begin + 1 : 0}].push_back(&t);
  }
  for (const auto& [group, args] : byTemplate) {
    const std::string& key = group.first;
    std::string templ = key.substr(0, key.find('|'));
    std::string param = key.find('|') == std::string::npos ? "" : key.substr(key.find('|') + 1);
    std::vector<ClassifiedKey> keys;
    std::set<long long> seen;
    Site s;
    bool pure = true;
    for (const auto* a : args) {
      auto c = classifyInt(a->value, in.k);
      if (!c) {
        pure = false;
        break;
      }
      if (!seen.insert(a->value).second) continue;
      keys.push_back(*c);
      s.entries.push_back(entryAt(*c, a->literal, a->literal_span, a->whole, EntryForm::TemplateArg));
    }
    if (!pure || seen.size() < 2 || commonSpelling(keys) == SpellingKind::Unknown) continue;
    s.name = templ + "<>";
    s.kind = SiteKind::Set;
    s.spelling = keys.front().style;
    s.line = args.front()->literal_span.line;
    s.end_line = s.line;
    s.extent = byteRange(args.front()->whole);
    s.container = s.extent;
    std::string last = templ.substr(templ.rfind(':') == std::string::npos ? 0 : templ.rfind(':') + 1);
    // The namespace counts too: arch::is_major_v<10>.
    for (const std::string& n : {last, param, templ}) {
      NameVerdict v = judgeName(n, in.k);
      if (v.negative && !v.arch_like) s.evidence.negative = true;
      if (v.arch_like && !s.evidence.name) {
        s.evidence.name = true;
        s.evidence.reasons.push_back("'" + n + "' is an arch-like name");
      }
    }
    if (s.evidence.negative) continue;
    s.on_missing = OnMissing::Unknown;
    s.on_missing_reason = "instantiated per arch; a missing arch gets the primary template or does not compile";
    // Arch tests in `if constexpr` conditions: the chain's else decides.
    if (auto it = chainOf.find(args.front()); it != chainOf.end()) {
      s.on_missing = it->second.on_missing;
      s.on_missing_reason = it->second.reason;
      s.crash_message = it->second.message;
      s.evidence.reasons.push_back("tested in an if constexpr chain");
    }
    finishSite(s, "", MacroOrigin{}, in.k);
    out.push_back(std::move(s));
  }
}

}  // namespace archscan::cpp
