#include "link/families.h"

#include <fnmatch.h>
#include <map>

#include <numeric>
#include <optional>

namespace archscan {
namespace {

struct UnionFind {
  std::vector<size_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  size_t find(size_t x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
  void unite(size_t a, size_t b) { parent[find(a)] = find(b); }
};

}  // namespace

std::vector<Family> groupFamilies(std::vector<LinkedSite>& sites, const std::vector<DeclaredFamily>& declared) {
  UnionFind uf(sites.size());
  std::map<std::string, size_t> firstByBinding;
  std::map<size_t, std::map<std::string, int>> subjectTexts;
  auto visit = [&](size_t i, const std::string& file, const Subject& s) {
    if (s.evidence.negative || s.binding.empty()) return;
    // Every binding a front-end makes is local to its file (a local, a
    // module global, self.x of a class defined there).
    std::string key = file + "|" + s.binding;
    auto [it, fresh] = firstByBinding.emplace(key, i);
    if (!fresh) uf.unite(i, it->second);
    subjectTexts[i][s.text]++;
  };
  // Only tables read through one subject are siblings: named mappings and
  // lists. Chains, switches, checks and single-arch predicates decide on a
  // subject too, but each decides its own thing.
  for (size_t i = 0; i < sites.size(); ++i) {
    const Site& s = sites[i].site;
    bool table = (s.kind == SiteKind::Mapping || s.kind == SiteKind::Set) && !s.binding.empty() && !s.check &&
                 s.polarity == Polarity::Allow;
    if (sites[i].vetoed || !table) continue;
    for (const auto& l : sites[i].lookups) visit(i, l.file, l.subject);
  }
  std::map<size_t, std::string> declaredName;
  for (const auto& d : declared) {
    std::optional<size_t> first;
    for (size_t i = 0; i < sites.size(); ++i) {
      if (sites[i].vetoed) continue;
      bool match = false;
      for (const auto& g : d.sites)
        match |= fnmatch(g.c_str(), sites[i].site.name.c_str(), FNM_NOESCAPE) == 0 || g == sites[i].site.name;
      if (!match) continue;
      subjectTexts[i];  // takes part even if no read was found
      if (first) uf.unite(i, *first);
      else first = i;
    }
    if (first) declaredName[*first] = d.name;
  }
  std::map<size_t, std::vector<size_t>> groups;
  for (size_t i = 0; i < sites.size(); ++i)
    if (!sites[i].vetoed && subjectTexts.count(i)) groups[uf.find(i)].push_back(i);
  std::vector<Family> out;
  for (auto& [root, members] : groups) {
    if (members.size() < 2) continue;
    std::map<std::string, int> texts;
    for (size_t m : members)
      for (const auto& [t, n] : subjectTexts[m]) texts[t] += n;
    std::string name;
    int best = 0;
    for (const auto& [t, n] : texts)
      if (n > best) name = t, best = n;
    for (size_t m : members)
      if (declaredName.count(m)) name = declaredName[m];
    for (size_t m : members) sites[m].family = static_cast<int>(out.size());
    out.push_back(Family{name, members});
  }
  return out;
}

}  // namespace archscan
