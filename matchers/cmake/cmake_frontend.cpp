#include "cmake_frontend.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "arch/arch_list.h"
#include "build_units.h"
#include "frontend/prefilter.h"
#include "frontend/suppressions.h"
#include "knowledge/hardware.h"
#include "knowledge/names.h"
#include "lexer.h"

namespace archscan {
namespace {

using cmake::Argument;
using cmake::Command;

bool cmakeSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// One CMake argument: "quoted" (escapes allowed), [[bracket]] or unquoted
// without the characters that end or nest an argument.
bool oneArgument(const std::string& v) {
  if (v.empty()) return false;
  if (v.front() == '"') {
    for (size_t i = 1; i < v.size(); ++i) {
      if (v[i] == '\\') ++i;
      else if (v[i] == '"') return i + 1 == v.size();
    }
    return false;
  }
  if (v.front() == '[') {
    size_t eq = 1;
    while (eq < v.size() && v[eq] == '=') ++eq;
    if (eq >= v.size() || v[eq] != '[') return false;
    std::string close = "]" + std::string(eq - 1, '=') + "]";
    size_t end = v.find(close, eq + 1);
    return end != std::string::npos && end + close.size() == v.size();
  }
  for (size_t i = 0; i < v.size(); ++i) {
    char c = v[i];
    if (c == '\\') {
      ++i;
      if (i >= v.size()) return false;
      continue;
    }
    if (cmakeSpace(c) || c == '(' || c == ')' || c == '#' || c == '"' || c == ';') return false;
  }
  return true;
}

bool archVariable(const std::string& name, const Knowledge& k) {
  NameVerdict v = judgeName(name, k);
  return v.arch_like && !v.negative;
}

// Turns one argument's items into entries with byte ranges in the file.
// An argument whose value differs from its bytes (escapes) is read but not patchable.
// `a` holds an arch list (archListSize).
// `cudaArchitectures`: the list is (or flows into) CUDA_ARCHITECTURES, where a
// plain `89` also embeds compute_89 PTX.
bool addItems(const Argument& a, const ArchTable& archs, Site& s, bool& ptx, int line, bool cudaArchitectures) {
  // Inside a quoted list the separator is the list's own; an unquoted item
  // alone is an argument, and its new neighbour is another argument.
  bool semicolons = a.value.find(';') != std::string::npos ||
                    (a.kind == cmake::ArgKind::Quoted && a.value.find(' ') == std::string::npos);
  forEachArchListItem(a.value, archs, [&](const ListItem& it) {
    Entry e;
    e.arch = it.key.arch;
    e.style = it.key.style;
    e.key_text = a.value.substr(it.begin, it.end - it.begin);
    e.key = ByteRange{static_cast<uint32_t>(a.content + it.begin), static_cast<uint32_t>(a.content + it.end)};
    e.item = e.key;
    e.container = ByteRange{a.begin, a.end};
    e.form = semicolons ? EntryForm::SemicolonItem : EntryForm::SpaceItem;
    e.line = e.end_line = line;
    s.entries.push_back(std::move(e));
    ptx |= it.ptx || (cudaArchitectures && cmakeItemEmbedsPtx(it.key));
  });
  return !a.escaped;
}

void finish(Site& s, bool ptx);

// `set(CMAKE_CUDA_FLAGS "... -gencode=arch=compute_80,code=\"sm_80,compute_80\" ...")`,
// `target_compile_options(t PRIVATE -gencode arch=compute_90a,code=sm_90a)`:
// nvcc's own arch flags, one site per command's variable or target, shown
// with --all. A new pair is a flag of its own, added by hand; a `compute_`
// code keeps PTX.
std::optional<Site> gencodeSite(const Command& c, const ArchTable& archs) {
  Site s;
  bool ptx = false;
  for (const Argument& a : c.args) {
    for (size_t at = a.value.find("arch=compute_"); at != std::string::npos;
         at = a.value.find("arch=compute_", at + 1)) {
      // One pair, up to the blank after it, read without the quotes an
      // escaped code list carries (`code=\"sm_80,compute_80\"`).
      size_t end = std::min(a.value.find_first_of(" \t\n", at), a.value.size());
      std::string pair;
      for (char ch : a.value.substr(at, end - at))
        if (ch != '"' && ch != '\\') pair += ch;
      std::vector<CodeObject> objects = flagCodeObjects(pair);
      if (objects.empty()) continue;
      auto key = classifyListItem(objects.front().name(), archs);
      if (!key) continue;
      Entry e;
      e.arch = key->arch;
      e.style = key->style;
      e.key_text = pair;
      // Escaped text has no byte-for-byte offsets: the argument stands for it.
      uint32_t from = static_cast<uint32_t>(a.content + at);
      e.key = a.escaped ? ByteRange{a.begin, a.end} : ByteRange{from, from + static_cast<uint32_t>(end - at)};
      e.item = e.key;
      e.container = ByteRange{a.begin, a.end};
      e.form = EntryForm::Gencode;
      e.line = e.end_line = a.line;
      s.entries.push_back(std::move(e));
      for (const auto& o : objects) ptx |= o.ptx;
    }
  }
  if (s.entries.empty()) return std::nullopt;
  std::string owner = c.args.empty() ? c.name : c.args[0].value;
  if (c.lower == "list" || c.lower == "string") owner = c.args.size() > 1 ? c.args[1].value : c.name;
  s.kind = SiteKind::Set;
  s.name = owner + " (-gencode)";
  // Flags add to what else builds the target (find_package(Torch) appends
  // TORCH_CUDA_ARCH_LIST's pairs to CMAKE_CUDA_FLAGS; CUDA_ARCHITECTURES adds
  // its own), and the file may not be the build users run: the whole set is
  // not known here, so the list shows with --all (judged blind on held-out
  // trees: 1 of 4 default findings real).
  s.evidence.reasons.push_back("nvcc -gencode flags, added to flags set elsewhere");
  s.spelling = s.entries.front().style;
  s.line = c.line;
  s.end_line = c.end_line;
  s.extent = ByteRange{c.begin, c.end};
  s.patchable = false;
  s.unpatchable_reason = "a -gencode pair is a flag of its own; add the new pair by hand";
  finish(s, ptx);
  return s;
}

// Whether the file finds a package that brings its own copy of the selector
// (find_package(Torch)): then the call is that copy's, and its limit is not
// the one the knowledge records.
bool replacedHere(const std::vector<Command>& commands, const ArchSelector& sel) {
  for (const auto& c : commands)
    if (c.lower == "find_package" && !c.args.empty() &&
        std::find(sel.replaced_by.begin(), sel.replaced_by.end(), c.args[0].value) != sel.replaced_by.end())
      return true;
  return false;
}

// `cuda_select_nvcc_arch_flags(OUT Common)`: the list the selector builds.
// Literal items are entries in place; a keyword the selector expands (Common,
// Auto, or no list at all) stands for its table's items, which have no bytes
// here; a `${VAR}` argument leaves the list unknown. The site carries the
// selector as its gate: rules/selector-limit says what it cannot name.
Site selectorSite(const Command& c, const ArchSelector& sel, const ArchTable& archs) {
  Site s;
  s.kind = SiteKind::Set;
  s.name = c.name + "(" + c.args[0].value + ")";
  s.gate = sel.call;
  s.evidence.name = true;
  s.evidence.reasons.push_back("a list handed to " + sel.what);
  s.line = c.line;
  s.end_line = c.end_line;
  s.extent = ByteRange{c.begin, c.end};
  bool ptx = false, unknown = false;
  auto expand = [&](const std::string& keyword) {
    for (const auto& [name, items] : sel.keywords) {
      if (name != keyword) continue;
      for (const auto& item : items)
        forEachArchListItem(item, archs, [&](const ListItem& it) {
          Entry e;
          e.arch = it.key.arch;
          e.style = it.key.style;
          e.key_text = item;
          e.form = EntryForm::SpaceItem;
          e.line = e.end_line = c.line;
          s.entries.push_back(std::move(e));
          ptx |= it.ptx;
        });
      s.patchable = false;
      return true;
    }
    return false;
  };
  for (size_t i = 1; i < c.args.size(); ++i) {
    const Argument& a = c.args[i];
    if (a.value.find("${") != std::string::npos) {
      unknown = true;
    } else if (archListSize(a.value, archs)) {
      s.patchable &= addItems(a, archs, s, ptx, a.line, false);
    } else if (!expand(a.value)) {
      unknown = true;  // an architecture name (Ampere) or something else
    }
  }
  // `Auto`, or no list: the selector detects the GPU. Below its limit that
  // is the GPU's own arch, at or past it the table's last item (8.6+PTX):
  // its PTX holds for the newer archs, and no arch is missing from it.
  bool detects = c.args.size() == 1;
  for (size_t i = 1; i < c.args.size(); ++i) detects |= c.args[i].value == "Auto";
  if (c.args.size() == 1) expand("Auto");
  if (detects) s.entries.clear();
  if (!s.entries.empty()) s.spelling = s.entries.front().style;
  s.patchable = false;
  s.unpatchable_reason = sel.what + " takes archs up to " + std::to_string(sel.max_major) +
                         ".x only: build newer ones with " + sel.instead;
  if (unknown) {
    // What the list holds is not known here, so no arch is missing from it;
    // the selector's own limit still holds.
    s.entries.clear();
    s.on_missing = OnMissing::Unknown;
    s.on_missing_reason = "the list is not known here";
    s.build_list = true;
    return s;
  }
  finish(s, ptx);
  return s;
}

void finish(Site& s, bool ptx) {
  s.build_list = true;
  if (s.polarity == Polarity::Deny) {
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = "a removal list: an arch not named stays";
  } else if (ptx) {
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = "no code is built for it; PTX in the list is JIT-compiled instead";
  } else {
    s.on_missing = OnMissing::Crash;
    s.on_missing_reason = "no kernel is built for it (no kernel image is available)";
  }
}

// if(CUDA_ARCH VERSION_GREATER_EQUAL 9.0): a range on an arch-like variable.
// CMake and toolkit versions (CMAKE_CUDA_COMPILER_VERSION) are vetoed by name.
std::optional<Site> rangeSite(const Command& c, const Knowledge& k) {
  for (size_t i = 0; i + 2 < c.args.size(); ++i) {
    std::string var = c.args[i].value;
    if (var.rfind("${", 0) == 0 && var.back() == '}') var = var.substr(2, var.size() - 3);
    const std::string& op = c.args[i + 1].value;
    bool ge = op == "VERSION_GREATER_EQUAL" || op == "GREATER_EQUAL", gt = op == "VERSION_GREATER" || op == "GREATER";
    bool le = op == "VERSION_LESS_EQUAL" || op == "LESS_EQUAL", lt = op == "VERSION_LESS" || op == "LESS";
    if (!(ge || gt || le || lt) || !archVariable(var, k)) continue;
    auto key = classifyListItem(c.args[i + 2].value, k.archs);
    if (!key) continue;
    ArchRange r;
    int at = key->arch.smInt();
    if (ge) r.low = at;
    if (gt) r.low = at + 1;
    if (lt) r.high = at;
    if (le) r.high = at + 1;
    r.text = var + " " + op + " " + c.args[i + 2].value;
    r.item = ByteRange{c.args[i].begin, c.args[i + 2].end};
    r.line = c.line;
    Site s;
    s.kind = SiteKind::Range;
    s.name = "if(" + var + ")";
    s.spelling = key->style;
    s.ranges.push_back(r);
    s.evidence.name = true;
    s.evidence.reasons.push_back("a version comparison on arch-like '" + var + "'");
    s.on_missing = OnMissing::Fallback;
    s.on_missing_reason = "the other branch of the if() is taken";
    s.line = c.line;
    s.end_line = c.end_line;
    s.extent = ByteRange{c.begin, c.end};
    return s;
  }
  return std::nullopt;
}

// The variables an argument references (`${A}`, `${A}/${B}`).
std::vector<std::string> referencedVariables(const std::string& value) {
  std::vector<std::string> out;
  for (size_t at = value.find("${"); at != std::string::npos; at = value.find("${", at + 2)) {
    size_t end = value.find('}', at);
    if (end == std::string::npos) break;
    out.push_back(value.substr(at + 2, end - at - 2));
  }
  return out;
}

// The variables whose items are CUDA_ARCHITECTURES items: CMake's own, and
// those a file hands to them (`set(CMAKE_CUDA_ARCHITECTURES ${CUDAARCHS})`,
// `set_target_properties(t PROPERTIES CUDA_ARCHITECTURES "${ARCHS}")`).
std::set<std::string> cudaArchitectureVariables(const std::vector<Command>& commands) {
  std::set<std::string> out = {"CMAKE_CUDA_ARCHITECTURES", "CUDAARCHS", "CUDA_ARCHITECTURES"};
  auto references = [&](const Argument& a) {
    for (auto& name : referencedVariables(a.value)) out.insert(std::move(name));
  };
  for (const auto& c : commands) {
    if (c.args.empty()) continue;
    if (c.lower == "set" && c.args[0].value == "CMAKE_CUDA_ARCHITECTURES") {
      for (size_t i = 1; i < c.args.size(); ++i) references(c.args[i]);
    } else if (c.lower == "set_target_properties" || c.lower == "set_property") {
      for (size_t i = 0; i + 1 < c.args.size(); ++i)
        if (c.args[i].value == "CUDA_ARCHITECTURES")
          for (size_t k = i + 1; k < c.args.size(); ++k) references(c.args[k]);
    }
  }
  return out;
}

// A command that writes a list variable: `set(VAR items...)`, `unset(VAR)`,
// `list(APPEND|PREPEND|INSERT|REMOVE_ITEM VAR ...)`. Its items are
// args[from, to): a set()'s stop before CACHE, PARENT_SCOPE or FORCE.
struct ListWrite {
  std::string var;
  bool replaces = false;  // set() or unset(): the value starts again
  bool removes = false;  // list(REMOVE_ITEM)
  size_t from = 0, to = 0;
};

std::optional<ListWrite> listWrite(const Command& c) {
  ListWrite w;
  if ((c.lower == "set" || c.lower == "unset") && !c.args.empty()) {
    w.var = c.args[0].value;
    w.replaces = true;
    w.from = c.lower == "set" ? 1 : c.args.size();
  } else if (c.lower == "list" && c.args.size() >= 3) {
    const std::string& op = c.args[0].value;
    if (op != "APPEND" && op != "PREPEND" && op != "INSERT" && op != "REMOVE_ITEM") return std::nullopt;
    w.var = c.args[1].value;
    w.removes = op == "REMOVE_ITEM";
    w.from = op == "INSERT" ? 3 : 2;
  } else {
    return std::nullopt;
  }
  w.to = std::max(w.from, c.args.size());
  for (size_t i = w.from; i < c.args.size(); ++i) {
    const Argument& a = c.args[i];
    if (a.kind == cmake::ArgKind::Unquoted && (a.value == "CACHE" || a.value == "PARENT_SCOPE" || a.value == "FORCE")) {
      w.to = i;
      break;
    }
  }
  return w;
}

// Variables whose value ends up only in an LLVM bitcode compile
// (`set(FLAGS -c -emit-llvm ${COMMON})`, `set(COMMON --cuda-gpu-arch=${ARCH})`):
// the arch there is the bitcode's target, and whoever links the bitcode
// compiles it for their own GPU, so it is no list of kernels. A variable
// that also flows into anything that builds code objects (CUDA_ARCHITECTURES,
// nvcc flags, a target) is not one of them.
std::set<std::string> bitcodeOnlyVariables(const std::vector<Command>& commands) {
  std::map<std::string, std::set<std::string>> into;  // variable -> the set() targets its value flows into
  std::set<std::string> bitcode;  // set() targets holding -emit-llvm
  std::set<std::string> elsewhere;  // variables referenced by any other command
  for (const auto& c : commands) {
    auto w = listWrite(c);
    bool set = w && !w->removes;
    std::string target = set ? w->var : "";
    bool emits = false;
    for (const auto& a : c.args) emits |= a.value == "-emit-llvm";
    if (set && emits) bitcode.insert(target);
    for (size_t i = set ? w->from : 0; i < (set ? w->to : c.args.size()); ++i) {
      const Argument& a = c.args[i];
      // A message, or a quoted line of prose (`echo "  GPU arch: ${ARCH}"`), only prints the value.
      bool prints = c.lower == "message" ||
                    (a.kind == cmake::ArgKind::Quoted && a.value.find(' ') != std::string::npos && a.value[0] != '-');
      for (auto& name : referencedVariables(a.value)) {
        if (set && !target.empty()) into[name].insert(target);
        else if (!prints && !(c.lower == "add_custom_command" && emits)) elsewhere.insert(name);
      }
    }
  }
  // A variable is bitcode-only when every set() it flows into is, and it
  // reaches one that holds -emit-llvm: walked back from those lists, each
  // variable once, counting down the targets of each that are not yet known
  // to be bitcode-only (linear in the flows, whatever the file's size).
  std::map<std::string, std::vector<std::string>> from;  // target -> the variables flowing into it
  std::map<std::string, size_t> left;
  for (const auto& [name, targets] : into) {
    left[name] = targets.size();
    for (const auto& t : targets) from[t].push_back(name);
  }
  std::set<std::string> out = bitcode;
  std::vector<std::string> work(bitcode.begin(), bitcode.end());
  while (!work.empty()) {
    std::string t = std::move(work.back());
    work.pop_back();
    for (const auto& name : from[t])
      if (--left[name] == 0 && !elsewhere.count(name) && out.insert(name).second) work.push_back(name);
  }
  for (const auto& b : bitcode) out.erase(b);  // the flag lists themselves are no arch lists
  return out;
}

// Variables whose list also takes items from other variables
// (`list(APPEND ARCHS "sm${SM}")` in a loop over a computed list, then
// `list(APPEND ARCHS "sm89")`): what they hold is not known here, only the
// literal part, so no arch can be said to be missing from them. A set()
// replaces the list, so the value is read in stretches from one set() to the
// next: a list is unknown when every stretch that holds a literal arch item
// also takes items from another variable. A list's own name (`set(A ${A}
// 120)`) is its accumulated value, not another source.
std::map<std::string, std::string> variableSources(const std::vector<Command>& commands, const ArchTable& archs) {
  struct Stretch {
    bool literal = false;
    std::string from;  // the first other variable it takes items from
  };
  std::map<std::string, std::vector<Stretch>> stretches;
  for (const auto& c : commands) {
    auto w = listWrite(c);
    if (!w || w->removes) continue;
    auto& list = stretches[w->var];
    if (w->replaces || list.empty()) list.emplace_back();
    Stretch& now = list.back();
    for (size_t i = w->from; i < w->to; ++i) {
      const std::string& value = c.args[i].value;
      for (const auto& name : referencedVariables(value))
        if (name != w->var && now.from.empty()) now.from = name;
      now.literal |= archListSize(value, archs) > 0;
    }
  }
  std::map<std::string, std::string> out;  // list -> a variable it takes items from
  for (const auto& [var, list] : stretches) {
    std::string from;
    bool unknown = false;
    for (const auto& st : list) {
      if (!st.literal) continue;
      if (st.from.empty()) {
        unknown = false;
        break;
      }
      unknown = true;
      from = st.from;
    }
    if (unknown) out.emplace(var, from);
  }
  return out;
}

struct VarSite {
  size_t index;
  bool ptx = false;
  int writes = 0;
};

// The variable an `if(NOT DEFINED V)` or `if(NOT V)` tests: its body gives
// V a default. "" for any other test.
std::string defaultedVariable(const Command& c) {
  const auto& a = c.args;
  auto word = [&](size_t i) { return a[i].kind == cmake::ArgKind::Unquoted ? a[i].value : std::string("\x01"); };
  if (a.size() == 3 && word(0) == "NOT" && word(1) == "DEFINED") return word(2);
  if (a.size() == 2 && word(0) == "NOT" && word(1).find_first_of("${}\x01") == std::string::npos) return word(1);
  return "";
}

}  // namespace

bool CMakeFrontend::accepts(std::string_view filename, std::string_view) const {
  return filename == "CMakeLists.txt" || (filename.size() >= 6 && filename.substr(filename.size() - 6) == ".cmake");
}

namespace {

// A CMakeLists.txt that says, in its opening comment, that it only serves an
// IDE's indexing ("the real compilation is done via JIT") builds nothing a
// user runs: its arch lists change no binary.
bool indexingOnly(const std::string& source) {
  std::string head;
  size_t pos = 0;
  while (pos < source.size()) {
    size_t end = source.find('\n', pos);
    if (end == std::string::npos) end = source.size();
    std::string line = source.substr(pos, end - pos);
    pos = end + 1;
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    if (line[first] != '#') break;
    for (char c : line) head += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    head += ' ';
  }
  auto word = [&](const char* w) {
    std::string needle(w);
    for (size_t at = head.find(needle); at != std::string::npos; at = head.find(needle, at + 1)) {
      bool before = at == 0 || !std::isalnum(static_cast<unsigned char>(head[at - 1]));
      size_t after = at + needle.size();
      if (before && (after >= head.size() || !std::isalnum(static_cast<unsigned char>(head[after])))) return true;
    }
    return false;
  };
  bool ide = word("ide") || word("indexing") || word("clion") || word("intellisense");
  return ide && (word("only") || word("just") || word("jit") || word("not used"));
}

}  // namespace

// A file that declares targets or adds folders says what builds the sources
// below it, even with no arch word of its own: its archs come from above.
bool CMakeFrontend::worthParsing(std::string_view text) const {
  static const std::vector<std::string_view> builds = {"add_library", "add_executable", "add_subdirectory"};
  return mentionsAny(text, archOrFrameworkWords()) || mentionsAny(text, builds);
}

int CMakeFrontend::syntaxErrors(const SourceText& source) const {
  return static_cast<int>(cmake::lex(source.text).errors.size());
}

const EditingSyntax& CMakeFrontend::editing() const {
  static const EditingSyntax syntax = [] {
    EditingSyntax s;
    s.line_comment = "#";
    s.or_op = " OR ";
    s.and_op = " AND ";
    return s;
  }();
  return syntax;
}

std::optional<std::string> CMakeFrontend::notOneValue(const std::string& value) const {
  if (!oneArgument(value)) return "is not one CMake argument";
  return std::nullopt;
}

FileFacts CMakeFrontend::extract(const SourceText& src) const {
  const std::string& path = src.path;
  const std::string& source = src.text;
  const Knowledge& k = k_;
  FileFacts f;
  f.path = path;
  f.language = Language::CMake;
  cmake::LexResult lx = cmake::lex(source);
  for (const auto& [line, msg] : lx.errors) f.diagnostics.push_back({"warning", path, line, "CMake syntax: " + msg});
  std::map<std::string, VarSite> vars;  // (variable, allow|deny) -> site
  const std::set<std::string> cudaArchitectures = cudaArchitectureVariables(lx.commands);
  auto siteFor = [&](const std::string& var, bool deny, const Command& c) -> VarSite& {
    std::string key = var + (deny ? "#deny" : "");
    auto it = vars.find(key);
    if (it == vars.end()) {
      Site s;
      s.kind = SiteKind::Set;
      s.name = deny ? var + " (REMOVE_ITEM)" : var;
      s.binding = deny ? "" : var;
      s.polarity = deny ? Polarity::Deny : Polarity::Allow;
      s.evidence.name = true;
      s.evidence.reasons.push_back("arch-like variable '" + var + "'");
      s.name_archs = judgeName(var, k_).named_archs;
      s.line = c.line;
      s.extent = ByteRange{c.begin, c.end};
      f.sites.push_back(s);
      it = vars.emplace(key, VarSite{f.sites.size() - 1}).first;
    }
    Site& s = f.sites[it->second.index];
    s.end_line = std::max(s.end_line, c.end_line);
    s.extent.end = std::max(s.extent.end, c.end);
    return it->second;
  };
  std::vector<std::string> defaults;  // each open if(): the variable it defaults, or ""
  auto addArgs = [&](const Command& c, const ListWrite& w) {
    const std::string& var = w.var;
    bool deny = w.removes;
    std::vector<std::pair<const Argument*, size_t>> lists;  // each arch list and its length
    for (size_t i = w.from; i < w.to; ++i) {
      const Argument& a = c.args[i];
      if (a.value.find("${") != std::string::npos && a.value.find(';') == std::string::npos) continue;
      size_t items = archListSize(a.value, k.archs);
      if (!items) return;  // a non-arch item: not an arch list
      lists.push_back({&a, items});
    }
    if (lists.empty()) return;
    VarSite& vs = siteFor(var, deny, c);
    Site& s = f.sites[vs.index];
    bool defaulting = std::find(defaults.begin(), defaults.end(), var) != defaults.end();
    if (vs.writes++ == 0) s.default_of = defaulting && !deny ? var : "";
    else if (!defaulting) s.default_of.clear();
    // One argument per item in `set(ARCHS 8.0 8.6 ...)`: room for them all at once.
    size_t more = 0;
    for (const auto& l : lists) more += l.second;
    s.entries.reserve(s.entries.size() + more);
    for (const auto& l : lists)
      s.patchable &= addItems(*l.first, k.archs, s, vs.ptx, l.first->line, cudaArchitectures.count(var) > 0);
    if (s.spelling.kind == SpellingKind::Unknown) s.spelling = s.entries.front().style;
  };
  // Inside `foreach(ARCH ${CMAKE_CUDA_ARCHITECTURES})` a list appended item
  // by item translates the iterated one (80 -> "8.0"): it holds what that
  // list holds, so the iterated list is the site and the copy is none.
  std::vector<bool> loops;  // each open foreach(): over an arch list
  std::map<const ArchSelector*, bool> replaced;  // a selector whose package copy the file finds
  for (const auto& c : lx.commands) {
    if (c.lower == "foreach") {
      bool overArchs = false;
      for (size_t i = 1; i < c.args.size(); ++i)
        for (const auto& name : referencedVariables(c.args[i].value)) overArchs |= archVariable(name, k);
      loops.push_back(overArchs);
    } else if (c.lower == "endforeach" && !loops.empty()) {
      loops.pop_back();
    }
    bool translating = std::find(loops.begin(), loops.end(), true) != loops.end();
    if (c.lower == "else" && !defaults.empty()) defaults.back().clear();
    if (c.lower == "endif" && !defaults.empty()) defaults.pop_back();
    if (c.args.empty()) continue;
    // scripts/new-kind.sh adds command readers above this line.
    if (c.lower == "if" || c.lower == "elseif") {
      if (c.lower == "if") defaults.push_back(defaultedVariable(c));
      else if (!defaults.empty()) defaults.back().clear();
      if (auto s = rangeSite(c, k)) f.sites.push_back(*s);
      continue;
    }
    const std::string& first = c.args[0].value;
    if (const ArchSelector* sel = selectorNamed(k, c.lower)) {
      auto [at, fresh] = replaced.try_emplace(sel, false);
      if (fresh) at->second = replacedHere(lx.commands, *sel);
      if (!at->second) f.sites.push_back(selectorSite(c, *sel, k.archs));
      continue;
    }
    if (translating && (c.lower == "set" || c.lower == "list")) continue;
    if (auto g = gencodeSite(c, k.archs)) {
      f.sites.push_back(std::move(*g));
      continue;
    }
    if (auto w = listWrite(c); w && c.lower != "unset" && archVariable(w->var, k)) {
      addArgs(c, *w);
    } else if (archVariable(c.name, k)) {
      // cuda_archs_loose_intersection(OUT "9.0a;10.0a" "${CUDA_ARCHS}"): each literal list is its own site.
      for (size_t i = 0; i < c.args.size(); ++i) {
        const Argument& a = c.args[i];
        if (a.kind != cmake::ArgKind::Quoted || a.value.find("${") != std::string::npos) continue;
        size_t items = archListSize(a.value, k.archs);
        if (!items) continue;
        Site s;
        s.kind = SiteKind::Set;
        s.name = c.name + "(" + first + ")";
        s.evidence.name = true;
        s.evidence.reasons.push_back("list passed to arch-named '" + c.name + "'");
        s.line = c.line;
        s.end_line = c.end_line;
        s.extent = ByteRange{c.begin, c.end};
        bool ptx = false;
        s.entries.reserve(items);
        s.patchable = addItems(a, k.archs, s, ptx, a.line, false);
        s.spelling = s.entries.front().style;
        finish(s, ptx);
        // What the function does without the arch is not known here; the
        // kernels it selects are simply not built.
        f.sites.push_back(std::move(s));
      }
    }
  }
  for (auto& [key, vs] : vars) finish(f.sites[vs.index], vs.ptx);
  const auto sources = variableSources(lx.commands, k.archs);
  for (auto& [key, vs] : vars) {
    Site& s = f.sites[vs.index];
    auto from = sources.find(s.binding);
    if (from == sources.end() || s.polarity != Polarity::Allow) continue;
    s.on_missing = OnMissing::Unknown;
    s.on_missing_reason = "the list also takes items from ${" + from->second + "}, not known here";
  }
  f.build_units = cmake::buildUnits(lx.commands, &f.subdirectories);
  for (auto& s : f.sites)
    if (!s.patchable && s.unpatchable_reason.empty())
      s.unpatchable_reason = "the list has escaped characters; patch it by hand";
  // An arch that only targets an LLVM bitcode library.
  const std::set<std::string> bitcodeOnly = bitcodeOnlyVariables(lx.commands);
  for (auto& s : f.sites)
    if (s.kind == SiteKind::Set && bitcodeOnly.count(s.binding)) {
      s.evidence.name = false;
      s.evidence.reasons.push_back(
          "the arch of an LLVM bitcode compile (-emit-llvm): who links it compiles for their own");
    }
  if (indexingOnly(source))
    for (auto& s : f.sites) {
      s.evidence.name = false;
      s.evidence.reasons.push_back("the file says it only serves IDE indexing; it builds nothing");
    }
  f.suppressions = applySuppressions(source, "#", f.sites);
  f.parsed = true;
  return f;
}

}  // namespace archscan
