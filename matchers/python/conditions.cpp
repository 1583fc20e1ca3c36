#include "conditions.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "arms.h"
#include "flow.h"
#include "frontend/path_needs.h"
#include "keys.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

struct Clause {
  TSNode body{};
  std::vector<Arm> arms;
  TSNode condition{};
};

// `cc[0]`, `cc[1]`, `props.major`, `props.minor` -> `cc`, `props`: parts of one capability.
std::string capabilityOf(std::string text) {
  for (const char* tail : {"[0]", "[1]", ".major", ".minor"}) {
    std::string t(tail);
    if (text.size() > t.size() && text.compare(text.size() - t.size(), t.size(), t) == 0)
      return text.substr(0, text.size() - t.size());
  }
  return text;
}

// Whether a condition tests nothing but the subject (`major == 9 or major ==
// 10`); `fp4 and major == 10` tests something else too.
bool onlyArmsOn(TSNode cond, const std::string& subjectText, const PyContext& ctx) {
  cond = unparen(cond);
  if (is(cond, "boolean_operator"))
    return onlyArmsOn(field(cond, "left"), subjectText, ctx) && onlyArmsOn(field(cond, "right"), subjectText, ctx);
  if (is(cond, "not_operator")) return onlyArmsOn(field(cond, "argument"), subjectText, ctx);
  if (is(cond, "comparison_operator")) {
    auto a = armOf(cond, ctx);
    return a && capabilityOf(ctx.idx.text(a->subject)) == capabilityOf(subjectText);
  }
  return is(cond, "call") && ctx.idx.text(cond) == subjectText;  // a predicate helper's call
}

// The subject most arms test, preferring one with evidence; "" when none may be used.
std::string chooseSubject(const std::vector<Clause>& clauses, const PyContext& ctx, TSNode& node) {
  std::map<std::string, std::pair<int, int>> stats;  // text -> (score, count)
  for (const auto& c : clauses) {
    for (const auto& a : c.arms) {
      std::string t = ctx.idx.text(a.subject);
      auto it = stats.find(t);
      if (it == stats.end()) {
        Subject s = ctx.eval.evaluate(a.subject);
        it = stats.emplace(t, std::make_pair(evidenceScore(s.evidence), 0)).first;
      }
      it->second.second++;
    }
  }
  std::string best;
  std::pair<int, int> bestStat{-1, 0};
  for (const auto& [t, st] : stats)
    if (st.first >= 0 && st > bestStat) best = t, bestStat = st;
  for (const auto& c : clauses)
    for (const auto& a : c.arms)
      if (ctx.idx.text(a.subject) == best) node = a.subject;
  return best;
}

Site baseSite(const PyContext& ctx, TSNode at, TSNode subject, const std::string& subjectText) {
  Site s;
  s.scope = ctx.idx.scopeName(at);
  s.name = (s.scope.empty() ? std::string("<module>") : s.scope) + "[" + subjectText + "]";
  s.subject = ctx.eval.evaluate(subject);
  s.evidence = s.subject->evidence;
  // The enclosing function's name says what it is for, never that a value
  // compared inside it is an arch (`cfg.m_block_size == 80` in test_sm90_...).
  s.scope_archs = ctx.scopeArchs(at);
  s.extent = rangeOf(at);
  s.line = lineOf(at);
  s.end_line = endLineOf(at);
  return s;
}

// The minors a clause admits beside a major test: `props.minor in [6, 9]`
// next to `props.major == 8`; empty when it has no such test.
std::vector<int> minorsBeside(const Clause& c, const std::string& subjectText, const ModuleIndex& idx) {
  std::string minorText;
  for (auto [major, minor] : {std::pair<const char*, const char*>{".major", ".minor"}, {"[0]", "[1]"}}) {
    std::string m(major);
    if (subjectText.size() > m.size() && subjectText.compare(subjectText.size() - m.size(), m.size(), m) == 0)
      minorText = subjectText.substr(0, subjectText.size() - m.size()) + minor;
  }
  std::vector<int> out;
  if (minorText.empty()) return out;
  for (const auto& a : c.arms) {
    if (idx.text(a.subject) != minorText || a.negated || a.op == ArmOp::Range) continue;
    // The minors were classified as if they were majors (6 -> 6.x).
    for (const auto& e : a.entries)
      if (e.arch.major_only && e.arch.major < 10) out.push_back(e.arch.major);
  }
  return out;
}

