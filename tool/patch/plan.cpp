#include "patch/plan.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "analyze/coverage.h"
#include "util/escape.h"
#include "util/source_text.h"
#include "patch/render.h"
#include "patch/select.h"
#include "patch/value_check.h"

namespace fs = std::filesystem;

namespace archscan {

size_t Plan::sitesPatched() const {
  std::set<size_t> s;
  for (const auto& e : edits) s.insert(e.site);
  return s.size();
}

namespace {

// "recipes.py:7 (recipe[arch_major], a.yaml:4: add sm_120 like sm_100)": the place and the rule that asked.
std::string where(const Edit& e, const Program& p) {
  return e.file + ":" + std::to_string(e.line) + " (" + p.sites[e.site].site.name + ", " +
         (e.rule.empty() ? e.patchset : e.rule) + ": add " + e.add + " like " + e.like + ")";
}

// The rule's `values` entry for a site, checked to be one value of the site's language.
std::optional<std::string> overrideFor(const PatchRule& r, const LinkedSite& s, const FrontendSet& frontends) {
  for (const auto& [glob, value] : r.values) {
    if (fnmatch(glob.c_str(), s.site.name.c_str(), FNM_NOESCAPE) != 0 && glob != s.site.name) continue;
    if (s.site.patchable) {
      if (auto why = notOneValue(value, s.language, frontends)) {
        auto at = r.where.located.find("values:" + glob);
        std::string place = at == r.where.located.end() ? r.origin : at->second;
        throw PatchError(place + ": the value for '" + glob + "' " + *why + " (" + s.file + ":" +
                         std::to_string(s.site.line) + ", " + s.site.name + "): `" + printable(value) + "`");
      }
    }
    return value;
  }
  return std::nullopt;
}

void selectAndRender(const PatchSet& set, const Program& p, const PlanOptions& opts, const FrontendSet& frontends,
                     std::map<std::string, std::string>& sources, Plan& plan) {
  for (const auto& rule : set.rules) {
    checkGlobsSelect(rule, p, opts.roots, opts.analyze);
    for (size_t i = 0; i < p.sites.size(); ++i) {
      const LinkedSite& s = p.sites[i];
      if (!visible(s, opts.analyze) || s.site.polarity != Polarity::Allow) continue;
      std::string rel = rootRelative(s.file, opts.roots);
      if (!passes(rule.where, s, rel, p, false)) continue;
      if (!rule.except.empty() && passes(rule.except, s, rel, p, true)) continue;
      Coverage c = coverage(s.site, rule.add);
      if (s.site.kind == SiteKind::Range) {
        if (c == Coverage::Missing && coverage(s.site, rule.like) != Coverage::Missing)
          plan.skipped.push_back({i, rule.add.name(), "a range; ranges are never patched: widen it by hand if " +
                                                          rule.add.name() + " belongs inside"});
        continue;
      }
      if (coverage(s.site, rule.like) != Coverage::Covered) continue;  // the rule is about sites that handle `like`
      if (c == Coverage::Missing && namedForItsArchs(s.site)) {
        plan.skipped.push_back({i, rule.add.name(), "inside something named for its own arch; left alone on purpose"});
        continue;
      }
      if (c == Coverage::Missing && archSpecific(s.site, s.on_missing) && !opts.analyze.all) {
        plan.skipped.push_back({i, rule.add.name(), "a single-arch site, per-arch on purpose? "
                                                     "(--all patches it)"});
        continue;
      }
      if (c == Coverage::Covered) {
        bool byMajor = false;
        // Only worth saying when the new arch is not the major's first (sm_121 under key 12).
        for (const auto& e : s.site.entries) byMajor |= e.arch.major_only && covers(e.arch, rule.add) && rule.add.minor != 0;
        plan.already.push_back({i, rule.add.name(),
                                byMajor ? "its key " + std::to_string(rule.add.major) + " covers every " +
                                              std::to_string(rule.add.major) + ".x, so " + rule.add.name() +
                                              " is already handled"
                                        : "already handles " + rule.add.name()});
        continue;
      }
      if (c == Coverage::CoveredByRange) {
        plan.skipped.push_back({i, rule.add.name(), "a range already covers " + rule.add.name()});
        continue;
      }
      auto it = sources.find(s.file);
      if (it == sources.end()) {
        std::string text;
        try {
          text = readFile(s.file);
        } catch (const std::exception& e) {
          throw PatchError(e.what());
        }
        if (contentHash(text) != s.file_hash)
          throw PatchError(s.file + ": changed since it was scanned; run archscan again");
        it = sources.emplace(s.file, std::move(text)).first;
      }
      Rendered r = renderSite(s, i, rule, it->second, overrideFor(rule, s, frontends));
      if (!r.skip_reason.empty()) {
        plan.skipped.push_back({i, rule.add.name(), r.skip_reason});
        continue;
      }
      for (auto& e : r.edits) {
        e.patchset = set.name.empty() ? set.path : set.name;
        e.rule = rule.origin;
        plan.edits.push_back(std::move(e));
      }
    }
  }
}

// An edit's text on one line, for a message.
std::string shown(const std::string& text) {
  size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = text.find_first_of("\r\n", b);
  return e == std::string::npos ? text.substr(b) : text.substr(b, e - b) + " ...";
}

// Two rules that add one arch to one site are one edit when they write the
// same bytes, and a conflict otherwise (as clang-apply-replacements has it):
// the run stops naming both rules, whatever each would write.
void mergeSameArch(std::vector<Edit>& edits, const Program& p) {
  std::map<std::pair<size_t, std::string>, std::vector<std::string>> rulesOf;           // (site, add) -> rules
  std::map<std::tuple<size_t, std::string, std::string>, std::vector<const Edit*>> by;  // (site, add, rule)
  for (const auto& e : edits) {
    auto& rules = rulesOf[{e.site, e.add}];
    if (std::find(rules.begin(), rules.end(), e.rule) == rules.end()) rules.push_back(e.rule);
    by[{e.site, e.add, e.rule}].push_back(&e);
  }
  auto text = [](const std::vector<const Edit*>& es) {
    std::string t;
    for (const Edit* e : es) t += (t.empty() ? "" : " ") + std::to_string(e->begin) + ":" + std::to_string(e->end) + "=" + e->text;
    return t;
  };
  std::set<std::tuple<size_t, std::string, std::string>> dropped;
  for (const auto& [key, rules] : rulesOf) {
    const auto& first = by.at({key.first, key.second, rules.front()});
    for (size_t i = 1; i < rules.size(); ++i) {
      const auto& other = by.at({key.first, key.second, rules[i]});
      if (text(other) != text(first)) {
        throw PatchError("conflicting edits: " + where(*first.back(), p) + " writes `" + shown(first.back()->text) +
                         "` and " + where(*other.back(), p) + " writes `" + shown(other.back()->text) +
                         "`: both add " + key.second + " to " + p.sites[key.first].site.name +
                         "; one must go (nothing was written)");
      }
      dropped.insert({key.first, key.second, rules[i]});
    }
  }
  std::vector<Edit> out;
  for (auto& e : edits)
    if (!dropped.count({e.site, e.add, e.rule})) out.push_back(std::move(e));
  edits = std::move(out);
}

// Sorted by position; identical edits merged (two archs may share a comma);
// overlaps are an error naming both.
void checkConflicts(std::vector<Edit>& edits, const Program& p) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    if (a.file != b.file) return a.file < b.file;
    return a.begin < b.begin;
  });
  std::vector<Edit> out;
  for (auto& e : edits) {
    if (!out.empty() && out.back().file == e.file) {
      const Edit& prev = out.back();
      if (prev.begin == e.begin && prev.end == e.end && prev.text == e.text) continue;
      bool overlap = e.begin < prev.end || (prev.begin == e.begin && (prev.end > prev.begin || e.end > e.begin));
      if (overlap) throw PatchError("conflicting edits: " + where(prev, p) + " and " + where(e, p));
    }
    out.push_back(std::move(e));
  }
  edits = std::move(out);
}

