#include "link/link.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <numeric>
#include <set>

#include "link/dominance.h"
#include "link/families.h"
#include "link/guards.h"
#include "link/predicates.h"
#include "link/symbols.h"
#include "link/units.h"
#include "util/glob.h"

namespace archscan {
namespace {

using Key = std::pair<size_t, std::string>;

// The C and C++ functions of the scan by their last name (`getSMVersion`
// for tensorrt_llm::common::getSMVersion): C++ has no imports to follow, and
// a header that defines a helper is often not parsed with the file that
// calls it, so a call is matched by name, and only where every function of
// that name agrees.
using CppFunctions = std::map<std::string, std::vector<std::pair<size_t, const FunctionSummary*>>>;

CppFunctions cppFunctions(const std::vector<FileFacts>& files) {
  CppFunctions out;
  for (size_t f = 0; f < files.size(); ++f) {
    if (files[f].language != Language::Cpp) continue;
    for (const auto& fn : files[f].functions) out[lastName(fn.name)].push_back({f, &fn});
  }
  return out;
}

// A subject computed by a helper defined in another file (`cap =
// get_device_capability_str()` imported from platforms/cuda.py, or
// `common::getSMVersion()` from a header the parse did not read).
void resolveHelpers(const std::vector<FileFacts>& files, const SymbolTable& syms, const CppFunctions& cpp, size_t file,
                    Subject& s) {
  if (s.evidence.subject || s.evidence.negative) return;
  if (files[file].language == Language::Cpp)
    for (const auto& call : s.evidence.via_calls) {
      auto it = cpp.find(lastName(call));
      if (it == cpp.end()) continue;
      bool all = true;
      for (const auto& [f, fn] : it->second) all &= fn->returns_capability;
      if (!all) continue;
      s.evidence.subject = true;
      s.evidence.reasons.push_back(call + "() (" + files[it->second.front().first].path + ") returns a capability");
      return;
    }
  for (const auto& call : s.evidence.via_calls) {
    for (const auto& ref : syms.resolve(file, call, "", "")) {
      if (ref.file == file && call.find('.') == std::string::npos) continue;
      const FunctionSummary* fn = findFunction(files[ref.file], ref.binding);
      if (fn && fn->returns_capability) {
        s.evidence.subject = true;
        s.evidence.reasons.push_back(call + "() (" + files[ref.file].path + ") returns a capability");
        return;
      }
    }
  }
}

void attachLookups(const std::vector<FileFacts>& files, const SymbolTable& syms, const CppFunctions& cpp,
                   const std::map<Key, size_t>& byBinding, const std::map<Key, std::vector<size_t>>& nested,
                   Program& p) {
  // Files by absolute path, for lookups whose front-end resolved the table's file.
  // The working folder is asked once: fs::absolute asks it per path.
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  std::map<std::string, size_t> byPath;
  for (size_t f = 0; f < files.size(); ++f) {
    std::filesystem::path p(files[f].path);
    byPath.emplace((p.is_absolute() ? p : cwd / p).lexically_normal().string(), f);
  }
  std::map<std::string, std::vector<size_t>> cppTables;  // binding -> the C/C++ files declaring it
  for (const auto& [key, site] : byBinding)
    if (files[key.first].language == Language::Cpp) cppTables[key.second].push_back(key.first);
  for (size_t f = 0; f < files.size(); ++f) {
    for (const auto& l : files[f].lookups) {
      std::vector<SymbolRef> refs;
      if (auto it = byPath.find(l.table_file); !l.table_file.empty() && it != byPath.end())
        refs.push_back({it->second, l.table});
      else refs = syms.resolve(f, l.table, l.scope_class, l.scope_function);
      // C++ has no imports: a table the parse did not see declared (its
      // header unread) is the one table of that name a C/C++ file declares.
      if (files[f].language == Language::Cpp && l.table_file.empty()) {
        bool here = false;
        for (const auto& ref : refs) here |= byBinding.count({ref.file, ref.binding}) > 0;
        if (auto it = cppTables.find(l.table); !here && it != cppTables.end() && it->second.size() == 1)
          refs.push_back({it->second.front(), l.table});
      }
      for (const auto& ref : refs) {
        auto it = byBinding.find({ref.file, ref.binding});
        if (it == byBinding.end()) continue;
        auto add = [&](size_t site, size_t level) {
          if (level >= l.subjects.size()) return;
          Subject subj = l.subjects[level];
          resolveHelpers(files, syms, cpp, f, subj);
          LinkedLookup linked{files[f].path, l.line, l.on_missing,     l.how, l.crash_message,
                              l.skips,       subj,   l.scope_function, {},    {}};
          p.sites[site].lookups.push_back(std::move(linked));
        };
        add(it->second, 0);
        if (auto n = nested.find({ref.file, ref.binding}); n != nested.end())
          for (size_t s : n->second) add(s, static_cast<size_t>(p.sites[s].site.nesting));
        break;
      }
    }
  }
}

// What a gate callee does with a list that lacks the arch: follow it into its
// definition, in this file or the one it is imported from.
void resolveGate(const std::vector<FileFacts>& files, const SymbolTable& syms, size_t file, LinkedSite& ls) {
  const FunctionSummary* fn = nullptr;
  std::string where;
  for (const auto& ref : syms.resolve(file, ls.site.gate, "", "")) {
    fn = findFunction(files[ref.file], ref.binding);
    if (fn) {
      where = files[ref.file].path;
      break;
    }
  }
  // ctx.get_nvcc_flags_list(...) where ctx = CompilationContext() at module
  // level, here or in the module it is imported from.
  if (!fn && !ls.site.gate_object.empty()) {
    for (const auto& ref : syms.resolve(file, ls.site.gate_object, "", "")) {
      for (const auto& inst : files[ref.file].instances)
        if (inst.name == ref.binding) fn = findFunction(files[ref.file], inst.cls + "." + ls.site.gate);
      if (fn) {
        where = files[ref.file].path;
        break;
      }
    }
  }
  if (!fn) {
    ls.on_missing = OnMissing::Unknown;
    ls.on_missing_reason = ls.site.gate + " is not defined in the scanned tree";
    return;
  }
  ls.on_missing = fn->raises ? OnMissing::Crash : OnMissing::Fallback;
  ls.on_missing_reason = ls.site.gate + " (" + where + ") " +
                         (fn->raises ? "raises when the arch is not listed" : "does not raise; the arch is left out");
}

void settle(LinkedSite& ls) {
  Evidence e = ls.site.evidence;
  bool anyLookup = !ls.lookups.empty(), anyArchLookup = false;
  OnMissing worst = OnMissing::Unknown;
  std::string worstHow, worstMessage;
  for (const auto& l : ls.lookups) {
    if (l.subject.evidence.negative) continue;
    anyArchLookup = true;
    if (l.subject.evidence.subject && !e.subject) e.reasons.push_back("read with capability " + l.subject.text);
    e.subject |= l.subject.evidence.subject;
    e.name |= l.subject.evidence.name;
    if (l.on_missing > worst || worstHow.empty()) {
      if (l.on_missing >= worst) {
        worst = l.on_missing;
        worstHow = l.how + " at " + l.file + ":" + std::to_string(l.line);
        worstMessage = l.crash_message;
      }
    }
  }
  ls.site.evidence = e;
  ls.vetoed = (e.negative && !e.subject) || (anyLookup && !anyArchLookup && !e.subject && !e.name);
  ls.confidence = e.subject ? Confidence::High : e.name ? Confidence::Medium : Confidence::Low;
  if (ls.on_missing == OnMissing::Unknown && ls.on_missing_reason.empty()) {
    if (ls.site.on_missing != OnMissing::Unknown ||
        (ls.site.kind != SiteKind::Mapping && ls.site.kind != SiteKind::Set)) {
      ls.on_missing = ls.site.on_missing;
      ls.on_missing_reason = ls.site.on_missing_reason;
    }
    if (anyArchLookup && worst >= ls.on_missing) {
      ls.on_missing = worst;
      ls.on_missing_reason = worstHow;
      if (worst == OnMissing::Crash && ls.site.crash_message.empty()) ls.site.crash_message = worstMessage;
    }
    if (ls.on_missing_reason.empty()) ls.on_missing_reason = "no read of this table was found";
  }
}

}  // namespace

const std::vector<std::string>& defaultSupportPaths() {
  static const std::vector<std::string> globs = {"**/test/**",       "**/tests/**",  "**/testing/**", "**/benchmark/**",
                                                 "**/benchmarks/**", "**/bench/**",  "**/example/**", "**/examples/**",
                                                 "**/doc/**",        "**/docs/**",   "**/test_*.py",  "**/*_test.py",
                                                 "**/*_test.cpp",    "**/*_test.cu", "**/conftest.py"};
  return globs;
}

Program link(std::vector<FileFacts> files, const LinkOptions& opts) {
  const std::vector<DeclaredFamily>& declared = opts.families;
  const std::vector<std::string>& support = opts.support_paths.empty() ? defaultSupportPaths() : opts.support_paths;
  Program p;
  SymbolTable syms(files);
  std::map<Key, size_t> byBinding;
  std::map<Key, std::vector<size_t>> nested;
  std::map<std::string, int> ids;
  std::vector<size_t> fileOf;
  for (size_t f = 0; f < files.size(); ++f) {
    for (const auto& fn : files[f].functions)
      for (const auto& callee : fn.calls) p.callers[callee].push_back({files[f].path, fn.name});
    for (const auto& d : files[f].diagnostics) p.diagnostics.push_back(d);
    for (const auto& s : files[f].suppressions) p.suppressions.push_back({files[f].path, s});
    // Taken, not copied: nothing below reads a file's sites again.
    std::vector<Site> sites = std::move(files[f].sites);
    files[f].sites.clear();
    // A call that turns out not to be a predicate helper decides nothing about archs.
    sites.erase(std::remove_if(sites.begin(), sites.end(),
                               [&](Site& s) { return !s.predicate.empty() && !resolvePredicate(files, syms, f, s); }),
                sites.end());
    markDominated(sites);
    for (auto& each : sites) {
      LinkedSite ls;
      ls.site = std::move(each);
      const Site& s = ls.site;
      ls.file = files[f].path;
      ls.module = files[f].module;
      ls.language = files[f].language;
      ls.file_hash = files[f].content_hash;
      for (const auto& g : support) ls.support |= globMatch(g, ls.file);
      std::string id = ls.file + ":" + s.name + ":" + kindName(s.kind);
      int n = ++ids[id];
      ls.id = n == 1 ? id : id + "#" + std::to_string(n);
      size_t index = p.sites.size();
      if (!s.binding.empty() && s.nesting == 0) byBinding.emplace(Key{f, s.binding}, index);
      if (s.nesting > 0 && !s.parent_binding.empty()) nested[{f, s.parent_binding}].push_back(index);
      p.sites.push_back(std::move(ls));
      fileOf.push_back(f);
    }
  }
  const CppFunctions cpp = cppFunctions(files);
  attachLookups(files, syms, cpp, byBinding, nested, p);
  markGuardedReads(p);
  // A site the project declares in a family is an arch table by its word.
  for (const auto& d : declared)
    for (auto& ls : p.sites)
      for (const auto& g : d.sites)
        if (fnmatch(g.c_str(), ls.site.name.c_str(), FNM_NOESCAPE) == 0 || g == ls.site.name) {
          ls.site.evidence.name = true;
          ls.site.evidence.negative = false;
          ls.site.evidence.reasons.push_back("declared in family '" + d.name + "' (archscan.yaml)");
        }
  for (size_t i = 0; i < p.sites.size(); ++i) {
    Site& site = p.sites[i].site;
    if (site.subject) {
      resolveHelpers(files, syms, cpp, fileOf[i], *site.subject);
      if (site.subject->evidence.subject && !site.evidence.subject) {
        site.evidence.subject = true;
        site.evidence.reasons.push_back(site.subject->evidence.reasons.back());
      }
    }
    // A CMake list's gate is a build-system function (FindCUDA's arch
    // selector), not code of the tree: the list's own outcome holds.
    if (!p.sites[i].site.gate.empty() && files[fileOf[i]].language != Language::CMake)
      resolveGate(files, syms, fileOf[i], p.sites[i]);
    settle(p.sites[i]);
  }
  p.families = groupFamilies(p.sites, declared);
  linkUnits(files, p);
  return p;
}

}  // namespace archscan