void addArms(Site& s, const std::vector<Clause>& clauses, const std::string& subjectText, const ModuleIndex& idx) {
  for (size_t arm = 0; arm < clauses.size(); ++arm) {
    std::vector<int> minors = minorsBeside(clauses[arm], subjectText, idx);
    for (const auto& a : clauses[arm].arms) {
      if (idx.text(a.subject) != subjectText) continue;
      if (a.op == ArmOp::Range) {
        s.ranges.push_back(a.range);
        s.ranges.back().arm = static_cast<int>(arm);
      } else {
        for (const auto& e : a.entries) {
          s.entries.push_back(e);
          s.entries.back().arm = static_cast<int>(arm);
          if (e.arch.major_only && !a.negated) s.entries.back().minors = minors;
        }
        if (s.spelling.kind == SpellingKind::Unknown) s.spelling = a.style;
      }
    }
  }
  if (s.spelling.kind == SpellingKind::Unknown)
    for (const auto& c : clauses)
      for (const auto& a : c.arms)
        if (idx.text(a.subject) == subjectText && s.spelling.kind == SpellingKind::Unknown) s.spelling = a.style;
  s.kind = s.entries.empty() ? SiteKind::Range : SiteKind::IfChain;
}

// The module a call's function comes from, by this file's imports: `f(` of
// `from pkg._qattn_sm90 import f`, `q.f(` of `import pkg._qattn_sm90 as q`,
// as the dotted path it runs (`pkg._qattn_sm90.f`); empty when not imported.
std::string importedFrom(std::string_view text, size_t b, const std::string& name, const PyContext& ctx) {
  if (b > 0 && text[b - 1] == '.') {
    size_t m = b - 1;
    while (m > 0 && (std::isalnum(static_cast<unsigned char>(text[m - 1])) || text[m - 1] == '_' || text[m - 1] == '.'))
      --m;
    auto it = ctx.imported.find(std::string(text.substr(m, b - 1 - m)));
    return it == ctx.imported.end() ? "" : it->second.first + "." + name;
  }
  auto it = ctx.imported.find(name);
  return it == ctx.imported.end() || !it->second.second ? "" : it->second.first;
}

// The need of a path whose own words say nothing, read one call deep: a
// function of this file it calls (`cls._kernel()`, `self._launch(...)`,
// `_run(...)`) whose body names what it runs (`return
// gemm_wrapper_sm100`), or one imported from a module named for what it
// runs (`from sageattention._qattn_sm90 import attn`: an extension built
// for sm_90's instructions). A callee that reads the capability itself
// decides for itself, so its words are no one path's.
std::optional<PathNeed> calleeNeed(std::string_view text, TSNode at, int arm, const PyContext& ctx) {
  TSNode caller = ctx.idx.enclosingFunction(at);
  const FunctionInfo* self = ts_node_is_null(caller) ? nullptr : ctx.idx.function(caller);
  size_t tried = 0;
  for (size_t i = 0; i < text.size() && tried < 8; ++i) {
    if (text[i] != '(' || i == 0) continue;
    size_t b = i;
    while (b > 0 && (std::isalnum(static_cast<unsigned char>(text[b - 1])) || text[b - 1] == '_')) --b;
    if (b == i) continue;
    std::string name(text.substr(b, i - b));
    bool member = b >= 5 && (text.substr(b - 5, 5) == "self." || (b >= 4 && text.substr(b - 4, 4) == "cls."));
    if (!member) {
      std::string path = importedFrom(text, b, name, ctx);
      if (!path.empty()) {
        ++tried;
        // The call's line: the module path is read in its place.
        int line = lineOf(at) + static_cast<int>(std::count(text.begin(), text.begin() + b, '\n'));
        if (auto need = pathNeedIn(path, line, arm, ctx.k, "#")) return need;
        continue;
      }
    }
    if (!member && b > 0 && text[b - 1] == '.') continue;  // obj.f(): another object's
    const FunctionInfo* f = ctx.idx.functionNamed(name, member && self ? std::string_view(self->cls) : "");
    if (!f || (self && ts_node_eq(f->node, self->node))) continue;
    ++tried;
    std::string body = ctx.idx.text(f->node);
    bool reads = false;
    for (const auto& call : ctx.k.capability_calls) reads |= body.find(call) != std::string::npos;
    for (const auto& call : ctx.k.property_calls) reads |= body.find(call) != std::string::npos;
    if (reads) continue;
    if (auto need = pathNeedIn(body, lineOf(f->node), arm, ctx.k, "#")) return need;
  }
  return std::nullopt;
}