std::string applyEdits(const std::string& src, const std::vector<const Edit*>& edits) {
  std::string out = src;
  for (auto it = edits.rbegin(); it != edits.rend(); ++it)
    out.replace((*it)->begin, (*it)->end - (*it)->begin, (*it)->text);
  return out;
}

std::string forParsing(std::string text) {
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.replace(0, 3, "   ");
  return text;
}

const Site* findSite(const FileFacts& f, const Site& like, int ordinal) {
  int n = 0;
  for (const auto& s : f.sites)
    if (s.name == like.name && s.kind == like.kind && n++ == ordinal) return &s;
  return nullptr;
}

int ordinalOf(const Program& p, size_t site) {
  int n = 0;
  const LinkedSite& s = p.sites[site];
  for (size_t i = 0; i < site; ++i)
    if (p.sites[i].file == s.file && p.sites[i].site.name == s.site.name && p.sites[i].site.kind == s.site.kind) ++n;
  return n;
}

// Re-parse and re-extract: the arch must now be in exactly the planned sites
// and no new syntax error may appear.
void verify(const FilePlan& f, const std::vector<const Edit*>& edits, const Program& p, const FrontendSet& frontends) {
  const Frontend& fe = frontends.of(f.language);
  SourceText oldText{f.path, forParsing(f.old_content)}, newText{f.path, forParsing(f.new_content)};
  int before = fe.syntaxErrors(oldText), after = fe.syntaxErrors(newText);
  if (after > before)
    throw PatchError(f.path + ": the patch would introduce a syntax error (" + std::to_string(after - before) +
                     " new); nothing was written");
  FileFacts oldFacts = fe.extract(oldText), newFacts = fe.extract(newText);
  std::set<std::pair<std::string, std::string>> planned;  // (site name, arch)
  std::map<std::string, Arch> archs;
  for (const Edit* e : edits) {
    const LinkedSite& ls = p.sites[e->site];
    planned.insert({ls.site.name, e->add});
    archs[e->add] = e->add_arch;
    const Site* now = findSite(newFacts, ls.site, ordinalOf(p, e->site));
    if (!now) throw PatchError(f.path + ":" + std::to_string(e->line) + ": after patching, " + ls.site.name + " is no longer recognised");
    bool has = false;
    for (const auto& en : now->entries) has |= covers(en.arch, e->add_arch);
    if (!has) throw PatchError(f.path + ":" + std::to_string(e->line) + ": after patching, " + ls.site.name + " still lacks " + e->add);
  }
  for (const auto& [arch, a] : archs) {
    for (const auto& s : newFacts.sites) {
      bool hasNow = false, hadBefore = false;
      for (const auto& en : s.entries) hasNow |= covers(en.arch, a);
      if (!hasNow || planned.count({s.name, arch})) continue;
      for (const auto& o : oldFacts.sites)
        if (o.name == s.name && o.kind == s.kind)
          for (const auto& en : o.entries) hadBefore |= covers(en.arch, a);
      if (!hadBefore)
        throw PatchError(f.path + ":" + std::to_string(s.line) + ": the patch would also change " + s.name + ", which was not selected");
    }
  }
}

