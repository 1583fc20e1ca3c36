#include "build_units.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "knowledge/hardware.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

// A string literal's text, or nullopt when it is built at run time (an
// f-string's interpolation) or spelled with escapes this reading skips.
std::optional<std::string> literal(TSNode str, const ModuleIndex& idx) {
  std::string out;
  for (TSNode c : namedChildren(str)) {
    if (is(c, "interpolation") || is(c, "escape_sequence")) return std::nullopt;
    if (is(c, "string_content")) out += idx.text(c);
  }
  return out;
}

std::string joined(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a.back() == '/' ? a + b : a + "/" + b;
}

// What an argument of CUDAExtension evaluates to, as far as the file's own
// literals say: the strings it can hold and whether one is built at run
// time. A name is followed to every assignment, `+=`, append and extend of
// it in the call's function and at module level, so each branch's value
// counts (`src = "a.cpp"` in one branch, `"b.cpp"` in the other: both).
class Evaluator {
 public:
  // `through_calls`: a helper's arguments count as its value
  // (`append_nvcc_threads(["-O3"] + cc_flag)` hands the flags on); for
  // sources a call (glob, a helper) computes what the file does not spell.
  Evaluator(const ModuleIndex& idx, TSNode scope, const std::map<std::string, std::vector<TSNode>>& augmented,
            bool through_calls)
      : idx_(idx), scope_(scope), augmented_(augmented), through_calls_(through_calls) {}

  std::vector<std::string> strings;
  bool open = false;  // a string built at run time that names archs

  void walk(TSNode n, int depth = 0) {
    n = unparen(n);
    if (ts_node_is_null(n) || depth > 12) return;
    std::string_view t = type(n);
    if (t == "string") {
      if (auto s = literal(n, idx_)) strings.push_back(*s);
      else open |= namesArchs(idx_.text(n));
    } else if (t == "identifier") {
      follow(idx_.text(n), depth);
    } else if (t == "binary_operator") {
      std::string op = idx_.text(field(n, "operator"));
      if (op == "/") {  // pathlib: base / "csrc" / "api.cpp"
        if (auto p = path(n, depth)) strings.push_back(*p);
      } else {
        walk(field(n, "left"), depth + 1), walk(field(n, "right"), depth + 1);
      }
    } else if (t == "call") {
      std::string callee = idx_.calleeName(n);
      if (callee == "join" || callee == "Path") {  // os.path.join("csrc", "api.cpp")
        if (auto p = path(n, depth)) strings.push_back(*p);
      } else if (through_calls_ || callee == "list" || callee == "sorted" || callee == "tuple") {
        for (TSNode a : namedChildren(field(n, "arguments"))) walk(a, depth + 1);
        // A helper of this file (`get_arch_flags()`): what it returns.
        const FunctionInfo* fn = through_calls_ ? idx_.functionNamed(callee) : nullptr;
        if (fn && seen_.insert("()" + callee).second) {
          TSNode outer = scope_;
          scope_ = fn->node;
          for (TSNode r : idx_.returnsOf(fn->node))
            for (TSNode v : namedChildren(r)) walk(v, depth + 1);
          scope_ = outer;
        }
      }
    } else if (t == "dictionary") {  // extra_compile_args: the nvcc flags only
      for (TSNode pair : namedChildren(n)) {
        TSNode key = field(pair, "key");
        auto k = is(key, "string") ? literal(key, idx_) : std::nullopt;
        if (k && *k == "nvcc") walk(field(pair, "value"), depth + 1);
      }
    } else if (t == "conditional_expression") {
      for (TSNode c : namedChildren(n)) walk(c, depth + 1);
    } else if (t == "list" || t == "tuple" || t == "set" || t == "concatenated_string" || t == "expression_list") {
      for (TSNode c : namedChildren(n)) walk(c, depth + 1);
    } else if (t == "list_splat") {
      for (TSNode c : namedChildren(n)) walk(c, depth + 1);
    }
  }

 private:
  const ModuleIndex& idx_;
  TSNode scope_;
  const std::map<std::string, std::vector<TSNode>>& augmented_;
  bool through_calls_;
  std::set<std::string> seen_;

  static bool namesArchs(const std::string& text) {
    return text.find("compute_") != std::string::npos || text.find("sm_") != std::string::npos ||
           text.find("arch=") != std::string::npos;
  }

  void follow(const std::string& name, int depth) {
    // A name is followed once per scope: a helper's `flags` is not the caller's.
    if (!seen_.insert(name + "@" + std::to_string(reinterpret_cast<uintptr_t>(scope_.id))).second) return;
    for (TSNode fn : {scope_, TSNode{}}) {
      for (size_t i : idx_.assignmentsBinding(fn, name)) {
        const Assignment& a = idx_.assignments()[i];
        if (is(a.target, "identifier")) walk(a.value, depth + 1);
      }
      if (ts_node_is_null(scope_)) break;  // module level was the call's own scope
    }
    if (auto it = augmented_.find(name); it != augmented_.end())
      for (TSNode v : it->second) walk(v, depth + 1);
    for (const char* method : {"append", "extend", "insert"})
      for (TSNode call : idx_.callsTo(method)) {
        TSNode fn = field(call, "function");
        if (!is(fn, "attribute") || idx_.text(field(fn, "object")) != name) continue;
        auto args = namedChildren(field(call, "arguments"));
        if (args.empty()) continue;
        walk(std::string_view(method) == "insert" ? args.back() : args.front(), depth + 1);
      }
  }