// `if cc >= 90: return "90"`: an open range that returns the label of the
// arch it starts at translates the capability into that arch's name (a
// target string, a kernel-family key). Every newer arch it admits is handled
// as that arch from there on, so the path needs what that arch's own code
// uses (sm_90: wgmma). Only the range's own lower bound counts: `>= 80:
// return "ampere"` names no arch, and `>= 90: return "80"` is a deliberate
// older family.
std::optional<PathNeed> labelNeed(const Site& s, TSNode body, int arm, const PyContext& ctx) {
  auto stmts = namedChildren(body);
  if (stmts.size() != 1 || !is(stmts[0], "return_statement")) return std::nullopt;
  TSNode value = ts_node_named_child(stmts[0], 0);
  if (ts_node_is_null(value) || !(is(value, "string") || is(value, "integer"))) return std::nullopt;
  auto key = classify(value, ctx.idx, ctx.k, false);
  if (!key || key->arch.major_only) return std::nullopt;
  bool ownStart = false;
  for (const auto& r : s.ranges)
    ownStart |= r.arm == arm && r.low && !r.high && *r.low == key->arch.major * 10 + key->arch.minor;
  if (!ownStart) return std::nullopt;
  const KnownArch* known = ctx.k.archs.find(key->arch.major, key->arch.minor);
  if (!known || known->isa.signature.empty()) return std::nullopt;
  PathNeed need;
  need.arm = arm;
  std::string why = "`" + ctx.idx.text(stmts[0]) + "`: handled as " + key->arch.base().name() + " from here";
  for (const auto& f : known->isa.signature) need.needs.push_back(NeedEvidence{f, why, lineOf(stmts[0]), false});
  return need;
}

// What the body of arm `arm` needs from the hardware, when its code says. A
// body that raises refuses rather than runs, one that only turns something
// off runs nothing, and one that tests the subject again decides for itself:
// none of them is one path's need.
void addNeed(Site& s, TSNode body, int arm, const std::string& subjectText, const PyContext& ctx) {
  if (ts_node_is_null(body) || !ts_node_is_null(raisingStatement(body, ctx.idx))) return;
  if (blockDisables(body, ctx.idx)) return;  // `use_fused = False`: it turns a path off, it runs none
  std::string text = ctx.idx.text(body);
  if (mentionsSubject(text, subjectText)) return;
  auto need = pathNeedIn(text, lineOf(body), arm, ctx.k, "#");
  if (!need) need = calleeNeed(text, body, arm, ctx);
  if (!need) need = labelNeed(s, body, arm, ctx);
  if (need) s.needs.push_back(std::move(*need));
}

// What the code after a check needs: `assert major in (10, 11)` or `if cap
// not in S: raise` lets the listed archs run the rest of the block, and that
// is the path the check guards (arm 0, where its listed keys are).
void addFollowingNeed(Site& s, TSNode stmt, const std::string& subjectText, const PyContext& ctx, int arm = 0) {
  TSNode block = ts_node_parent(stmt);
  if (ts_node_is_null(block)) return;
  uint32_t from = ts_node_end_byte(stmt), to = ts_node_end_byte(block);
  if (to <= from) return;
  std::string text = ctx.idx.text(block).substr(from - ts_node_start_byte(block), to - from);
  if (mentionsSubject(text, subjectText)) return;  // decided again further on
  auto need = pathNeedIn(text, endLineOf(stmt), arm, ctx.k, "#");
  if (!need) need = calleeNeed(text, stmt, arm, ctx);
  if (need) s.needs.push_back(std::move(*need));
}

