#include "link/guards.h"

namespace archscan {
namespace {

// C++ scopes are qualified with `::`, reads name their function dotted.
std::string dotted(std::string s) {
  for (size_t at = s.find("::"); at != std::string::npos; at = s.find("::", at)) s.replace(at, 2, ".");
  return s;
}

bool isGuard(const LinkedSite& g) {
  const Site& s = g.site;
  return (s.check || s.exits_unlisted) && s.polarity == Polarity::Allow && !s.conjoined && s.ranges.empty() &&
         !s.entries.empty() && !s.scope.empty() && s.subject && !s.subject->binding.empty();
}

// `Class.__init__` -> `Class`; "" for any other function.
std::string constructorClass(const std::string& scope) {
  static const std::string init = ".__init__";
  if (scope.size() <= init.size() || scope.compare(scope.size() - init.size(), init.size(), init) != 0) return "";
  return scope.substr(0, scope.size() - init.size());
}

// A read in a constructor that crashes for an arch its table does not list
// (`TABLE[self.device_capability]`, a KeyError) leaves that arch with no
// instance: the class's other methods run only on the archs the table lists.
// Their reads are dominated by it, and a table read there is no separate
// finding for the others (the constructor's table is).
void markConstructedOnlyFor(Program& p) {
  struct Ctor {
    const LinkedSite* table;
    const LinkedLookup* read;
    std::string cls;
  };
  std::vector<Ctor> ctors;
  for (const auto& t : p.sites)
    for (const auto& r : t.lookups)
      if (r.on_missing == OnMissing::Crash && !r.subject.binding.empty() && r.reached_only_by.empty() &&
          !t.site.entries.empty() && !constructorClass(r.scope_function).empty())
        ctors.push_back({&t, &r, constructorClass(r.scope_function)});
  if (ctors.empty()) return;
  for (auto& t : p.sites)
    for (auto& read : t.lookups) {
      if (!read.reached_only_by.empty() || read.subject.binding.empty()) continue;
      for (const auto& c : ctors) {
        const std::string& fn = read.scope_function;
        // A method of that class itself: a nested class's methods have their own constructor.
        if (c.read->file != read.file || c.read->subject.binding != read.subject.binding ||
            fn.compare(0, c.cls.size() + 1, c.cls + ".") != 0 || fn.find('.', c.cls.size() + 1) != std::string::npos ||
            fn == c.read->scope_function)
          continue;
        for (const auto& e : c.table->site.entries) read.reached_only_by.push_back(e.arch);
        read.guard = c.table->site.name + "[...] in " + c.cls + ".__init__ (" + c.read->file + ":" +
                     std::to_string(c.read->line) + ")";
        break;
      }
    }
}

}  // namespace

void markGuardedReads(Program& p) {
  markConstructedOnlyFor(p);
  std::vector<const LinkedSite*> guards;
  for (const auto& s : p.sites)
    if (isGuard(s)) guards.push_back(&s);
  if (guards.empty()) return;
  for (auto& table : p.sites) {
    for (auto& read : table.lookups) {
      if (read.subject.binding.empty()) continue;
      for (const LinkedSite* g : guards) {
        if (g->file != read.file || g->site.line >= read.line || dotted(g->site.scope) != read.scope_function ||
            g->site.subject->binding != read.subject.binding)
          continue;
        read.reached_only_by.clear();
        for (const auto& e : g->site.entries) read.reached_only_by.push_back(e.arch);
        read.guard = g->site.name + " (" + g->file + ":" + std::to_string(g->site.line) + ")";
      }
    }
  }
}

}  // namespace archscan
