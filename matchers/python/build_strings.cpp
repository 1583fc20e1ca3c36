#include "build_strings.h"

#include <map>
#include <regex>

#include "arch/arch_list.h"
#include "keys.h"
#include "knowledge/names.h"
#include "toolkit.h"
#include "ts_util.h"

namespace archscan::py {
namespace {

// The string's single content node, or null when it has interpolations.
TSNode plainContent(TSNode str) {
  TSNode content{};
  for (TSNode c : namedChildren(str)) {
    if (is(c, "interpolation") || is(c, "escape_sequence")) return TSNode{};
    if (is(c, "string_content")) {
      if (!ts_node_is_null(content)) return TSNode{};
      content = c;
    }
  }
  return content;
}

// The name a string is bound to: X = "..", os.environ["X"] = "..", setdefault("X", "..").
std::string boundName(TSNode str, const ModuleIndex& idx) {
  TSNode p = idx.parent(str);
  if (is(p, "assignment") && same(field(p, "right"), str)) {
    TSNode left = field(p, "left");
    if (is(left, "identifier")) return idx.text(left);
    if (is(left, "attribute")) return idx.text(field(left, "attribute"));
    if (is(left, "subscript")) {
      TSNode key = field(left, "subscript");
      if (is(key, "string")) {
        TSNode c = plainContent(key);
        return ts_node_is_null(c) ? "" : idx.text(c);
      }
    }
  }
  if (is(p, "argument_list")) {
    auto args = namedChildren(p);
    if (args.size() == 2 && same(args[1], str) && is(args[0], "string")) {  // setdefault("X", "...")
      TSNode c = plainContent(args[0]);
      return ts_node_is_null(c) ? "" : idx.text(c);
    }
  }
  if (is(p, "keyword_argument")) return idx.text(field(p, "name"));
  return {};
}

// A string that ends up a number: an argument of int()/float(), directly
// or through the environment read it defaults (`int(os.environ.get("X",
// "100"))`). Adding an arch to it would make the conversion raise.
bool convertedToNumber(TSNode str, const ModuleIndex& idx) {
  TSNode n = str;
  for (int hops = 0; hops < 2; ++hops) {
    TSNode args = idx.parent(n);
    if (!is(args, "argument_list")) return false;
    TSNode call = idx.parent(args);
    if (!is(call, "call")) return false;
    TSNode fn = field(call, "function");
    std::string name = is(fn, "attribute") ? idx.text(field(fn, "attribute")) : idx.text(fn);
    if (name == "int" || name == "float") return true;
    n = call;
  }
  return false;
}

// A variable named for a count, a size or a time holds a number, however
// arch-like the rest of its name is (SM90_PUSH_SOAK_ROUNDS, SM100_ARCHS_COUNT).
bool numberName(const std::string& name) {
  std::string low;
  for (char c : name) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* w : {"count", "rounds", "num_", "_num", "iters", "steps", "size", "seconds", "timeout", "retries",
                        "warmup", "splits"})
    if (low.find(w) != std::string::npos) return true;
  return false;
}

// The flag list a -gencode string goes into: cc_flag.append("..."),
// cc_flag += [...], cc_flag.extend([...]), cc_flag = [...].
std::string flagList(TSNode str, const ModuleIndex& idx) {
  TSNode p = idx.parent(str);
  if (is(p, "list")) {
    TSNode lp = idx.parent(p);
    if (is(lp, "assignment") || is(lp, "augmented_assignment")) return idx.text(field(lp, "left"));
    p = lp;
  }
  if (is(p, "argument_list")) {
    TSNode call = idx.parent(p);
    TSNode fn = field(call, "function");
    if (is(fn, "attribute")) {
      std::string m = idx.text(field(fn, "attribute"));
      if (m == "append" || m == "extend" || m == "insert") return idx.text(field(fn, "object"));
    }
  }
  return {};
}

// A name for a list of archs (TORCH_CUDA_ARCH_LIST, cuda_archs, compute
// capabilities), not for one.
bool listName(const std::string& name) {
  std::string low;
  for (char c : name) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* w : {"archs", "arches", "list", "architectures", "capabilities", "gencode", "targets"})
    if (low.find(w) != std::string::npos) return true;
  return false;
}

const std::regex& gencode() {
  static const std::regex re(
      R"(^(?:-gencode[= ])?arch=compute_(\d+[af]?),code=\[?(?:sm|compute)_(\d+[af]?)(?:,(?:sm|compute)_\d+[af]?)*\]?$)");
  return re;
}