bool allNegated(const std::vector<Clause>& clauses, const std::string& subjectText, const ModuleIndex& idx) {
  bool any = false;
  for (const auto& c : clauses)
    for (const auto& a : c.arms) {
      if (idx.text(a.subject) != subjectText || a.op == ArmOp::Range) continue;
      any = true;
      if (!a.negated) return false;
    }
  return any;
}

TSNode elseBody(TSNode ifStmt) {
  for (TSNode c : namedChildren(ifStmt))
    if (is(c, "else_clause")) return field(c, "body");
  return TSNode{};
}

bool hasElifOrElse(TSNode ifStmt) {
  for (TSNode c : namedChildren(ifStmt))
    if (is(c, "elif_clause") || is(c, "else_clause")) return true;
  return false;
}

// The arms of each clause: comparisons, or with `predicates` the calls that
// may be helpers returning one.
void armsOf(TSNode cond, bool predicates, const PyContext& ctx, std::vector<Arm>& out, std::vector<TSNode>& seen) {
  if (predicates) collectPredicateCalls(cond, false, ctx, out);
  else collectArms(cond, false, ctx, out, seen);
}

std::vector<Clause> clausesOf(TSNode ifStmt, const PyContext& ctx, std::vector<TSNode>& seen, bool predicates) {
  std::vector<Clause> out;
  Clause first{field(ifStmt, "consequence"), {}, field(ifStmt, "condition")};
  armsOf(field(ifStmt, "condition"), predicates, ctx, first.arms, seen);
  out.push_back(first);
  for (TSNode c : namedChildren(ifStmt)) {
    if (!is(c, "elif_clause")) continue;
    Clause cl{field(c, "consequence"), {}, field(c, "condition")};
    armsOf(field(c, "condition"), predicates, ctx, cl.arms, seen);
    out.push_back(cl);
  }
  return out;
}

// The helper a predicate site calls, as written (`utils.is_sm_at_least_90`).
std::string predicateOf(TSNode call, const ModuleIndex& idx) { return idx.text(field(call, "function")); }

bool clauseTests(const Clause& c, const std::string& subjectText, const ModuleIndex& idx) {
  for (const auto& a : c.arms)
    if (idx.text(a.subject) == subjectText) return true;
  return false;
}

