#include "subject.h"

#include "knowledge/names.h"
#include "ts_util.h"

namespace archscan::py {
namespace {
constexpr int kMaxDepth = 8;
}

void merge(Evidence& into, const Evidence& from) {
  into.subject |= from.subject;
  into.name |= from.name;
  into.negative |= from.negative;
  for (const auto& r : from.reasons)
    if (into.reasons.size() < 4) into.reasons.push_back(r);
  for (const auto& c : from.via_calls)
    if (into.via_calls.size() < 4) into.via_calls.push_back(c);
}

Subject SubjectEvaluator::evaluate(TSNode expr) const {
  Walk w;
  Subject s;
  expr = unparen(expr);
  s.text = idx_.text(expr);
  s.evidence = eval(expr, w);
  s.binding = binding(expr);
  return s;
}

bool SubjectEvaluator::returnsCapability(const FunctionInfo& f) const {
  Walk w;
  return returnsCapability(f, w);
}

void SubjectEvaluator::judge(const std::string& name, Evidence& e) const {
  NameVerdict v = judgeName(name, k_);
  if (v.negative) e.negative = true;
  if (v.arch_like) {
    e.name = true;
    e.reasons.push_back("arch-like name '" + name + "'");
  }
}

bool SubjectEvaluator::negativeSource(const std::string& text) const {
  for (const auto& n : k_.negative_sources)
    if (text.rfind(n, 0) == 0) return true;
  return false;
}

// Families need an identity for "the same variable": a local in one
// function, a module global, or self.x of one class. Any other expression is
// its own identity, so two separate get_device_capability() calls are not
// siblings.
std::string SubjectEvaluator::binding(TSNode expr) const {
  std::string t = idx_.text(expr);
  if (is(expr, "identifier")) {
    for (TSNode fn = idx_.enclosingFunction(expr); !ts_node_is_null(fn); fn = idx_.enclosingFunction(fn)) {
      const FunctionInfo* f = idx_.function(fn);
      if (!f) continue;
      bool local = false;
      for (const auto& p : f->params) local |= p == t;
      local |= !idx_.assignmentsBinding(fn, t).empty();
      if (local) return f->qualname + ":" + t;
    }
    return ":" + t;
  }
  if (is(expr, "attribute")) {
    TSNode obj = field(expr, "object");
    if (is(obj, "identifier") && (idx_.text(obj) == "self" || idx_.text(obj) == "cls"))
      return idx_.enclosingClass(expr) + ".self." + idx_.text(field(expr, "attribute"));
  }
  return idx_.scopeName(expr) + ":" + t + "@" + std::to_string(ts_node_start_byte(expr));
}

Evidence SubjectEvaluator::eval(TSNode expr, Walk& w) const {
  Evidence e;
  expr = unparen(expr);
  if (ts_node_is_null(expr) || w.depth > kMaxDepth || --w.budget < 0) return e;
  std::string t = idx_.text(expr);
  if (negativeSource(t)) {
    e.negative = true;
    return e;
  }
  const void* key = expr.id;
  if (!w.visiting.insert(key).second) return e;
  ++w.depth;
  std::string_view ty = type(expr);
  if (ty == "identifier") {
    e = evalIdentifier(expr, w);
  } else if (ty == "attribute") {
    std::string attr = idx_.text(field(expr, "attribute"));
    TSNode obj = unparen(field(expr, "object"));
    if (k_.capability_attributes.count(attr)) {
      e.subject = true;
      e.reasons.push_back("reads " + attr);
    } else if (is(obj, "identifier") && (idx_.text(obj) == "self" || idx_.text(obj) == "cls")) {
      judge(attr, e);
      merge(e, evalSelfAttribute(idx_.enclosingClass(expr), attr, w));
    } else if (attr == "major" || attr == "minor") {
      Evidence o = eval(obj, w);
      if (o.subject) {
        e.subject = true;
        e.reasons.push_back("." + attr + " of device properties");
      }
      e.negative |= o.negative;
    } else {
      judge(attr, e);
    }
  } else if (ty == "call") {
    e = evalCall(expr, w);
  } else if (ty == "subscript") {
    merge(e, eval(field(expr, "value"), w));
  } else if (ty == "binary_operator" || ty == "boolean_operator") {
    merge(e, eval(field(expr, "left"), w));
    merge(e, eval(field(expr, "right"), w));
  } else if (ty == "conditional_expression" || ty == "tuple" || ty == "expression_list") {
    for (TSNode c : namedChildren(expr)) merge(e, eval(c, w));
    // (f"{major}{minor}a", dtype): a composite key is about the arch when one part is.
    if (e.subject) e.negative = false;
  } else if (ty == "string") {
    for (TSNode c : namedChildren(expr))
      if (is(c, "interpolation")) merge(e, eval(field(c, "expression"), w));
  } else if (ty == "await") {
    for (TSNode c : namedChildren(expr)) merge(e, eval(c, w));
  }
  --w.depth;
  w.visiting.erase(key);
  return e;
}

Evidence SubjectEvaluator::evalIdentifier(TSNode id, Walk& w) const {
  Evidence e;
  std::string name = idx_.text(id);
  judge(name, e);
  for (TSNode fn = idx_.enclosingFunction(id);; fn = idx_.enclosingFunction(fn)) {
    bool found = false;
    for (size_t ai : idx_.assignmentsBinding(fn, name)) {
      const Assignment& a = idx_.assignments()[ai];
      if (ts_node_is_null(fn) && !a.cls.empty()) continue;  // a class body is not the module scope
      found = true;
      merge(e, eval(a.value, w));
    }
    if (found || ts_node_is_null(fn)) break;
    if (const FunctionInfo* f = idx_.function(fn)) {
      for (size_t i = 0; i < f->params.size(); ++i) {
        if (f->params[i] == name) {
          merge(e, evalParameter(*f, i, w));
          return e;
        }
      }
    }
  }
  return e;
}

Evidence SubjectEvaluator::evalSelfAttribute(const std::string& cls, const std::string& attr, Walk& w) const {
  Evidence e;
  for (size_t ai : idx_.selfAssignments(cls, attr)) merge(e, eval(idx_.assignments()[ai].value, w));
  return e;
}

Evidence SubjectEvaluator::evalCall(TSNode call, Walk& w) const {
  Evidence e;
  std::string callee = idx_.calleeName(call);
  TSNode fn = unparen(field(call, "function"));
  if (k_.capability_calls.count(callee) || k_.property_calls.count(callee)) {
    e.subject = true;
    e.reasons.push_back("calls " + callee + "()");
    return e;
  }
  // getattr(props, "major", None): the attribute read, written defensively
  // for devices whose properties may lack it.
  if (callee == "getattr" && is(fn, "identifier")) {
    auto args = namedChildren(field(call, "arguments"));
    if (args.size() >= 2 && is(args[1], "string")) {
      std::string attr = idx_.text(args[1]);
      attr = attr.size() >= 2 ? attr.substr(1, attr.size() - 2) : attr;
      if (attr == "major" || attr == "minor" || k_.capability_attributes.count(attr)) {
        Evidence o = eval(args[0], w);
        if (o.subject) {
          e.subject = true;
          e.reasons.push_back("getattr(..., \"" + attr + "\") of device properties");
        }
        e.negative |= o.negative;
        return e;
      }
    }
  }
  judge(callee, e);
  if (callee == "int" || callee == "str" || callee == "float" || callee == "tuple") {
    for (TSNode arg : namedChildren(field(call, "arguments"))) merge(e, eval(arg, w));
    return e;
  }
  // cap.to_int(), cap.as_tuple(): a method on a capability is one.
  // The method's own name does not veto: `.as_version_str()` on a capability
  // is the capability spelled "9.0", not a version of something else.
  if (is(fn, "attribute")) {
    Evidence o = eval(field(fn, "object"), w);
    if (o.subject) {
      e.subject = true;
      e.negative = o.negative;
      e.reasons.push_back("." + idx_.text(field(fn, "attribute")) + "() of a capability");
    } else {
      e.negative |= o.negative;
    }
  }
  std::string cls = is(fn, "attribute") ? idx_.enclosingClass(call) : std::string();
  if (const FunctionInfo* f = idx_.functionNamed(callee, cls)) {
    if (returnsCapability(*f, w)) {
      e.subject = true;
      e.reasons.push_back(callee + "() returns a capability");
    }
  } else if (is(fn, "identifier")) {
    e.via_calls.push_back(callee);
  } else if (is(fn, "attribute") && is(unparen(field(fn, "object")), "identifier")) {
    e.via_calls.push_back(idx_.text(fn));  // module.helper()
  }
  return e;
}

Evidence SubjectEvaluator::evalParameter(const FunctionInfo& f, size_t index, Walk& w) const {
  auto memo = std::make_pair(f.node.id, index);
  if (auto it = params_.find(memo); it != params_.end()) return it->second;
  Evidence e;
  judge(f.params[index], e);
  bool method = !f.cls.empty() && !f.params.empty() && (f.params[0] == "self" || f.params[0] == "cls");
  // A parameter's evidence comes from a few callers; looking at every call of
  // a common method name made large files exponential.
  int examined = 0;
  for (TSNode call : idx_.callsTo(f.name)) {
    if (++examined > 16) break;
    TSNode fnExpr = unparen(field(call, "function"));
    size_t shift = (method && is(fnExpr, "attribute")) ? 1 : 0;
    size_t pos = 0;
    for (TSNode arg : namedChildren(field(call, "arguments"))) {
      if (is(arg, "keyword_argument")) {
        if (idx_.text(field(arg, "name")) == f.params[index]) merge(e, eval(field(arg, "value"), w));
        continue;
      }
      if (pos + shift == index) merge(e, eval(arg, w));
      ++pos;
    }
  }
  params_[memo] = e;
  return e;
}

bool SubjectEvaluator::returnsCapability(const FunctionInfo& f, Walk& w) const {
  if (auto it = returns_.find(f.node.id); it != returns_.end()) return it->second;
  if (w.depth > kMaxDepth) return false;
  const void* key = f.node.id;
  if (!w.visiting.insert(key).second) return false;
  bool result = false;
  // Last return first, stopping at the first that yields a capability:
  // inside a call cycle, what is memoized depends on that order.
  const auto& returns = idx_.returnsOf(f.node);
  for (auto r = returns.rbegin(); r != returns.rend() && !result; ++r)
    for (TSNode v : namedChildren(*r)) result |= eval(v, w).subject;
  w.visiting.erase(key);
  if (w.visiting.empty() || result) returns_[f.node.id] = result;  // a cycle's partial "no" is not final
  return result;
}

}  // namespace archscan::py