// `caps = DEFAULT_CAPS` then `caps += ";10.0;12.0"`: code extends the base
// list, so the archs it appends count as the base list's (DeepSpeed builds
// its default this way, appending Blackwell under a toolkit check).
void extendedLists(PyContext& ctx, const std::vector<Capture>& strings) {
  const ModuleIndex& idx = ctx.idx;
  for (const auto& c : strings) {
    TSNode aug = idx.parent(c.node);
    if (!is(aug, "augmented_assignment") || !same(field(aug, "right"), c.node)) continue;
    TSNode left = field(aug, "left");
    TSNode content = plainContent(c.node);
    if (!is(left, "identifier") || ts_node_is_null(content)) continue;
    std::string text = idx.text(content);
    size_t skip = text.find_first_not_of("; ,");
    if (skip == std::string::npos) continue;
    auto items = parseArchList(text.substr(skip), ctx.k.archs);
    if (!items) continue;
    TSNode scope = idx.ancestor(c.node, {"function_definition"});
    std::string body = ts_node_is_null(scope) ? "" : idx.text(scope);
    std::smatch m;
    std::regex assign("\\b" + idx.text(left) + R"(\s*=\s*([A-Za-z_][A-Za-z0-9_]*)\s*(\n|#))");
    if (!std::regex_search(body, m, assign)) continue;
    for (auto& s : ctx.facts.sites) {
      if (!s.build_list || s.name != m[1].str() || s.entries.empty()) continue;
      uint32_t base = ts_node_start_byte(content) + static_cast<uint32_t>(skip);
      for (const auto& it : *items) {
        Entry e = s.entries.front();
        e.arch = it.key.arch;
        e.style = it.key.style;
        e.key_text = text.substr(skip + it.begin, it.end - it.begin);
        e.key = e.item = ByteRange{base + static_cast<uint32_t>(it.begin), base + static_cast<uint32_t>(it.end)};
        e.container = rangeOf(c.node);
        e.line = e.end_line = lineOf(c.node);
        s.entries.push_back(e);
      }
      s.evidence.reasons.push_back("extended by `" + idx.text(aug) + "` at line " + std::to_string(lineOf(c.node)));
    }
  }
}

// PyTorch's extension builder takes TORCH_CUDA_ARCH_LIST only when the nvcc
// flags carry no -gencode of their own. A setup.py that sets the variable
// and also passes explicit pairs builds exactly those pairs; the variable's
// default is dead, and the pairs are the place to add an arch.
void demoteShadowedArchList(PyContext& ctx, const std::vector<size_t>& envLists, bool hasGencode) {
  if (!hasGencode) return;
  for (size_t i : envLists) {
    Site& s = ctx.facts.sites[i];
    s.evidence.name = false;
    s.evidence.reasons.push_back(
        "shadowed: this file passes its own -gencode flags, and PyTorch's extension builder then ignores "
        "TORCH_CUDA_ARCH_LIST");
  }
}

}  // namespace