void chainFromIf(PyContext& ctx, TSNode ifStmt, std::set<uint32_t>& doneIfs) {
  const ModuleIndex& idx = ctx.idx;
  std::vector<TSNode> seen;
  std::vector<Clause> clauses = clausesOf(ifStmt, ctx, seen, false);
  TSNode subjectNode{};
  std::string subjectText = chooseSubject(clauses, ctx, subjectNode);
  for (TSNode n : seen) ctx.consumed.insert(ts_node_start_byte(n));
  // No capability compared here: perhaps a helper that compares one
  // (`if is_sm_at_least_90():`); link/ keeps the site if it finds one.
  bool predicate = subjectText.empty();
  if (predicate) {
    clauses = clausesOf(ifStmt, ctx, seen, true);
    subjectText = chooseSubject(clauses, ctx, subjectNode);
  }
  if (subjectText.empty()) return;

  // `if cap == 9: return a` / `if cap == 10: return b` / `raise ...`: one chain.
  TSNode last = ifStmt;
  bool run = !hasElifOrElse(ifStmt) && blockExits(clauses[0].body, idx);
  while (run) {
    TSNode next = nextStatement(last);
    if (!is(next, "if_statement") || hasElifOrElse(next)) break;
    std::vector<TSNode> nextSeen;
    auto more = clausesOf(next, ctx, nextSeen, predicate);
    if (!clauseTests(more[0], subjectText, idx) || !blockExits(more[0].body, idx)) break;
    for (TSNode n : nextSeen) ctx.consumed.insert(ts_node_start_byte(n));
    doneIfs.insert(ts_node_start_byte(next));
    clauses.push_back(more[0]);
    last = next;
  }

  Site s = baseSite(ctx, ifStmt, subjectNode, subjectText);
  if (predicate) s.predicate = predicateOf(subjectNode, idx);
  s.extent.end = ts_node_end_byte(last);
  s.end_line = endLineOf(last);
  addArms(s, clauses, subjectText, idx);

  bool positive = !allNegated(clauses, subjectText, idx);
  TSNode elseB = elseBody(ifStmt);
  if (positive) {
    for (size_t arm = 0; arm < clauses.size(); ++arm) addNeed(s, clauses[arm].body, int(arm), subjectText, ctx);
    addNeed(s, elseB, kFallbackArm, subjectText, ctx);
  }
  if (!positive) {
    // `if cap not in (9, 10): raise`: the missing arch takes the body.
    bool exits = true;
    for (const auto& c : clauses) {
      if (!clauseTests(c, subjectText, idx)) continue;
      s.conjoined |= !onlyArmsOn(c.condition, subjectText, ctx);
      bool skips = blockSkips(c.body, idx);
      s.skips |= skips;
      exits &= blockExits(c.body, idx);
      TSNode r = raisingStatement(c.body, idx);
      // A skip, or a warning before leaving, says why as a refusal does
      // ("only enabled on Blackwell server GPUs", "only supported on 10.0").
      if ((skips || blockExits(c.body, idx)) && ts_node_is_null(r) && s.crash_message.empty() &&
          ts_node_named_child_count(c.body) > 0)
        s.crash_message = crashMessage(ts_node_named_child(c.body, 0), idx);
      if (ts_node_is_null(r)) continue;
      s.on_missing = OnMissing::Crash;
      s.crash_message = crashMessage(r, idx);
    }
    if (s.on_missing != OnMissing::Crash) s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = s.skips                            ? "the test is skipped"
                          : s.on_missing == OnMissing::Crash ? "the guard raises"
                                                             : "the guard takes another path";
    s.check = s.on_missing == OnMissing::Crash;
    s.exits_unlisted = exits && !s.conjoined;
    if (s.check || s.exits_unlisted) addFollowingNeed(s, last, subjectText, ctx);
  } else if (clauses.size() == 1 && ts_node_is_null(elseB) && blockDisables(clauses[0].body, idx)) {
    s.polarity = Polarity::Deny;
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = "a deny-list: an arch not named passes";
    // What the refused archs meet: a raise says so (`raise RuntimeError(
    // "needs compute capability 8.9")`), a plain return does not.
    if (TSNode r = raisingStatement(clauses[0].body, idx); !ts_node_is_null(r)) s.crash_message = crashMessage(r, idx);
    // What an arch not named passes into is the rest of the block: `if cc[0] <
    // 10: return False` lets sm_120 through to whatever sm_100 code follows.
    addFollowingNeed(s, last, subjectText, ctx, kFallbackArm);
  } else if (!ts_node_is_null(elseB)) {
    TSNode r = raisingStatement(elseB, idx);
    bool raises = !ts_node_is_null(r);
    s.skips = blockSkips(elseB, idx);
    s.on_missing = raises ? OnMissing::Crash : OnMissing::Fallback;
    s.on_missing_reason = s.skips  ? "the test is skipped"
                          : raises ? "the else branch raises"
                                   : "the else branch runs instead";
    s.crash_message = crashMessage(r, idx);
  } else {
    TSNode after = nextStatement(last);
    bool exits = true;
    for (const auto& c : clauses) exits &= blockExits(c.body, idx);
    // Every arm leaves: the archs none of them names run what follows.
    if (exits) addFollowingNeed(s, last, subjectText, ctx, kFallbackArm);
    bool raises = exits && !ts_node_is_null(after) && statementRaises(after, idx);
    s.on_missing = raises ? OnMissing::Crash : OnMissing::Fallback;
    s.on_missing_reason = raises ? "the statement after the chain raises" : "no branch is taken";
    if (raises) s.crash_message = crashMessage(after, idx);
  }
  ctx.facts.sites.push_back(std::move(s));
}