  // A path joined from literal pieces; a leading piece that is not one (the
  // folder of __file__) is the build file's folder, as setup.py writes it.
  std::optional<std::string> path(TSNode n, int depth) {
    n = unparen(n);
    if (depth > 12) return std::nullopt;
    if (is(n, "string")) return literal(n, idx_);
    if (is(n, "binary_operator") && idx_.text(field(n, "operator")) == "/") {
      auto right = path(field(n, "right"), depth + 1);
      if (!right) return std::nullopt;
      return joined(path(field(n, "left"), depth + 1).value_or(""), *right);
    }
    if (is(n, "call")) {
      auto args = namedChildren(field(n, "arguments"));
      std::string out;
      for (size_t i = 0; i < args.size(); ++i) {
        auto p = path(args[i], depth + 1);
        if (!p && i + 1 < args.size() && i == 0) continue;  // os.path.join(this_dir, "csrc", ...)
        if (!p) return std::nullopt;
        out = joined(out, *p);
      }
      return out;
    }
    if (is(n, "identifier")) {  // csrc_dir = this_dir / "csrc"
      const auto& found = idx_.assignmentsBinding(TSNode{}, idx_.text(n));
      if (found.size() == 1) return path(idx_.assignments()[found.front()].value, depth + 1);
    }
    return std::nullopt;
  }
};

// `x += [...]` by name, anywhere in the file: ModuleIndex keeps plain assignments only.
std::map<std::string, std::vector<TSNode>> augmentedAssignments(TSNode root, const ModuleIndex& idx) {
  std::map<std::string, std::vector<TSNode>> out;
  TSTreeCursor c = ts_tree_cursor_new(root);
  bool more = true;
  while (more) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if (is(n, "augmented_assignment") && idx.text(field(n, "operator")) == "+=" && is(field(n, "left"), "identifier"))
      out[idx.text(field(n, "left"))].push_back(field(n, "right"));
    if (ts_node_child_count(n) > 0 && !is(n, "string") && ts_tree_cursor_goto_first_child(&c)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&c))
      if (!ts_tree_cursor_goto_parent(&c)) {
        more = false;
        break;
      }
  }
  ts_tree_cursor_delete(&c);
  return out;
}

}  // namespace

void extractBuildUnits(PyContext& ctx, const std::vector<Capture>& strings) {
  const ModuleIndex& idx = ctx.idx;
  // setup.py's extensions, and modules compiled when first used
  // (torch.utils.cpp_extension.load): `load` is a common name, so only a call
  // with CUDA flags of its own (`extra_cuda_cflags=`) counts.
  std::vector<std::pair<TSNode, bool>> calls;  // the call, and whether it is a JIT load
  for (TSNode c : idx.callsTo("CUDAExtension")) calls.push_back({c, false});
  for (TSNode c : idx.callsTo("load"))
    for (TSNode a : namedChildren(field(c, "arguments")))
      if (is(a, "keyword_argument") && idx.text(field(a, "name")) == "extra_cuda_cflags") calls.push_back({c, true});
  if (calls.empty()) return;
  // Every arch flag the file spells, wherever it stands: a custom build step
  // may hand some sources other flags (`_sm80.cu` files get sm_80).
  std::vector<std::string> anywhere;
  for (const auto& s : strings)
    if (auto text = literal(s.node, idx); text && !flagCodeObjects(*text).empty())
      if (std::find(anywhere.begin(), anywhere.end(), *text) == anywhere.end()) anywhere.push_back(*text);
  auto augmented = augmentedAssignments(ts_tree_root_node(calls.front().first.tree), idx);
  for (auto [call, jit] : calls) {
    std::vector<TSNode> positional;
    std::map<std::string, TSNode> keyword;
    for (TSNode a : namedChildren(field(call, "arguments"))) {
      if (is(a, "keyword_argument")) keyword[idx.text(field(a, "name"))] = field(a, "value");
      else positional.push_back(a);
    }
    auto arg = [&](const char* name, size_t pos) {
      if (auto it = keyword.find(name); it != keyword.end()) return it->second;
      return pos < positional.size() ? positional[pos] : TSNode{};
    };
    TSNode scope = idx.enclosingFunction(call);
    BuildUnit u;
    u.line = lineOf(call);
    if (TSNode n = arg("name", 0); is(n, "string")) u.name = literal(n, idx).value_or(idx.text(n));
    else if (!ts_node_is_null(n)) u.name = idx.text(n);
    Evaluator sources(idx, scope, augmented, false);
    sources.walk(arg("sources", 1));
    for (const auto& s : sources.strings)
      if (isCompiledSource(s) && std::find(u.sources.begin(), u.sources.end(), s) == u.sources.end())
        u.sources.push_back(s);
    Evaluator flags(idx, scope, augmented, true);
    flags.walk(jit ? arg("extra_cuda_cflags", 99) : arg("extra_compile_args", 99));
    u.jit = jit;
    for (const auto& s : flags.strings) u.own_arch_flags |= !flagCodeObjects(s).empty();
    u.open = flags.open;
    u.arch_flags = anywhere;
    if (u.sources.empty()) continue;  // nothing to join a run-time check to
    ctx.facts.build_units.push_back(std::move(u));
  }
}

}  // namespace archscan::py