std::string realPathInside(const std::string& file, const std::vector<std::string>& roots) {
  std::error_code ec;
  fs::path real = fs::canonical(file, ec);
  if (ec) throw PatchError(file + ": cannot resolve: " + ec.message());
  for (const auto& r : roots.empty() ? std::vector<std::string>{"."} : roots) {
    fs::path root = fs::canonical(r, ec);
    if (ec) continue;
    if (fs::is_regular_file(root)) root = root.parent_path();
    fs::path rel = real.lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return real.string();
  }
  throw PatchError(file + ": resolves to " + real.string() + ", outside the scanned root; not writing there");
}

}  // namespace

Plan planPatches(const std::vector<PatchSet>& sets, const Program& program, const PlanOptions& opts,
                 const FrontendSet& frontends) {
  Plan plan;
  std::map<std::string, std::string> sources;
  for (const auto& set : sets) selectAndRender(set, program, opts, frontends, sources, plan);
  mergeSameArch(plan.edits, program);
  checkConflicts(plan.edits, program);
  std::map<std::string, std::vector<const Edit*>> byFile;
  for (const auto& e : plan.edits) byFile[e.file].push_back(&e);
  for (const auto& [file, edits] : byFile) {
    FilePlan f;
    f.path = file;
    f.real_path = realPathInside(file, opts.roots);
    f.language = program.sites[edits.front()->site].language;
    f.old_content = sources.at(file);
    f.new_content = applyEdits(f.old_content, edits);
    verify(f, edits, program, frontends);
    plan.files.push_back(std::move(f));
  }
  return plan;
}

}  // namespace archscan