void chainFromMatch(PyContext& ctx, TSNode match) {
  const ModuleIndex& idx = ctx.idx;
  TSNode subject = field(match, "subject");
  Site s = baseSite(ctx, match, subject, idx.text(unparen(subject)));
  if (s.evidence.negative) return;
  s.kind = SiteKind::Switch;
  TSNode defaultBody{};
  bool hasDefault = false;
  std::vector<ClassifiedKey> keys;
  int arm = -1;
  for (TSNode clause : namedChildren(field(match, "body"))) {
    if (!is(clause, "case_clause")) continue;
    ++arm;
    TSNode body = field(clause, "consequence");
    bool isDefault = false;
    for (TSNode pat : namedChildren(clause)) isDefault |= is(pat, "case_pattern") && namedChildren(pat).empty();
    addNeed(s, body, isDefault ? kFallbackArm : arm, idx.text(unparen(subject)), ctx);
    for (TSNode pat : namedChildren(clause)) {
      if (!is(pat, "case_pattern")) continue;
      auto kids = namedChildren(pat);
      if (kids.empty()) {
        hasDefault = true;
        defaultBody = body;
        continue;
      }
      std::vector<TSNode> lits = kids;
      if (kids.size() == 1 && is(kids[0], "union_pattern")) lits = namedChildren(kids[0]);
      for (TSNode lit : lits) {
        auto c = classify(lit, idx, ctx.k);
        if (!c) continue;
        Entry e = makeEntry(*c, lit, lit, idx);
        e.form = EntryForm::Case;
        e.arm = arm;
        e.value = rangeOf(body);
        s.entries.push_back(e);
        keys.push_back(*c);
      }
    }
  }
  if (keys.empty() || commonSpelling(keys) == SpellingKind::Unknown) return;
  s.spelling = keys.front().style;
  if (hasDefault) {
    TSNode r = raisingStatement(defaultBody, idx);
    bool raises = !ts_node_is_null(r);
    s.crash_message = crashMessage(r, idx);
    s.on_missing = raises ? OnMissing::Crash : OnMissing::Fallback;
    s.on_missing_reason = raises ? "case _ raises" : "case _ runs instead";
  } else {
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = "no case matches";
  }
  ctx.facts.sites.push_back(std::move(s));
}

void siteFromAssert(PyContext& ctx, TSNode stmt) {
  std::vector<Clause> clauses(1);
  std::vector<TSNode> seen;
  collectArms(ts_node_named_child(stmt, 0), false, ctx, clauses[0].arms, seen);
  TSNode subjectNode{};
  std::string subjectText = chooseSubject(clauses, ctx, subjectNode);
  for (TSNode n : seen) ctx.consumed.insert(ts_node_start_byte(n));
  bool predicate = subjectText.empty();  // `assert is_sm_at_least_90()`, as in chainFromIf
  if (predicate) {
    collectPredicateCalls(ts_node_named_child(stmt, 0), false, ctx, clauses[0].arms);
    subjectText = chooseSubject(clauses, ctx, subjectNode);
  }
  if (subjectText.empty()) return;
  Site s = baseSite(ctx, stmt, subjectNode, subjectText);
  if (predicate) s.predicate = predicateOf(subjectNode, ctx.idx);
  addArms(s, clauses, subjectText, ctx.idx);
  if (allNegated(clauses, subjectText, ctx.idx)) {
    s.polarity = Polarity::Deny;
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = "a deny-list assert: an arch not named passes";
  } else {
    s.on_missing = OnMissing::Crash;
    s.on_missing_reason = "the assert fails";
    s.check = true;
    s.conjoined = !onlyArmsOn(ts_node_named_child(stmt, 0), subjectText, ctx);
    if (ts_node_named_child_count(stmt) > 1) s.crash_message = crashMessage(ts_node_named_child(stmt, 1), ctx.idx);
    if (!s.conjoined) addFollowingNeed(s, stmt, subjectText, ctx);
  }
  ctx.facts.sites.push_back(std::move(s));
}

}  // namespace

void extractBranches(PyContext& ctx, const std::vector<Capture>& branches) {
  std::set<uint32_t> doneIfs;
  for (const auto& c : branches) {
    if (c.name == "if") {
      if (doneIfs.count(ts_node_start_byte(c.node))) continue;
      chainFromIf(ctx, c.node, doneIfs);
    } else if (c.name == "match") {
      chainFromMatch(ctx, c.node);
    } else if (c.name == "assert") {
      siteFromAssert(ctx, c.node);
    }
  }
}

