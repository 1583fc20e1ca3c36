#include "patch/plan.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "analyze/coverage.h"
#include "patch/render.h"
#include "patch/select.h"
#include "patch/semantic_check.h"
#include "patch/site_plan.h"
#include "util/escape.h"
#include "util/source_text.h"

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

// The rule's `values` entry for a site, checked to be one value of the site's
// language; none where the language's edits have no value of their own.
std::optional<std::string> overrideFor(const PatchRule& r, const LinkedSite& s, const FrontendSet& frontends) {
  const Frontend& frontend = frontends.of(s.language);
  if (!frontend.editing().takes_values) return std::nullopt;
  for (const auto& [glob, value] : r.values) {
    if (fnmatch(glob.c_str(), s.site.name.c_str(), FNM_NOESCAPE) != 0 && glob != s.site.name) continue;
    if (s.site.patchable) {
      if (auto why = frontend.notOneValue(value)) {
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
  std::map<std::string, std::vector<size_t>> byFile;
  for (size_t i = 0; i < p.sites.size(); ++i) byFile[p.sites[i].file].push_back(i);
  for (const auto& rule : set.rules) {
    checkGlobsSelect(rule, p, opts.roots, opts.analyze);
    for (size_t i = 0; i < p.sites.size(); ++i) {
      const LinkedSite& s = p.sites[i];
      if (!visible(s, opts.analyze)) continue;  // deny-lists: planSite narrows one that lets the arch in wrongly
      if (opts.sites && !opts.sites->count(i)) continue;
      std::string rel = rootRelative(s.file, opts.roots);
      if (!passes(rule.where, s, rel, p, false)) continue;
      if (!rule.except.empty() && passes(rule.except, s, rel, p, true)) continue;
      auto source = [&]() -> const std::string& {
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
        return it->second;
      };
      SitePlanInput in{p,
                       frontends,
                       i,
                       byFile[s.file],
                       opts.analyze.all,
                       [&] { return overrideFor(rule, s, frontends); },
                       opts.knowledge};
      SitePlan sp = planSite(in, rule, source);
      if (sp.verdict == SiteVerdict::Skipped) plan.skipped.push_back({i, rule.add.name(), sp.reason});
      if (sp.verdict == SiteVerdict::Already) plan.already.push_back({i, rule.add.name(), sp.reason});
      if (sp.verdict != SiteVerdict::Edits) continue;
      Rendered& r = sp.rendered;
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
  std::map<std::pair<size_t, std::string>, std::vector<std::string>> rulesOf;  // (site, add) -> rules
  std::map<std::tuple<size_t, std::string, std::string>, std::vector<const Edit*>> by;  // (site, add, rule)
  for (const auto& e : edits) {
    auto& rules = rulesOf[{e.site, e.add}];
    if (std::find(rules.begin(), rules.end(), e.rule) == rules.end()) rules.push_back(e.rule);
    by[{e.site, e.add, e.rule}].push_back(&e);
  }
  auto text = [](const std::vector<const Edit*>& es) {
    std::string t;
    for (const Edit* e : es)
      t += (t.empty() ? "" : " ") + std::to_string(e->begin) + ":" + std::to_string(e->end) + "=" + e->text;
    return t;
  };
  std::set<std::tuple<size_t, std::string, std::string>> dropped;
  for (const auto& [key, rules] : rulesOf) {
    const auto& first = by.at({key.first, key.second, rules.front()});
    for (size_t i = 1; i < rules.size(); ++i) {
      const auto& other = by.at({key.first, key.second, rules[i]});
      if (text(other) != text(first)) {
        throw PatchError("conflicting edits: " + where(*first.back(), p) + " writes `" + shown(first.back()->text) +
                         "` and " + where(*other.back(), p) + " writes `" + shown(other.back()->text) + "`: both add " +
                         key.second + " to " + p.sites[key.first].site.name + "; one must go (nothing was written)");
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

// The program as it would be read after the edits: every patched file
// re-extracted, its sites keeping the links of the sites they were; a site
// new in the text (inside a copied value) links like the first old site of
// its name. Returns the patched files' new bytes.
std::map<std::string, std::string> replan(const Program& p, std::vector<Edit>& edits,
                                          const std::map<std::string, std::string>& sources,
                                          const FrontendSet& frontends, Program& next) {
  next = p;
  std::map<std::string, std::vector<const Edit*>> byFile;
  for (const auto& e : edits) byFile[e.file].push_back(&e);
  // The edited files' sites are replaced by the patched text's below: their
  // copied entries go now, before that text is extracted beside them.
  for (auto& ls : next.sites)
    if (byFile.count(ls.file)) std::vector<Entry>().swap(ls.site.entries);
  std::map<std::string, std::string> after;
  for (const auto& [file, fileEdits] : byFile) {
    std::string text = applyEdits(sources.at(file), fileEdits);
    after[file] = text;
    const LinkedSite& any = p.sites[fileEdits.front()->site];
    FileFacts facts = frontends.of(any.language).extract(SourceText{file, forParsing(text)});
    std::vector<bool> used(facts.sites.size(), false);
    std::map<std::string, size_t> firstByName;
    for (size_t i = 0; i < p.sites.size(); ++i) {
      if (p.sites[i].file != file) continue;
      const Site& o = p.sites[i].site;
      firstByName.emplace(o.name + "|" + kindName(o.kind), i);
      uint32_t at = mapOffset(o.extent.begin, fileEdits);
      bool found = false;
      for (size_t k = 0; k < facts.sites.size() && !found; ++k)
        if (!used[k] && facts.sites[k].name == o.name && facts.sites[k].kind == o.kind &&
            facts.sites[k].extent.begin == at) {
          used[k] = found = true;
          next.sites[i].site = std::move(facts.sites[k]);
        }
      // A site the patched text lost has no entries to plan on; checkSemantics names it.
      if (!found) next.sites[i].site.entries.clear();
      next.sites[i].file_hash = contentHash(text);
    }
    for (size_t k = 0; k < facts.sites.size(); ++k) {
      if (used[k]) continue;
      auto like = firstByName.find(facts.sites[k].name + "|" + kindName(facts.sites[k].kind));
      if (like == firstByName.end()) continue;  // checkSemantics names it
      LinkedSite copy = p.sites[like->second];
      copy.site = std::move(facts.sites[k]);
      copy.file_hash = contentHash(text);
      next.sites.push_back(std::move(copy));
    }
  }
  return after;
}

// Folds edits planned on the patched text back into edits of the original:
// one inside inserted text changes that insertion, one elsewhere moves back
// by the length the earlier edits added. False when one cannot be placed.
bool fold(std::vector<Edit>& edits, const std::vector<Edit>& more, size_t oldSites) {
  for (const Edit& m : more) {
    int64_t shift = 0;
    bool placed = false;
    for (auto& e : edits) {
      if (e.file != m.file) continue;
      uint32_t nb = static_cast<uint32_t>(e.begin + shift), ne = static_cast<uint32_t>(nb + e.text.size());
      if (m.begin >= nb && m.end <= ne && !(m.begin == ne && m.end == ne)) {
        e.text.replace(m.begin - nb, m.end - m.begin, m.text);
        placed = true;
        break;
      }
      if (m.begin < ne) break;
      shift += static_cast<int64_t>(e.text.size()) - static_cast<int64_t>(e.end - e.begin);
    }
    if (placed) continue;
    Edit back = m;
    back.begin = static_cast<uint32_t>(m.begin - shift);
    back.end = static_cast<uint32_t>(m.end - shift);
    if (m.begin < shift || m.site >= oldSites) return false;
    edits.push_back(back);
    std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
      return a.file != b.file ? a.file < b.file : a.begin < b.begin;
    });
  }
  return true;
}

}  // namespace

Plan planPatches(const std::vector<PatchSet>& sets, const Program& program, const PlanOptions& opts,
                 const FrontendSet& frontends) {
  Plan plan;
  std::map<std::string, std::string> sources;
  for (const auto& set : sets) selectAndRender(set, program, opts, frontends, sources, plan);
  mergeSameArch(plan.edits, program);
  checkConflicts(plan.edits, program);
  // Plan to a fixpoint: plan again on the patched text, so what the edits
  // themselves bring (an arch string inside a copied value) is handled in
  // this run; a second run must find nothing to do.
  constexpr int kRounds = 3;
  for (int round = 0; round < kRounds && !plan.edits.empty(); ++round) {
    Program next;
    std::map<std::string, std::string> after = replan(program, plan.edits, sources, frontends, next);
    std::map<std::string, std::string> nextSources = sources;
    for (auto& [file, text] : after) nextSources[file] = text;
    Plan again;
    for (const auto& set : sets) selectAndRender(set, next, opts, frontends, nextSources, again);
    std::vector<Edit> more;
    for (auto& e : again.edits)
      if (after.count(e.file)) more.push_back(e);
    if (more.empty()) break;
    if (round + 1 == kRounds || !fold(plan.edits, more, program.sites.size())) {
      const Edit& e = more.front();
      throw PatchError(e.file + ":" + std::to_string(e.line) + ": " + next.sites[e.site].site.name +
                       " would still lack " + e.add + " after " + std::to_string(kRounds) +
                       " rounds of planning; nothing was written");
    }
    checkConflicts(plan.edits, program);
  }
  std::map<std::string, std::vector<const Edit*>> byFile;
  for (const auto& e : plan.edits) byFile[e.file].push_back(&e);
  for (const auto& [file, edits] : byFile) {
    FilePlan f;
    f.path = file;
    f.real_path = realPathInside(file, opts.roots);
    f.language = program.sites[edits.front()->site].language;
    f.old_content = sources.at(file);
    f.new_content = applyEdits(f.old_content, edits);
    checkSemantics({f.path, f.language, forParsing(f.old_content), forParsing(f.new_content)}, edits, program,
                   frontends);
    plan.files.push_back(std::move(f));
  }
  return plan;
}

}  // namespace archscan
