#include "arms.h"

#include "keys.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

struct Split {
  std::vector<TSNode> operands;
  std::vector<std::string> ops;
};

Split split(TSNode cmp, const ModuleIndex& idx) {
  Split s;
  std::string pending;
  for (TSNode c : children(cmp)) {
    if (ts_node_is_named(c)) {
      if (is(c, "comment")) continue;
      if (!pending.empty()) s.ops.push_back(pending);
      pending.clear();
      s.operands.push_back(c);
    } else {
      pending += pending.empty() ? idx.text(c) : " " + idx.text(c);
    }
  }
  return s;
}

std::string flip(const std::string& op) {
  if (op == "<") return ">";
  if (op == "<=") return ">=";
  if (op == ">") return "<";
  if (op == ">=") return "<=";
  return op;
}

bool isOrdering(const std::string& op) { return op == "<" || op == "<=" || op == ">" || op == ">="; }

void bound(const std::string& op, const Arch& key, ArchRange& r) {
  int lo = key.smInt();
  int hiIncl = key.major_only ? key.major * 10 + 9 : key.smInt();
  if (op == ">=") r.low = lo;
  if (op == ">") r.low = hiIncl + 1;
  if (op == "<") r.high = lo;
  if (op == "<=") r.high = hiIncl + 1;
}

bool literalLike(TSNode n) {
  n = unparen(n);
  return is(n, "integer") || is(n, "string") || is(n, "tuple") || is(n, "list") || is(n, "set") || is(n, "float");
}

// `parse_arch("sm_70") == 70`, `to_cc("8.0")[0] >= 8`: a function of a
// literal arch, the same on every GPU. A unit test of a parser or a gate,
// not a decision on the device. A capability source given a literal device
// (`get_device_capability(0)`) reads the device and stays a subject.
bool literalArchCall(TSNode n, const PyContext& ctx) {
  n = unparen(n);
  while (is(n, "attribute") || is(n, "subscript"))
    n = unparen(is(n, "attribute") ? field(n, "object") : field(n, "value"));
  if (!is(n, "call")) return false;
  std::string name = ctx.idx.calleeName(n);
  if (ctx.k.capability_calls.count(name) || ctx.k.property_calls.count(name)) return false;
  bool arch = false;
  for (TSNode a : namedChildren(field(n, "arguments"))) {
    TSNode v = is(a, "keyword_argument") ? unparen(field(a, "value")) : a;
    if (!literalLike(v)) return false;
    arch |= is(v, "string") && classify(v, ctx.idx, ctx.k).has_value();
  }
  return arch;
}

}  // namespace

std::optional<Arm> armOf(TSNode cmp, const PyContext& ctx) {
  const ModuleIndex& idx = ctx.idx;
  Split s = split(cmp, idx);
  Arm arm;
  arm.comparison = cmp;
  if (s.operands.size() == 2 && s.ops.size() == 1) {
    TSNode a = unparen(s.operands[0]), b = unparen(s.operands[1]);
    std::string op = s.ops[0];
    if (literalLike(a) && !literalLike(b)) {
      std::swap(a, b);
      op = flip(op);
    }
    if (literalLike(a) || literalArchCall(a, ctx)) return std::nullopt;
    arm.subject = a;
    if (op == "==" || op == "!=") {
      auto c = classify(b, idx, ctx.k);
      if (!c) return std::nullopt;
      arm.op = ArmOp::Eq;
      arm.negated = op == "!=";
      Entry e = makeEntry(*c, b, cmp, idx);
      e.form = EntryForm::Compare;
      arm.entries.push_back(e);
      arm.style = c->style;
    } else if ((op == "in" || op == "not in") && (is(b, "tuple") || is(b, "list") || is(b, "set"))) {
      auto keys = collectionKeys(b, idx, ctx.k);
      if (!keys) return std::nullopt;
      arm.op = ArmOp::In;
      arm.negated = op == "not in";
      for (auto& e : keys->entries) {
        e.form = EntryForm::Element;
        e.container = rangeOf(b);
      }
      arm.entries = keys->entries;
      arm.style = keys->style;
    } else if ((op == "in" || op == "not in") && is(b, "call") && ctx.idx.calleeName(b) == "range") {
      // cap in range(9, 11): [9, 11) as a range.
      auto args = namedChildren(field(b, "arguments"));
      if (args.size() != 2 || op == "not in") return std::nullopt;
      auto lo = classify(args[0], idx, ctx.k);
      if (!lo) return std::nullopt;
      arm.op = ArmOp::Range;
      bound(">=", lo->arch, arm.range);
      // range(9, 11) stops before 11, which need not be a known arch.
      auto end = keyLiteral(args[1], idx, false);
      if (!end || end->type != KeyLiteral::Type::Int) return std::nullopt;
      arm.range.high =
          lo->style.kind == SpellingKind::MajorInt ? static_cast<int>(end->value) * 10 : static_cast<int>(end->value);
      arm.style = lo->style;
    } else if (isOrdering(op)) {
      auto c = classify(b, idx, ctx.k);
      if (!c) return std::nullopt;
      arm.op = ArmOp::Range;
      bound(op, c->arch, arm.range);
      arm.style = c->style;
      if (is(b, "string")) {
        arm.range.lexical = idx.text(b);
        arm.range.lexical_op = op;
      }
    } else {
      return std::nullopt;
    }
  } else if (s.operands.size() == 3 && s.ops.size() == 2 && isOrdering(s.ops[0]) && isOrdering(s.ops[1])) {
    TSNode lo = unparen(s.operands[0]), subj = unparen(s.operands[1]), hi = unparen(s.operands[2]);
    auto cl = classify(lo, idx, ctx.k), ch = classify(hi, idx, ctx.k);
    if (!cl || !ch || literalLike(subj) || literalArchCall(subj, ctx)) return std::nullopt;
    arm.subject = subj;
    arm.op = ArmOp::Range;
    bound(flip(s.ops[0]), cl->arch, arm.range);
    bound(s.ops[1], ch->arch, arm.range);
    arm.style = cl->style;
  } else {
    return std::nullopt;
  }
  if (arm.op == ArmOp::Range) {
    arm.range.text = idx.text(cmp);
    arm.range.item = rangeOf(cmp);
    arm.range.line = lineOf(cmp);
  }
  return arm;
}

