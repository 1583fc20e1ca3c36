#include "cli/profile.h"

#include <cstdio>

#include "util/escape.h"
#include "util/plural.h"

namespace archscan {

void printProfile(const ScanProfile& p, std::ostream& out) {
  char buf[256];
  auto line = [&](const char* fmt, auto... args) {
    std::snprintf(buf, sizeof buf, fmt, args...);
    out << "archscan: " << buf << "\n";
  };
  line("profile: %.2f s wall", p.wall_seconds);
  line("  discovery            %8.2f s CPU", p.discover_cpu);
  if (p.facts_io_cpu > 0) line("  reading --facts      %8.2f s CPU", p.facts_io_cpu);
  line("  extraction           %8.2f s CPU (%.2f s wall)", p.extract_cpu, p.extract_wall);
  for (const auto& l : p.languages) {
    if (l.files == 0) continue;
    line("    %-8s %6zu file%s %6zu unchanged, %6zu past the prefilter (%4.1f%%), %6zu cached: %8.2f s CPU",
         l.name.c_str(), l.files, l.files == 1 ? ", " : "s,", l.unchanged, l.parsed,
         100.0 * double(l.parsed) / double(l.files), l.cached, l.cpu);
  }
  line("  link                 %8.2f s CPU: %s, %s", p.link_cpu, counted(p.sites, "site").c_str(),
       counted(p.families, "family", "families").c_str());
  line("  analyze              %8.2f s CPU: %s", p.analyze_cpu, counted(p.findings, "finding").c_str());
  if (!p.cache_dir.empty())
    line("  cache %s: %s unchanged since the last scan (not read), %s, %s, %zu pruned", printable(p.cache_dir).c_str(),
         counted(p.unchanged, "file").c_str(), counted(p.cache_hits, "hit").c_str(),
         counted(p.cache_misses, "miss", "misses").c_str(), p.cache_pruned);
  else if (p.facts_io_cpu == 0) line("  cache off");
  if (!p.slowest.empty()) line("  costliest files (CPU s):");
  for (const auto& [s, path] : p.slowest) line("    %8.3f  %s", s, printable(path).c_str());
}

}  // namespace archscan
