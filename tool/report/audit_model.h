#pragma once
// The audit as plain data: one model that every audit format renders, built
// from the same findings `check` prints, so the numbers agree by
// construction. Columns put the targets first; rows are sites, sorted by
// what a missing target does there (crash first), then by component.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analyze/analyze.h"
#include "arch/arch_table.h"
#include "link/program.h"
#include "model/finding.h"
#include "model/fix.h"

namespace archscan {

// What a site does on a target, worst first. The order is the default sort.
enum class Effect { Crash, Fallback, Unknown, Gated, Review, Other, NotReported, Covered };
const char* effectName(Effect e);  // crash, fallback, unknown, gated, review, other, not-reported, covered
const char* effectLabel(Effect e);  // "would crash", "falls back silently", ...

// One cell of the matrix. Target columns carry the effect check reports;
// other columns only say whether the site handles the arch.
enum class CellState {
  Covered,
  CoveredByRange,
  Missing,  // any column
  Crash,
  Fallback,
  Unknown,
  Gated,
  Review,
  NotReported,
  Denied,
  Passes  // target columns
};
const char* cellStateName(CellState c);  // covered, covered-by-range, missing, crash, ...
const char* cellStateLabel(CellState c);  // words for people
const char* cellStateSymbol(CellState c);  // one ASCII character, for terminals

// What closing a site's findings takes: `fix` plans an edit for every one
// (Fix), some finding has no planned edit (Person: fix refused it, a range,
// an else branch, a finding about no arch), or the only findings are
// deliberate hardware gates (Gated). None: no finding.
enum class Work { None, Fix, Person, Gated };
const char* workName(Work w);  // none, fix, person, gated

struct AuditCell {
  CellState state = CellState::Missing;
  std::string detail;  // why not reported; for the "older" column, the archs handled
};

struct AuditColumn {
  enum Kind { Target, Near, Older } kind = Near;
  std::string name;  // sm_120, or "older"
  Arch arch;  // not for Older
  std::vector<Arch> folded;  // Older: the archs it stands for
};

struct AuditLink {
  std::string file;
  int line = 0;
  std::string href;  // --link-base URL/file#Lline, or relative to the output's folder
  std::string text() const { return file + ":" + std::to_string(line); }
};

struct AuditFindingRef {
  std::string rule, severity, arch, message;
};

struct AuditRow {
  size_t site = 0;
  std::string id;
  std::string name;  // as the site is called
  std::string display_name;  // with its file (and line) when another row shares the name
  std::string kind, spelling;
  AuditLink where;
  int end_line = 0;
  std::string component;
  bool support = false;  // tests, benchmarks, examples, docs
  int family = -1;  // index into AuditModel::families
  Effect effect = Effect::Covered;  // worst over the targets
  bool in_view = false;  // shown without --show all
  std::vector<AuditCell> cells;  // one per column
  std::string decided_by;  // "T[cap] (KeyError)" or "the site itself"
  AuditLink decided_at;  // line 0: the site itself decides
  std::string on_missing_reason;
  std::string gate;  // why a gated site keeps the target out
  std::string fix;  // proposed edit, when one is known
  Work work = Work::None;
  std::vector<AuditFindingRef> findings;  // every finding check reports on the site
};

struct AuditFamily {
  std::string name;  // the subject the siblings are read through
  std::string tag;  // the name, with a file when two families share it
  std::vector<size_t> rows;
};

struct EffectCounts {
  std::map<Effect, int> n;  // rows by effect
  int at(Effect e) const {
    auto it = n.find(e);
    return it == n.end() ? 0 : it->second;
  }
};

struct AuditTargetSummary {
  std::string target;
  EffectCounts product, support;  // rows by their cell for this target
  int errors = 0, warnings = 0, notes = 0;  // check's findings for this arch
};

struct AuditComponent {
  std::string name;
  bool support = false;
  int sites = 0;
  EffectCounts counts;  // rows by their worst effect
};

struct AuditTotals {
  int sites = 0;  // as check's JSON `sites`
  int findings = 0, errors = 0, warnings = 0, notes = 0;  // as check's findings
  int in_view = 0;
};

// Rows by what closing their findings takes. The three add up to the rows
// with findings (the default view). Only known when fixes were planned.
struct AuditEffort {
  bool planned = false;
  int fix = 0, person = 0, gated = 0;
};

// One compiled module (a setup.py extension) against the targets: what its
// build holds for each, and how many run-time checks in its sources let the
// target in. "none" with checks that admit is what not-built reports.
struct AuditModuleCell {
  std::string built;  // "sass", "ptx" (JIT only), "none", or "" when the build is not known
  int admitted = 0;  // checks in its sources that let the target in
};
struct AuditModule {
  std::string name;
  AuditLink where;
  size_t sources = 0;  // of its sources, those in the scan
  std::vector<std::string> code_objects;  // sm_90a, compute_80
  std::string unknown;  // why what it builds is not known; "" when known
  std::vector<AuditModuleCell> cells;  // one per target
};

struct AuditModel {
  std::vector<std::string> targets;
  std::vector<AuditColumn> columns;  // targets, then near archs, then "older"
  std::vector<AuditRow> rows;  // sorted: product before support, by effect, component, file, line
  std::vector<AuditFamily> families;
  std::vector<AuditModule> modules;  // build units, in the order of their files
  std::vector<AuditTargetSummary> summary;
  std::vector<AuditComponent> components;  // product first, by how many rows break
  AuditTotals totals;
  AuditEffort effort;
  // How a number here relates to check's, wherever the definitions differ.
  std::vector<std::string> notes;
  std::string component_source;  // "archscan.yaml components", "CODEOWNERS (path)", "top-level package or folder"
  bool show_all = false;
  int top = 50;
  size_t files_parsed = 0, files_seen = 0;
};

struct AuditOptions {
  const ArchTable* archs = nullptr;
  bool columns_all = false;  // every arch its own column, no "older"
  bool show_all = false;
  int top = 50;  // markdown: rows listed without --show all
  std::string link_base;  // URL: links are link_base/file#Lline
  std::string link_from;  // folder relative links start from (the output file's); "" for the current one
  std::string root;  // the scanned root: components and CODEOWNERS are relative to it
  std::vector<std::pair<std::string, std::vector<std::string>>> components;  // archscan.yaml, in order
  const std::map<size_t, SuggestedFix>* fixes = nullptr;  // by finding index
};

// "55 would crash, 137 fall back silently, ..." for one count set; zeros left out.
std::string countsText(const EffectCounts& c, bool withCovered);
// "1 falls back silently", "2 fall back silently": a count of sites with their effect.
std::string effectCount(int n, Effect e);
// "3 sites archscan fix handles, 1 needs a person, 0 gated by design"; "" when fixes were not planned.
std::string effortText(const AuditEffort& e);
// "Nothing to do for sm_120: ..." when no site lacks a target and check
// reports nothing (or there is no arch site at all); "" otherwise.
std::string nothingToDo(const AuditModel& m);
// "sm_90a, sm_80", or "not known: " and why: what a module builds.
std::string moduleBuildText(const AuditModule& m);
// Modules whose build their file does not say: text, Markdown and the page
// list the others and count these.
size_t modulesNotKnown(const AuditModel& m);
// "none; 2 checks admit it", "SASS", "PTX (JIT)", "not known": one module
// cell, as text and markdown say it.
std::string moduleCellText(const AuditModuleCell& c);
// "3 findings (1 error, 2 warnings, 0 notes)"
std::string findingTotals(const AuditTotals& t);

// Which of the table's columns say something over the rows listed (every
// row with --show all, else the default view). A column with nothing in it
// is left out; so is one that says the same on every row of two or more,
// and what it would have said is said once (`same`). Target columns stay.
struct AuditLayout {
  std::vector<bool> column;  // per AuditModel::columns
  bool component = true, decided_by = true, family = true;
  std::vector<std::pair<std::string, std::string>> same;  // column, what every row says there
  size_t shown() const;  // arch columns shown
};
AuditLayout auditLayout(const AuditModel& m);

AuditModel buildAudit(const Program& p, const std::vector<Finding>& findings, const AnalyzeOptions& analyzed,
                      const AuditOptions& opts);

// The component of a path relative to the scanned root, by the first rule
// that names it: archscan.yaml globs, then CODEOWNERS, then the top-level
// package (first two parts of a Python module name) or folder.
struct ComponentRules {
  std::vector<std::pair<std::string, std::vector<std::string>>> globs;
  std::vector<std::pair<std::string, std::string>> owners;  // CODEOWNERS: pattern, owners (last match wins)
  std::string source;
};
ComponentRules loadComponentRules(const AuditOptions& opts);
std::string componentOf(const ComponentRules& rules, const std::string& relPath, const std::string& module);
// Whether a CODEOWNERS pattern matches a path relative to the repository root.
bool codeownersMatch(const std::string& pattern, const std::string& relPath);

}  // namespace archscan