void extractBuildStrings(PyContext& ctx, const std::vector<Capture>& strings) {
  const ModuleIndex& idx = ctx.idx;
  std::map<std::string, size_t> gencodeSites;  // scope|list -> site index
  std::vector<size_t> envLists;  // TORCH_CUDA_ARCH_LIST values
  for (const auto& c : strings) {
    TSNode content = plainContent(c.node);
    if (ts_node_is_null(content)) continue;
    std::string text = idx.text(content);
    if (text.size() > 400 || text.find_first_of("0123456789") == std::string::npos) continue;
    std::smatch m;
    if (std::regex_match(text, m, gencode())) {
      std::string list = flagList(c.node, idx);
      if (list.empty()) continue;
      KeyLiteral k;
      k.type = KeyLiteral::Type::String;
      k.text = "sm_" + m[2].str();
      auto key = classifyKey(k, ctx.k.archs);
      if (!key) continue;
      std::string scope = idx.scopeName(c.node);
      std::string id = scope + "|" + list;
      auto it = gencodeSites.find(id);
      if (it == gencodeSites.end()) {
        Site s;
        s.kind = SiteKind::Set;
        s.name = (scope.empty() ? "" : scope + ":") + list + " (-gencode)";
        s.scope = scope;
        s.evidence.name = true;
        s.evidence.reasons.push_back("nvcc -gencode flags");
        s.spelling = key->style;
        s.on_missing = OnMissing::Crash;
        s.build_list = true;
        s.on_missing_reason = "no kernel is compiled for it (no kernel image is available)";
        // A new -gencode pair is a statement, not a list element: by hand.
        s.patchable = false;
        s.unpatchable_reason = "a -gencode pair is a statement of its own; add the new pair by hand";
        s.line = lineOf(c.node);
        s.extent = rangeOf(c.node);
        s.max_cuda = toolkitCeiling(c.node, idx);
        ctx.facts.sites.push_back(s);
        it = gencodeSites.emplace(id, ctx.facts.sites.size() - 1).first;
      }
      Site& s = ctx.facts.sites[it->second];
      Entry e = makeEntry(*key, c.node, c.node, idx);
      e.form = EntryForm::Gencode;
      s.entries.push_back(e);
      s.end_line = std::max(s.end_line, endLineOf(c.node));
      s.extent.end = std::max(s.extent.end, ts_node_end_byte(c.node));
      continue;
    }
    // A flag that names its own setting (`"-DTORCH_CUDA_ARCH_LIST=8.0;9.0"`
    // in a subprocess command, `--cuda-archs=80;90`) is bound to that name.
    static const std::regex flag(R"(^(?:-D|--)?([A-Za-z_][A-Za-z0-9_-]*)(?::[A-Za-z]+)?=(.+)$)");
    std::smatch fm;
    bool isFlag = std::regex_match(text, fm, flag);
    std::string name = isFlag ? fm[1].str() : boundName(c.node, idx);
    size_t valueAt = isFlag ? static_cast<size_t>(fm.position(2)) : 0;
    if (isFlag) text = fm[2].str();
    if (name.empty() || numberName(name) || convertedToNumber(c.node, idx)) continue;
    NameVerdict v = judgeName(name, ctx.k);
    if (!v.arch_like || v.negative) continue;
    auto items = parseArchList(text, ctx.k.archs);
    if (!items) continue;
    // `arch = "sm_100"` names what one kernel targets; a list is what a build covers.
    if (items->size() < 2 && !listName(name)) continue;
    Site s;
    s.kind = SiteKind::Set;
    s.name = name;
    s.name_archs = v.named_archs;
    s.scope = idx.scopeName(c.node);
    s.evidence.name = true;
    s.evidence.reasons.push_back(isFlag ? "arch list in a flag setting '" + name + "'"
                                        : "arch list in a string bound to '" + name + "'");
    bool ptx = false;
    bool semicolons = text.find(';') != std::string::npos || text.find(' ') == std::string::npos;
    // `os.environ.get("ARCHS", "80;86;90")` handed to -DCMAKE_CUDA_ARCHITECTURES.
    bool cmakeList = cmakeListSyntax(text, *items);
    for (const auto& it : *items) {
      Entry e;
      e.arch = it.key.arch;
      e.style = it.key.style;
      e.key_text = text.substr(it.begin, it.end - it.begin);
      uint32_t base = ts_node_start_byte(content) + static_cast<uint32_t>(valueAt);
      e.key = e.item = ByteRange{static_cast<uint32_t>(base + it.begin), static_cast<uint32_t>(base + it.end)};
      e.container = rangeOf(c.node);
      e.form = semicolons ? EntryForm::SemicolonItem : EntryForm::SpaceItem;
      e.line = e.end_line = lineOf(c.node);
      s.entries.push_back(e);
      ptx |= it.ptx || (cmakeList && cmakeItemEmbedsPtx(it.key));
    }
    s.spelling = s.entries.front().style;
    s.build_list = true;
    s.on_missing = ptx ? OnMissing::Fallback : OnMissing::Crash;
    s.on_missing_reason = ptx ? "no code is built for it; PTX in the list is JIT-compiled instead"
                              : "no kernel is built for it (no kernel image is available)";
    s.line = lineOf(c.node);
    s.end_line = endLineOf(c.node);
    s.extent = rangeOf(c.node);
    s.max_cuda = toolkitCeiling(c.node, idx);
    if (name == "TORCH_CUDA_ARCH_LIST") envLists.push_back(ctx.facts.sites.size());
    ctx.facts.sites.push_back(s);
  }
  demoteShadowedArchList(ctx, envLists, !gencodeSites.empty());
  extendedLists(ctx, strings);
}

}  // namespace archscan::py
