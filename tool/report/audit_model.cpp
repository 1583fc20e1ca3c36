#include "report/audit_model.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "analyze/code_objects.h"
#include "analyze/coverage.h"
#include "analyze/effect.h"
#include "analyze/rules/rules.h"
#include "util/plural.h"

namespace archscan {

const char* effectName(Effect e) {
  switch (e) {
    case Effect::Crash:
      return "crash";
    case Effect::Fallback:
      return "fallback";
    case Effect::Unknown:
      return "unknown";
    case Effect::Gated:
      return "gated";
    case Effect::Review:
      return "review";
    case Effect::Other:
      return "other";
    case Effect::NotReported:
      return "not-reported";
    case Effect::Covered:
      return "covered";
  }
  return "?";
}

const char* effectLabel(Effect e) {
  switch (e) {
    case Effect::Crash:
      return "would crash";
    case Effect::Fallback:
      return "fall back silently";
    case Effect::Unknown:
      return "unknown effect";
    case Effect::Gated:
      return "gated on the target";
    case Effect::Review:
      return "deny-list to review";
    case Effect::Other:
      return "with other findings";
    case Effect::NotReported:
      return "missing but not reported";
    case Effect::Covered:
      return "covered";
  }
  return "";
}

const char* workName(Work w) {
  switch (w) {
    case Work::None:
      return "none";
    case Work::Fix:
      return "fix";
    case Work::Person:
      return "person";
    case Work::Gated:
      return "gated";
  }
  return "?";
}

const char* cellStateName(CellState c) {
  switch (c) {
    case CellState::Covered:
      return "covered";
    case CellState::CoveredByRange:
      return "covered-by-range";
    case CellState::Missing:
      return "missing";
    case CellState::Crash:
      return "crash";
    case CellState::Fallback:
      return "fallback";
    case CellState::Unknown:
      return "unknown";
    case CellState::Gated:
      return "gated";
    case CellState::Review:
      return "review";
    case CellState::NotReported:
      return "not-reported";
    case CellState::Denied:
      return "denied";
    case CellState::Passes:
      return "passes";
  }
  return "?";
}

const char* cellStateLabel(CellState c) {
  switch (c) {
    case CellState::Covered:
      return "covered";
    case CellState::CoveredByRange:
      return "covered by a range";
    case CellState::Missing:
      return "not handled";
    case CellState::Crash:
      return "missing: crashes";
    case CellState::Fallback:
      return "missing: falls back silently";
    case CellState::Unknown:
      return "missing: unknown effect";
    case CellState::Gated:
      return "gated on the target";
    case CellState::Review:
      return "deny-list to review";
    case CellState::NotReported:
      return "missing, not reported";
    case CellState::Denied:
      return "denied";
    case CellState::Passes:
      return "not denied";
  }
  return "";
}

const char* cellStateSymbol(CellState c) {
  switch (c) {
    case CellState::Covered:
      return "+";
    case CellState::CoveredByRange:
      return ">";
    case CellState::Missing:
      return ".";
    case CellState::Crash:
      return "X";
    case CellState::Fallback:
      return "~";
    case CellState::Unknown:
      return "?";
    case CellState::Gated:
      return "G";
    case CellState::Review:
      return "R";
    case CellState::NotReported:
      return "-";
    case CellState::Denied:
      return "d";
    case CellState::Passes:
      return ".";
  }
  return " ";
}

std::string countsText(const EffectCounts& c, bool withCovered) {
  std::string out;
  for (Effect e : {Effect::Crash, Effect::Fallback, Effect::Unknown, Effect::Gated, Effect::Review, Effect::NotReported,
                   Effect::Covered}) {
    int n = c.at(e);
    if ((!n && e != Effect::Crash) || (e == Effect::Covered && !withCovered)) continue;
    out += (out.empty() ? "" : ", ") + effectCount(n, e);
  }
  return out;
}

std::string effectCount(int n, Effect e) {
  return std::to_string(n) + " " + (n == 1 && e == Effect::Fallback ? "falls back silently" : effectLabel(e));
}

std::string effortText(const AuditEffort& e) {
  if (!e.planned) return "";
  return std::to_string(e.fix) + (e.fix == 1 ? " site" : " sites") + " archscan fix handles, " +
         std::to_string(e.person) + (e.person == 1 ? " needs" : " need") + " a person, " + std::to_string(e.gated) +
         " gated by design";
}

std::string nothingToDo(const AuditModel& m) {
  if (m.totals.findings) return "";
  for (const auto& s : m.summary)
    if (s.product.at(Effect::NotReported) || s.support.at(Effect::NotReported)) return "";
  std::string targets;
  for (size_t i = 0; i < m.targets.size(); ++i)
    targets += (i == 0 ? "" : i + 1 == m.targets.size() ? " and " : ", ") + m.targets[i];
  std::string head = "Nothing to do for " + targets + ": ";
  if (!m.totals.sites) return head + "no arch site in " + counted(m.files_parsed, "file") + ".";
  return head +
         (m.totals.sites == 1 ? "the one arch site handles "
                              : "all " + counted(static_cast<size_t>(m.totals.sites), "arch site") + " handle ") +
         (m.targets.size() == 1 ? "it" : "them") + " and check reports nothing.";
}

std::string findingTotals(const AuditTotals& t) {
  auto n = [](int v) { return static_cast<size_t>(v); };
  return counted(n(t.findings), "finding") + " (" + counted(n(t.errors), "error") + ", " +
         counted(n(t.warnings), "warning") + ", " + counted(n(t.notes), "note") + ")";
}

size_t AuditLayout::shown() const { return static_cast<size_t>(std::count(column.begin(), column.end(), true)); }

AuditLayout auditLayout(const AuditModel& m) {
  AuditLayout l;
  l.column.assign(m.columns.size(), true);
  std::vector<const AuditRow*> listed;
  for (const auto& r : m.rows)
    if (m.show_all || r.in_view) listed.push_back(&r);
  if (listed.empty()) return l;
  // Whether every listed row gives `what` the same text; an empty text is no value.
  bool many = listed.size() > 1;
  auto constant = [&](auto what) {
    for (const AuditRow* r : listed)
      if (what(*r) != what(*listed.front())) return false;
    return true;
  };
  for (size_t c = 0; c < m.columns.size(); ++c) {
    const AuditColumn& col = m.columns[c];
    auto cell = [&](const AuditRow& r) {
      return std::string(cellStateLabel(r.cells[c].state)) +
             (r.cells[c].detail.empty() ? "" : ": " + r.cells[c].detail);
    };
    if (col.kind == AuditColumn::Target || !many || !constant(cell)) continue;
    l.column[c] = false;
    const AuditCell& first = listed.front()->cells[c];
    l.same.emplace_back(col.name, col.kind == AuditColumn::Older
                                      ? (first.detail.empty() ? "handles no older arch" : "handles " + first.detail)
                                      : cell(*listed.front()));
  }
  auto component = [](const AuditRow& r) { return r.component; };
  if (many && constant(component)) {
    l.component = false;
    l.same.emplace_back("component", listed.front()->component);
  }
  auto decided = [](const AuditRow& r) {
    return r.decided_by + (r.decided_at.line ? " at " + r.decided_at.text() : "");
  };
  if (many && constant(decided)) {
    l.decided_by = false;
    l.same.emplace_back("decided by", decided(*listed.front()));
  }
  auto family = [&](const AuditRow& r) {
    return r.family >= 0 ? m.families[static_cast<size_t>(r.family)].tag : std::string();
  };
  if (constant(family) && (many || family(*listed.front()).empty())) {
    l.family = false;
    std::string tag = family(*listed.front());
    l.same.emplace_back("family", tag.empty() ? "none" : tag);
  }
  return l;
}

namespace {

// What a finding's rule says of the target's cell (None: the finding is no cell).
AuditRole cellOf(const std::string& rule) {
  const RuleInfo* r = findRule(rule);
  return r ? r->audit : AuditRole::None;
}

// The rules whose finding for a target arch is that target's cell.
bool targetRule(const std::string& rule) { return cellOf(rule) != AuditRole::None; }

Effect effectOf(CellState c) {
  switch (c) {
    case CellState::Crash:
      return Effect::Crash;
    case CellState::Fallback:
      return Effect::Fallback;
    case CellState::Unknown:
      return Effect::Unknown;
    case CellState::Gated:
      return Effect::Gated;
    case CellState::Review:
      return Effect::Review;
    case CellState::NotReported:
      return Effect::NotReported;
    case CellState::Covered:
    case CellState::CoveredByRange:
    case CellState::Missing:
    case CellState::Denied:
    case CellState::Passes:
      break;
  }
  return Effect::Covered;
}

// What a finding for a target says happens there. Tests and examples are
// capped at warning by check; their crashes are still crashes here.
CellState stateOf(const Finding& f, const LinkedSite& ls, const Arch& t) {
  switch (cellOf(f.rule)) {
    case AuditRole::Gated:
      return CellState::Gated;
    case AuditRole::Review:
      return CellState::Review;
    case AuditRole::None:
    case AuditRole::FromSeverity:
      break;
  }
  switch (f.severity) {
    case Severity::Error:
      return CellState::Crash;
    case Severity::Note:
      return CellState::Unknown;
    case Severity::Warning:
      break;
  }
  bool caught = false;  // an open range of another family takes the target: a wrong path, not a crash
  for (const auto& r : ls.site.ranges) caught |= (r.low || r.high) && r.contains(t);
  if (ls.support && ls.on_missing == OnMissing::Crash && !ls.site.compiled_out && !caught) return CellState::Crash;
  return CellState::Fallback;
}

// Why check says nothing about a site that lacks a target.
std::string whyNotReported(const LinkedSite& ls, const Arch& t, const AnalyzeOptions& o) {
  const Site& s = ls.site;
  if (unreachable(s, t)) return "an earlier check (" + s.dominated_by + ") stops " + t.name() + " and is reported";
  if (std::string g = guardBeforeEveryRead(ls, t); !g.empty())
    return "every read sits behind " + g + ", which stops " + t.name() + " first";
  if (s.skips) return "a test that skips " + t.name() + ": the right outcome";
  if (namedForItsArchs(s)) return "a per-arch variant, named for the archs it lists";
  if (archSpecific(s, ls.on_missing) && !o.all) return "a single-arch site whose other path does not crash (--all)";
  for (const auto& sup : s.suppressions)
    if (!sup.rules.empty()) return "suppressed by `" + sup.text + "`";
  if (s.macroExpansion()) return "another expansion of macro " + s.macro + " carries the finding";
  if (s.max_cuda) return "only built with CUDA toolkits older than " + t.name() + " needs";
  if (s.kind == SiteKind::Range) return "a range; bounded-range reports only crashing or wrong-family ranges";
  for (const Arch& named : s.scope_archs)
    if (covers(named, t)) return "name-mismatch reports it";
  if (ls.on_missing == OnMissing::Fallback) return "a fallback nothing says is wrong (check --all shows it)";
  if (ls.on_missing == OnMissing::Unknown) return "unknown effect, low confidence (check --all shows it)";
  return "not reported by check";
}

std::string percent(const std::string& path) {
  std::string out;
  static const char* hex = "0123456789ABCDEF";
  for (unsigned char c : path) {
    // Also what ends or breaks a link in Markdown and HTML, or a table row: <>()[]'`\| and DEL.
    if (c == ' ' || c == '#' || c == '?' || c == '%' || c == '"' || c < 0x20 || c == 0x7f || c == '<' || c == '>' ||
        c == '(' || c == ')' || c == '[' || c == ']' || c == '\'' || c == '`' || c == '\\' || c == '|') {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

struct Linker {
  std::string base;
  std::filesystem::path from;  // absolute
  AuditLink operator()(const std::string& file, int line) const {
    namespace fs = std::filesystem;
    AuditLink l{file, line, ""};
    std::string anchor = line > 0 ? "#L" + std::to_string(line) : "";
    if (!base.empty()) {
      std::string b = base;
      while (!b.empty() && b.back() == '/') b.pop_back();
      l.href = b + "/" + percent(fs::path(file).generic_string()) + anchor;
      return l;
    }
    std::error_code ec;
    fs::path abs = fs::absolute(file, ec).lexically_normal();
    fs::path rel = abs.lexically_relative(from);
    l.href = percent((rel.empty() ? abs : rel).generic_string()) + anchor;
    return l;
  }
};

// The display names: a name two rows share gets the shortest path suffix
// that tells them apart, then the line if one file has both.
void disambiguate(std::vector<AuditRow>& rows) {
  std::map<std::string, std::vector<size_t>> byName;
  for (size_t i = 0; i < rows.size(); ++i) byName[rows[i].name].push_back(i);
  for (auto& [name, idx] : byName) {
    if (idx.size() == 1) {
      rows[idx[0]].display_name = name;
      continue;
    }
    for (size_t i : idx) {
      const std::string& file = rows[i].where.file;
      std::string suffix = file;
      // Grow the suffix one folder at a time until no other same-named row's file ends with it.
      for (size_t pos = file.rfind('/');; pos = file.rfind('/', pos - 1)) {
        std::string cand = pos == std::string::npos ? file : file.substr(pos + 1);
        bool unique = true;
        for (size_t j : idx) {
          if (j == i) continue;
          const std::string& other = rows[j].where.file;
          if (other == cand ||
              (other.size() > cand.size() && other.compare(other.size() - cand.size(), cand.size(), cand) == 0 &&
               other[other.size() - cand.size() - 1] == '/'))
            unique = false;
        }
        if (unique || pos == std::string::npos || pos == 0) {
          suffix = cand;
          break;
        }
      }
      bool sameFile = false;
      for (size_t j : idx) sameFile |= j != i && rows[j].where.file == file;
      rows[i].display_name = name + " (" + suffix + (sameFile ? ":" + std::to_string(rows[i].where.line) : "") + ")";
    }
  }
}

std::string fixText(const SuggestedFix& fix) {
  std::string out = fix.description;
  for (const auto& e : fix.edits) {
    std::string text = e.text;
    size_t b = text.find_first_not_of(" \t\r\n");
    text = b == std::string::npos ? "" : text.substr(b, text.find_last_not_of(" \t\r\n") - b + 1);
    out += "; line " + std::to_string(e.line) + ": +" + oneLine(text, 80);
  }
  return out;
}

// Archs the code itself distinguishes near the targets: the targets' family
// and the family just before it (sm_90, sm_100, sm_103 for sm_120).
int nearFloor(const std::vector<Arch>& targets, const ArchTable* archs) {
  int floor = 1 << 20;
  for (const Arch& t : targets) {
    int f = t.smInt();
    std::string fam = archs ? archs->familyOf(t.major, t.minor) : "";
    if (archs && t.major_only && !archs->minorsOf(t.major).empty())
      fam = archs->familyOf(t.major, archs->minorsOf(t.major).front().minor);
    if (!fam.empty()) {
      // The first arch of the family before the target's, else of the target's own.
      std::string prevFamily;
      for (const auto& k : archs->known) {
        if (k.family == fam) break;
        prevFamily = k.family;
      }
      for (const auto& k : archs->known)
        if (k.family == (prevFamily.empty() ? fam : prevFamily)) {
          f = k.major * 10 + k.minor;
          break;
        }
    }
    floor = std::min(floor, f);
  }
  return floor;
}

Arch columnArch(Arch a) {
  a = a.base();
  if (a.major_only) a = Arch{a.major, 0, false, Variant::None};
  return a;
}

void count(EffectCounts& c, Effect e) { c.n[e]++; }

// Each module's build against the targets, and the checks that admit them.
std::vector<AuditModule> auditModules(const Program& p, const AnalyzeOptions& analyzed, const Linker& link) {
  std::vector<AuditModule> out;
  for (const LinkedUnit& u : p.units) {
    AuditModule mod;
    mod.name = u.unit.name;
    mod.where = link(u.file, u.unit.line);
    mod.sources = u.source_files.size();
    UnitBuild build = unitBuild(u);
    if (!build.known) mod.unknown = build.why;
    for (const auto& o : build.objects) mod.code_objects.push_back(o.name());
    for (const Arch& t : analyzed.targets) {
      AuditModuleCell cell;
      if (build.known) {
        bool sass = false, ptx = false;
        for (const auto& o : build.objects)
          if (runsOn(o, t)) (o.ptx ? ptx : sass) = true;
        cell.built = sass ? "sass" : ptx ? "ptx" : "none";
      }
      for (size_t i : u.sites)
        if (visible(p.sites[i], analyzed) && letsInAtRunTime(p.sites[i].site, t)) ++cell.admitted;
      mod.cells.push_back(cell);
    }
    out.push_back(std::move(mod));
  }
  return out;
}

}  // namespace

std::string moduleBuildText(const AuditModule& m) {
  if (!m.unknown.empty()) return "not known: " + m.unknown;
  std::string out;
  for (const auto& o : m.code_objects) out += (out.empty() ? "" : ", ") + o;
  return out;
}

size_t modulesNotKnown(const AuditModel& m) {
  return static_cast<size_t>(
      std::count_if(m.modules.begin(), m.modules.end(), [](const AuditModule& mod) { return !mod.unknown.empty(); }));
}

std::string moduleCellText(const AuditModuleCell& c) {
  std::string out = c.built.empty()     ? "not known"
                    : c.built == "sass" ? "SASS"
                    : c.built == "ptx"  ? "PTX (JIT)"
                                        : "none";
  if (c.admitted > 0)
    out += "; " + counted(static_cast<size_t>(c.admitted), "check") + " admit" + (c.admitted == 1 ? "s" : "") + " it";
  return out;
}

AuditModel buildAudit(const Program& p, const std::vector<Finding>& findings, const AnalyzeOptions& analyzed,
                      const AuditOptions& opts) {
  namespace fs = std::filesystem;
  AuditModel m;
  m.show_all = opts.show_all;
  m.top = opts.top;
  m.files_parsed = p.files_parsed;
  m.files_seen = p.files_seen;
  for (const auto& t : analyzed.targets) m.targets.push_back(t.name());

  // Columns: targets, then what the code distinguishes near them, then the rest folded.
  std::set<Arch> seen;
  std::vector<size_t> sites;
  for (size_t i = 0; i < p.sites.size(); ++i) {
    if (!visible(p.sites[i], analyzed)) continue;
    sites.push_back(i);
    for (const auto& a : entryArchs(p.sites[i].site)) seen.insert(columnArch(a));
  }
  std::vector<Arch> targetCols;
  for (const auto& t : analyzed.targets) {
    m.columns.push_back({AuditColumn::Target, t.name(), t, {}});
    targetCols.push_back(t);
  }
  auto isTarget = [&](const Arch& a) {
    for (const auto& t : targetCols)
      if (covers(t, a) || covers(a, t)) return true;
    return false;
  };
  int floor = nearFloor(targetCols, opts.archs);
  AuditColumn older{AuditColumn::Older, "older", {}, {}};
  for (const Arch& a : seen) {
    if (isTarget(a)) continue;
    if (opts.columns_all || a.smInt() >= floor) m.columns.push_back({AuditColumn::Near, a.name(), a, {}});
    else older.folded.push_back(a);
  }
  if (!older.folded.empty()) m.columns.push_back(older);

  // Findings by site; the target ones decide cells.
  std::map<size_t, std::vector<size_t>> bySite;
  for (size_t f = 0; f < findings.size(); ++f) bySite[findings[f].site].push_back(f);
  for (const auto& f : findings) {
    m.totals.findings++;
    if (f.severity == Severity::Error) m.totals.errors++;
    if (f.severity == Severity::Warning) m.totals.warnings++;
    if (f.severity == Severity::Note) m.totals.notes++;
  }

  ComponentRules rules = loadComponentRules(opts);
  m.component_source = rules.source;
  Linker link{opts.link_base,
              fs::absolute(opts.link_from.empty() ? fs::path(".") : fs::path(opts.link_from)).lexically_normal()};
  fs::path root = fs::absolute(opts.root.empty() ? fs::path(".") : fs::path(opts.root)).lexically_normal();

  std::map<int, size_t> familyIndex;
  for (size_t i : sites) {
    const LinkedSite& ls = p.sites[i];
    AuditRow r;
    r.site = i;
    r.id = ls.id;
    r.name = ls.site.name;
    r.kind = kindName(ls.site.kind);
    r.spelling = spellingName(ls.site.spelling.kind);
    r.where = link(ls.file, ls.site.line);
    r.end_line = ls.site.end_line;
    r.support = ls.support;
    std::error_code ec;
    std::string rel = fs::absolute(ls.file, ec).lexically_normal().lexically_relative(root).generic_string();
    if (rel.empty() || rel.rfind("..", 0) == 0) rel = ls.file;
    r.component = componentOf(rules, rel, ls.module);
    r.on_missing_reason = ls.on_missing_reason;
    const LinkedLookup* decider = nullptr;
    for (const auto& l : ls.lookups)
      if (l.on_missing == ls.on_missing && !decider) decider = &l;
    if (!decider && !ls.lookups.empty()) decider = &ls.lookups.front();
    if (decider) {
      r.decided_by = decider->how;
      r.decided_at = link(decider->file, decider->line);
    } else {
      r.decided_by = "the site itself";
    }
    if (ls.family >= 0) {
      auto [it, fresh] = familyIndex.emplace(ls.family, m.families.size());
      if (fresh) m.families.push_back({p.families[static_cast<size_t>(ls.family)].name, "", {}});
      r.family = static_cast<int>(it->second);
    }

    std::set<size_t> used;
    const std::vector<size_t>& mine = bySite[i];
    for (const AuditColumn& col : m.columns) {
      AuditCell cell;
      if (col.kind == AuditColumn::Older) {
        for (const Arch& a : col.folded)
          if (coverage(ls.site, a) != Coverage::Missing) cell.detail += (cell.detail.empty() ? "" : " ") + a.name();
        cell.state = cell.detail.empty() ? CellState::Missing : CellState::Covered;
      } else if (col.kind == AuditColumn::Near) {
        Coverage c = coverage(ls.site, col.arch);
        cell.state = c == Coverage::Covered          ? CellState::Covered
                     : c == Coverage::CoveredByRange ? CellState::CoveredByRange
                                                     : CellState::Missing;
        if (ls.site.polarity == Polarity::Deny)
          cell.state = c == Coverage::Missing ? CellState::Passes : CellState::Denied;
      } else {
        const Finding* worst = nullptr;
        CellState ws = CellState::Covered;
        for (size_t f : mine) {
          const Finding& fd = findings[f];
          if (fd.arch != col.name || !targetRule(fd.rule)) continue;
          used.insert(f);
          CellState s = stateOf(fd, ls, col.arch);
          if (!worst || effectOf(s) < effectOf(ws)) worst = &fd, ws = s;
          if (opts.fixes && r.fix.empty())
            if (auto fx = opts.fixes->find(f); fx != opts.fixes->end()) r.fix = fixText(fx->second);
        }
        Coverage c = coverage(ls.site, col.arch);
        if (worst) {
          cell.state = ws;
          if (ws == CellState::Gated) r.gate = gateReason(ls).value_or(oneLine(ls.site.crash_message));
        } else if (ls.site.polarity == Polarity::Deny) {
          cell.state = c == Coverage::Missing ? CellState::Passes : CellState::Denied;
        } else if (c == Coverage::Covered) {
          cell.state = CellState::Covered;
        } else if (c == Coverage::CoveredByRange) {
          cell.state = CellState::CoveredByRange;
        } else {
          cell.state = CellState::NotReported;
          cell.detail = whyNotReported(ls, col.arch, analyzed);
        }
        r.effect = std::min(r.effect, effectOf(cell.state));
      }
      r.cells.push_back(cell);
    }
    bool gatesOnly = !mine.empty(), unplanned = false;
    for (size_t f : mine) {
      const Finding& fd = findings[f];
      r.findings.push_back({fd.rule, severityName(fd.severity), fd.arch, fd.message});
      if (!used.count(f)) r.effect = std::min(r.effect, Effect::Other);
      if (cellOf(fd.rule) == AuditRole::Gated) continue;
      gatesOnly = false;
      unplanned |= !opts.fixes || !opts.fixes->count(f);
    }
    r.work = mine.empty() ? Work::None : gatesOnly ? Work::Gated : unplanned ? Work::Person : Work::Fix;
    r.in_view = r.effect <= Effect::Other;
    m.rows.push_back(std::move(r));
  }

  std::stable_sort(m.rows.begin(), m.rows.end(), [](const AuditRow& a, const AuditRow& b) {
    if (a.support != b.support) return !a.support;
    if (a.effect != b.effect) return a.effect < b.effect;
    if (a.component != b.component) return a.component < b.component;
    if (a.where.file != b.where.file) return a.where.file < b.where.file;
    return a.where.line < b.where.line;
  });
  disambiguate(m.rows);

  // Families: rows in order, and a tag that tells apart families of one name.
  for (size_t r = 0; r < m.rows.size(); ++r)
    if (m.rows[r].family >= 0) m.families[static_cast<size_t>(m.rows[r].family)].rows.push_back(r);
  std::map<std::string, int> nameCount;
  for (const auto& f : m.families) nameCount[f.name]++;
  for (auto& f : m.families) {
    f.tag = f.name;
    if (nameCount[f.name] > 1 && !f.rows.empty()) {
      std::string file = m.rows[f.rows.front()].where.file;
      f.tag += " (" + file.substr(file.rfind('/') == std::string::npos ? 0 : file.rfind('/') + 1) + ")";
    }
  }

  // Summaries.
  m.totals.sites = static_cast<int>(m.rows.size());
  std::map<std::pair<bool, std::string>, AuditComponent> comps;
  m.effort.planned = opts.fixes != nullptr;
  for (const auto& r : m.rows) {
    m.totals.in_view += r.in_view ? 1 : 0;
    m.effort.fix += r.work == Work::Fix ? 1 : 0;
    m.effort.person += r.work == Work::Person ? 1 : 0;
    m.effort.gated += r.work == Work::Gated ? 1 : 0;
    AuditComponent& c = comps[{r.support, r.component}];
    c.name = r.component;
    c.support = r.support;
    c.sites++;
    count(c.counts, r.effect);
  }
  for (auto& [key, c] : comps) m.components.push_back(c);
  std::stable_sort(m.components.begin(), m.components.end(), [](const AuditComponent& a, const AuditComponent& b) {
    if (a.support != b.support) return !a.support;
    for (Effect e : {Effect::Crash, Effect::Fallback, Effect::Unknown})
      if (a.counts.at(e) != b.counts.at(e)) return a.counts.at(e) > b.counts.at(e);
    return a.name < b.name;
  });
  int notReported = 0, supportCrash = 0, other = 0;
  for (size_t c = 0; c < m.columns.size(); ++c) {
    if (m.columns[c].kind != AuditColumn::Target) continue;
    AuditTargetSummary s;
    s.target = m.columns[c].name;
    for (const auto& r : m.rows) count(r.support ? s.support : s.product, effectOf(r.cells[c].state));
    for (const auto& f : findings) {
      if (f.arch != s.target) continue;
      if (f.severity == Severity::Error) s.errors++;
      if (f.severity == Severity::Warning) s.warnings++;
      if (f.severity == Severity::Note) s.notes++;
    }
    notReported += s.product.at(Effect::NotReported) + s.support.at(Effect::NotReported);
    supportCrash += s.support.at(Effect::Crash);
    m.summary.push_back(s);
  }
  for (const auto& r : m.rows)
    for (const auto& f : r.findings)
      if (!targetRule(f.rule) || std::find(m.targets.begin(), m.targets.end(), f.arch) == m.targets.end()) ++other;

  m.notes.push_back(counted(static_cast<size_t>(m.totals.sites), "arch site") + " and " + findingTotals(m.totals) +
                    ": the same as `check` with these options" +
                    (analyzed.all ? "" : " (medium and high confidence; --all adds the rest)") + ".");
  m.notes.push_back(
      "Counts per target are sites; a site is counted by what check reports for that target: "
      "an error is a crash, a warning a silent fallback (or a wrong path), a note an unknown effect.");
  if (supportCrash)
    m.notes.push_back(counted(static_cast<size_t>(supportCrash), "crash cell") + (supportCrash == 1 ? " is" : " are") +
                      " in tests, benchmarks, examples or docs, "
                      "which check reports as warnings; they are counted apart.");
  int gated = 0;
  for (const auto& s : m.summary) gated += s.product.at(Effect::Gated) + s.support.at(Effect::Gated);
  if (gated)
    m.notes.push_back(
        "Gated sites are deliberate hardware gates (check: rule gated, a note); the feature is off on the "
        "target by design.");
  if (notReported)
    m.notes.push_back(counted(static_cast<size_t>(notReported), "cell") + (notReported == 1 ? " lacks" : " lack") +
                      " a target but check reports nothing there (an earlier "
                      "check stops the target, a skipped test, a per-arch variant, a fallback nothing says is wrong); "
                      "each says why with --show all.");
  if (other)
    m.notes.push_back(counted(static_cast<size_t>(other), "finding") + (other == 1 ? " concerns" : " concern") +
                      " other archs or no arch (sibling-gap, unlinked-site, "
                      "name-mismatch for another arch): shown on their rows as other findings.");
  m.modules = auditModules(p, analyzed, link);
  return m;
}

}  // namespace archscan