void intersect(std::optional<ArchRange>& into, const ArchRange& r) {
  if (!into) {
    into = r;
    return;
  }
  if (r.low && (!into->low || *r.low > *into->low)) into->low = r.low;
  if (r.high && (!into->high || *r.high < *into->high)) into->high = r.high;
  into->text += "; " + r.text;
}

namespace {

// The leaves of an `and` tree, left to right; false when one is no comparison.
bool conjuncts(TSNode cond, const PyContext& ctx, std::vector<TSNode>& out) {
  cond = unparen(cond);
  if (is(cond, "boolean_operator") && ctx.idx.text(field(cond, "operator")) == "and")
    return conjuncts(field(cond, "left"), ctx, out) && conjuncts(field(cond, "right"), ctx, out);
  if (!is(cond, "comparison_operator")) return false;
  out.push_back(cond);
  return true;
}

// `sm >= 70 and sm < 75` (and any longer `and` of bounds on one subject):
// one bounded range, as `70 <= sm < 75` is. Read apart, each lower bound
// would seem to admit every arch above it.
std::optional<Arm> boundedConjunction(TSNode cond, const PyContext& ctx, std::vector<TSNode>& seen) {
  std::vector<TSNode> leaves;
  if (!conjuncts(cond, ctx, leaves) || leaves.size() < 2) return std::nullopt;
  std::optional<Arm> first;
  std::optional<ArchRange> range;
  for (TSNode leaf : leaves) {
    auto a = armOf(leaf, ctx);
    if (!a || a->op != ArmOp::Range || a->negated || !a->range.lexical.empty()) return std::nullopt;
    if (first && ctx.idx.text(a->subject) != ctx.idx.text(first->subject)) return std::nullopt;
    if (!first) first = a;
    intersect(range, a->range);
  }
  if (!range->low || !range->high || *range->low >= *range->high) return std::nullopt;
  Arm m = *first;
  m.range.low = range->low;
  m.range.high = range->high;
  m.range.text = ctx.idx.text(cond);
  m.range.item = rangeOf(cond);
  m.range.line = lineOf(cond);
  seen.insert(seen.end(), leaves.begin(), leaves.end());
  return m;
}

}  // namespace

void collectArms(TSNode cond, bool negated, const PyContext& ctx, std::vector<Arm>& out, std::vector<TSNode>& seen) {
  cond = unparen(cond);
  if (is(cond, "boolean_operator") && !negated) {
    if (auto bounded = boundedConjunction(cond, ctx, seen)) {
      out.push_back(*bounded);
      return;
    }
  }
  if (is(cond, "boolean_operator")) {
    collectArms(field(cond, "left"), negated, ctx, out, seen);
    collectArms(field(cond, "right"), negated, ctx, out, seen);
  } else if (is(cond, "not_operator")) {
    collectArms(field(cond, "argument"), !negated, ctx, out, seen);
  } else if (is(cond, "comparison_operator")) {
    seen.push_back(cond);
    if (auto a = armOf(cond, ctx)) {
      a->negated ^= negated;
      out.push_back(*a);
    }
  }
}

void collectPredicateCalls(TSNode cond, bool negated, const PyContext& ctx, std::vector<Arm>& out) {
  cond = unparen(cond);
  if (is(cond, "boolean_operator")) {
    collectPredicateCalls(field(cond, "left"), negated, ctx, out);
    collectPredicateCalls(field(cond, "right"), negated, ctx, out);
  } else if (is(cond, "not_operator")) {
    collectPredicateCalls(field(cond, "argument"), !negated, ctx, out);
  } else if (is(cond, "call")) {
    // A helper that takes a value (`is_supported(torch.float8)`, `arch_at_least(90)`)
    // decides on it, not on the device alone; one handed a tensor or device
    // (`is_sm90_or_newer(x)`, `(self.device)`) asks about that device. link/
    // keeps the call only where the helper's body tests the capability.
    TSNode fn = field(cond, "function");
    for (TSNode arg : namedChildren(field(cond, "arguments")))
      if (!is(arg, "identifier") && !is(arg, "attribute")) return;
    if (!is(fn, "identifier") && !is(fn, "attribute")) return;
    Arm a;
    a.comparison = cond;
    a.subject = cond;
    a.op = ArmOp::Range;
    a.negated = negated;
    a.range.text = ctx.idx.text(cond);
    a.range.item = rangeOf(cond);
    a.range.line = lineOf(cond);
    a.range.negated = negated;
    out.push_back(a);
  }
}

}  // namespace archscan::py