void extractLoneComparisons(PyContext& ctx, const std::vector<Capture>& comparisons) {
  for (const auto& c : comparisons) {
    if (ctx.consumed.count(ts_node_start_byte(c.node))) continue;
    auto arm = armOf(c.node, ctx);
    if (!arm) continue;
    std::vector<Clause> clauses{Clause{TSNode{}, {*arm}}};
    std::string text = ctx.idx.text(arm->subject);
    Site s = baseSite(ctx, c.node, arm->subject, text);
    if (s.evidence.negative) continue;
    addArms(s, clauses, text, ctx.idx);
    if (arm->op == ArmOp::In && !s.entries.empty()) s.kind = SiteKind::Set;
    s.polarity = arm->negated ? Polarity::Deny : Polarity::Allow;
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = "the test is false and another path runs";
    ctx.facts.sites.push_back(std::move(s));
  }
}

namespace {

// The one-sided range a condition puts on a capability (`major >= 9`,
// `not cc < (10, 0)`, `avail and major >= 9`), intersected over `and`;
// nullopt for `or`, a test by equality, or none at all.
std::optional<ArchRange> rangeTest(TSNode cond, const PyContext& ctx) {
  std::vector<Arm> arms;
  std::vector<TSNode> seen;
  collectArms(cond, false, ctx, arms, seen);
  if (ctx.idx.text(cond).find(" or ") != std::string::npos) return std::nullopt;
  std::optional<ArchRange> out;
  for (const auto& a : arms) {
    Subject subject = ctx.eval.evaluate(a.subject);
    if (subject.evidence.negative) continue;
    if (!subject.evidence.subject && !subject.evidence.name && subject.evidence.via_calls.empty()) continue;
    if (a.op != ArmOp::Range) return std::nullopt;
    ArchRange r = a.range;
    if (a.negated) {
      if (r.low && r.high) return std::nullopt;
      std::swap(r.low, r.high);
    }
    intersect(out, r);
  }
  return out;
}

bool returnsFalse(TSNode stmt) {
  if (!is(stmt, "return_statement")) return false;
  TSNode v = ts_node_named_child(stmt, 0);
  return !ts_node_is_null(v) && is(v, "false");
}

// Whether `n` holds a return other than `return False` (nested functions aside).
bool returnsOtherThanFalse(TSNode n) {
  if (is(n, "function_definition") || is(n, "lambda") || is(n, "class_definition")) return false;
  if (is(n, "return_statement")) return !returnsFalse(n);
  for (TSNode c : namedChildren(n))
    if (returnsOtherThanFalse(c)) return true;
  return false;
}

}  // namespace

std::vector<ArchRange> admittedBy(TSNode function, const PyContext& ctx) {
  std::vector<TSNode> body;
  for (TSNode st : namedChildren(field(function, "body")))
    if (!is(st, "comment")) body.push_back(st);
  if (body.empty() || !is(body.back(), "return_statement")) return {};
  std::optional<ArchRange> admitted;
  for (size_t i = 0; i + 1 < body.size(); ++i) {
    TSNode st = body[i];
    if (is(st, "function_definition") || is(st, "class_definition")) continue;
    if (!returnsOtherThanFalse(st) && is(st, "if_statement") && !hasElifOrElse(st)) {
      // `if cc[0] < 10: return False`: the archs it sends away are not admitted.
      auto cons = namedChildren(field(st, "consequence"));
      if (cons.size() == 1 && returnsFalse(cons[0]))
        if (auto r = rangeTest(field(st, "condition"), ctx)) {
          if (r->low && r->high) return {};
          std::swap(r->low, r->high);
          r->text = "returns False for " + r->text;
          intersect(admitted, *r);
        }
      continue;
    }
    if (returnsOtherThanFalse(st)) return {};
  }
  TSNode value = ts_node_named_child(body.back(), 0);
  if (!ts_node_is_null(value) && !is(value, "true"))
    if (auto r = rangeTest(value, ctx)) {
      r->text = "returns " + r->text;
      intersect(admitted, *r);
    }
  if (!admitted || (!admitted->low && !admitted->high)) return {};
  admitted->line = lineOf(function);
  admitted->arm = 0;
  admitted->item = {};
  return {*admitted};
}

}  // namespace archscan::py
