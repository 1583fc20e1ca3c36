#include "patch/semantic_check.h"

#include <map>
#include <set>

#include "analyze/paths.h"
#include "patch/patchset.h"

namespace archscan {

uint32_t mapOffset(uint32_t pos, const std::vector<const Edit*>& edits) {
  int64_t shift = 0;
  for (const Edit* e : edits) {
    if (e->begin > pos) break;
    // Text inserted at `pos` goes before what was there; a replaced range maps to its start.
    if (e->begin < e->end && pos < e->end) return static_cast<uint32_t>(e->begin + shift);
    shift += static_cast<int64_t>(e->text.size()) - static_cast<int64_t>(e->end - e->begin);
  }
  return static_cast<uint32_t>(pos + shift);
}

bool insideInserted(uint32_t b, uint32_t e, const std::vector<const Edit*>& edits) {
  int64_t shift = 0;
  for (const Edit* ed : edits) {
    uint32_t nb = static_cast<uint32_t>(ed->begin + shift), ne = static_cast<uint32_t>(nb + ed->text.size());
    if (b >= nb && e <= ne && e > b) return true;
    shift += static_cast<int64_t>(ed->text.size()) - static_cast<int64_t>(ed->end - ed->begin);
  }
  return false;
}

namespace {

std::set<std::string> archsOf(const Site& s) {
  std::set<std::string> out;
  for (const auto& e : s.entries) out.insert(e.arch.name());
  return out;
}

std::string join(const std::set<std::string>& archs) {
  std::string out;
  for (const auto& a : archs) out += (out.empty() ? "" : ", ") + a;
  return out.empty() ? "none" : out;
}

}  // namespace

void checkSemantics(const PatchedText& f, const std::vector<const Edit*>& edits, const Program& p,
                    const FrontendSet& frontends) {
  const Frontend& fe = frontends.of(f.language);
  SourceText oldText{f.path, f.old_text}, newText{f.path, f.new_text};
  int before = fe.syntaxErrors(oldText), after = fe.syntaxErrors(newText);
  if (after > before)
    throw PatchError(f.path + ": the patch would introduce a syntax error (" + std::to_string(after - before) +
                     " new); nothing was written");
  auto fail = [&](int line, const std::string& site, const std::string& what) {
    throw PatchError(f.path + ":" + std::to_string(line) + ": " + site + ": " + what + "; nothing was written");
  };

  // What each edited site is meant to gain, by its position in the old text.
  std::map<uint32_t, std::vector<const Edit*>> editedAt;
  for (const Edit* e : edits) {
    const Site& s = p.sites[e->site].site;
    auto within = [&](const ByteRange& r) { return !r.empty() && e->begin >= r.begin && e->end <= r.end; };
    // The site's lines: a new `flags.append(...)` line goes after the template's.
    size_t first = f.old_text.rfind('\n', s.extent.begin == 0 ? 0 : s.extent.begin - 1);
    size_t last = f.old_text.find('\n', s.extent.end);
    ByteRange lines{first == std::string::npos ? 0u : static_cast<uint32_t>(first + 1),
                    last == std::string::npos ? static_cast<uint32_t>(f.old_text.size()) : static_cast<uint32_t>(last)};
    bool inside = within(lines);
    // Entries may lie outside the site's extent (`caps += ";12.0"` extending a base list).
    for (const auto& en : s.entries) inside |= within(en.item) || within(en.container);
    if (!inside)
      fail(e->line, s.name,
           "an edit for it lies outside the site (bytes " + std::to_string(e->begin) + "-" + std::to_string(e->end) +
               ")");
    editedAt[s.extent.begin].push_back(e);
  }

  // What the old text's sites are, kept as little as the checks need: the
  // old and the patched text's facts are never held together, so a table of
  // a million entries is held once more, not twice.
  struct OldSite {
    std::string name;
    SiteKind kind;
    uint32_t begin;
    int line;
    std::set<std::string> archs;
    const std::vector<const Edit*>* edits = nullptr;  // its edits, when it is selected
    bool narrowed = false;
    TakenPath before;  // where the added arch went, when narrowed
  };
  std::vector<OldSite> old;
  {
    FileFacts oldFacts = fe.extract(oldText);
    old.reserve(oldFacts.sites.size());
    for (const Site& o : oldFacts.sites) {
      OldSite d{o.name, o.kind, o.extent.begin, o.line, archsOf(o)};
      auto it = editedAt.find(o.extent.begin);
      bool edited = false;
      if (it != editedAt.end())
        for (const Edit* e : it->second) edited |= p.sites[e->site].site.name == o.name;
      if (edited) {
        d.edits = &it->second;
        // A narrowed range keeps its archs and sends the new one elsewhere.
        d.narrowed = true;
        for (const Edit* e : it->second) d.narrowed &= e->value_source.rfind("narrowed", 0) == 0;
        if (d.narrowed) d.before = takenPath(o, it->second.front()->add_arch);
      }
      old.push_back(std::move(d));
    }
  }
  FileFacts newFacts = fe.extract(newText);

  std::vector<bool> matched(newFacts.sites.size(), false);
  for (const OldSite& o : old) {
    uint32_t at = mapOffset(o.begin, edits);
    const Site* now = nullptr;
    for (size_t i = 0; i < newFacts.sites.size() && !now; ++i) {
      const Site& n = newFacts.sites[i];
      if (!matched[i] && n.name == o.name && n.kind == o.kind && n.extent.begin == at) {
        matched[i] = true;
        now = &n;
      }
    }
    if (!now) fail(o.line, o.name, "no longer recognised after patching");
    const std::set<std::string>& was = o.archs;
    std::set<std::string> is = archsOf(*now);
    if (!o.edits) {
      if (is != was)
        fail(o.line, o.name, "not selected, yet its archs would change from " + join(was) + " to " + join(is));
      continue;
    }
    const std::vector<const Edit*>& mine = *o.edits;
    if (o.narrowed) {
      const Arch& t = mine.front()->add_arch;
      TakenPath after = takenPath(*now, t);
      if (is != was || (o.before.arm == after.arm && o.before.past == after.past))
        fail(o.line, o.name, "would still let " + t.name() + " into the same path after narrowing");
      continue;
    }
    // Old plus the added archs, in the spelling the site uses (sm_120a beside sm_100a).
    bool lost = false, gained = false;
    for (const auto& a : was) lost |= !is.count(a);
    for (const auto& a : is) gained |= !was.count(a);
    bool onlyAdded = gained;
    for (const auto& en : now->entries) {
      if (was.count(en.arch.name())) continue;
      bool planned = false;
      for (const Edit* e : mine) planned |= en.arch.base() == e->add_arch.base() || covers(en.arch, e->add_arch);
      onlyAdded &= planned;
    }
    if (lost || !onlyAdded)
      fail(o.line, o.name,
           "would handle " + join(is) + " after patching; expected " + join(was) + " plus " + mine.front()->add);
  }
  // A site that was not there before may only be a copy inside inserted text.
  for (size_t i = 0; i < newFacts.sites.size(); ++i) {
    const Site& n = newFacts.sites[i];
    if (!matched[i] && !insideInserted(n.extent.begin, n.extent.end, edits))
      fail(n.line, n.name, "would appear as a new arch site outside the inserted text");
  }
}

}  // namespace archscan
