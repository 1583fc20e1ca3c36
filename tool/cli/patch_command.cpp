// `archscan patch PATCHSET.yaml... [PATH...]` and `archscan fix --add X --like Y`.
#include "cli/commands.h"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "analyze/rules/rules.h"
#include "arch/parse.h"
#include "cli/errors.h"
#include "cli/output_file.h"
#include "cli/profile.h"
#include "cli/verbose.h"
#include "config/formats.h"
#include "patch/apply.h"
#include "patch/diff.h"
#include "patch/journal.h"
#include "patch/patchset.h"
#include "patch/plan.h"
#include "patch/risk.h"
#include "patch/verify_build.h"
#include "util/escape.h"
#include "util/json_writer.h"
#include "version.h"

namespace archscan {
namespace {

int lineOfOffset(const std::string& s, size_t off) {
  int n = 1;
  for (size_t i = 0; i < off && i < s.size(); ++i) n += s[i] == '\n';
  return n;
}

// Each edit's risk at its line in the new file, shown after its hunk's header.
std::vector<DiffNote> notesFor(const FilePlan& f, const Plan& plan) {
  std::vector<DiffNote> notes;
  long shift = 0;
  for (const auto& e : plan.edits) {
    if (e.file != f.path) continue;
    if (!punctuationOnly(e)) {
      size_t newOffset = static_cast<size_t>(static_cast<long>(e.begin) + shift);
      size_t lead = e.text.find_first_not_of("\r\n");
      int line = lineOfOffset(f.new_content, newOffset + (lead == std::string::npos ? 0 : lead));
      notes.push_back({line, std::string(riskName(e.risk)) + ": " + e.risk_why});
    }
    shift += static_cast<long>(e.text.size()) - static_cast<long>(e.end - e.begin);
  }
  return notes;
}

void printJson(const Plan& plan, const Program& p, bool written, std::ostream& out) {
  JsonWriter w(out);
  w.beginObject().field("tool", "archscan").field("version", kArchscanVersion).field("schema", 1);
  w.field("written", written);
  w.key("edits").beginArray();
  for (const auto& e : plan.edits) {
    const LinkedSite& s = p.sites[e.site];
    w.beginObject().field("file", e.file).field("line", e.line).field("site", s.site.name);
    w.field("kind", kindName(s.site.kind)).field("patchset", e.patchset).field("add", e.add).field("like", e.like);
    w.field("offset", static_cast<size_t>(e.begin))
        .field("replaces", static_cast<size_t>(e.end - e.begin))
        .field("text", e.text);
    w.key("value_source");
    if (e.value_source.empty()) w.null();
    else w.value(e.value_source);
    w.field("risk", riskName(e.risk)).field("risk_reason", e.risk_why);
    w.endObject();
  }
  w.endArray();
  auto list = [&](const char* key, const std::vector<Skipped>& items, const char* risk) {
    w.key(key).beginArray();
    for (const auto& s : items) {
      const LinkedSite& ls = p.sites[s.site];
      w.beginObject().field("file", ls.file).field("line", ls.site.line).field("site", ls.site.name);
      w.field("arch", s.arch).field("reason", s.reason);
      if (risk) w.field("risk", risk);
      w.endObject();
    }
    w.endArray();
  };
  list("not_patched", plan.skipped, "refused");
  list("already", plan.already, nullptr);
  w.endObject();
  w.finish();
}

// "sm_75" or "sm_75 or sm_90": what the rules copy, for a run that finds nothing to copy.
std::string likesOf(const std::vector<PatchSet>& sets) {
  std::vector<std::string> likes;
  for (const auto& set : sets)
    for (const auto& r : set.rules)
      if (std::find(likes.begin(), likes.end(), r.like.name()) == likes.end()) likes.push_back(r.like.name());
  std::string out;
  for (size_t i = 0; i < likes.size(); ++i) out += (i == 0 ? "" : i + 1 == likes.size() ? " or " : ", ") + likes[i];
  return out;
}

void printSummary(const Plan& plan, const Program& p, const std::string& likes, bool write, bool quiet,
                  std::ostream& err) {
  if (quiet) return;
  for (const auto& s : plan.skipped) {
    const LinkedSite& ls = p.sites[s.site];
    err << printable(ls.file) << ":" << ls.site.line << ": not patched: " << ls.site.name << " (" << s.arch
        << "): " << printable(s.reason) << "\n";
  }
  for (const auto& s : plan.already) {
    const LinkedSite& ls = p.sites[s.site];
    if (s.reason.rfind("its key", 0) == 0)
      err << printable(ls.file) << ":" << ls.site.line << ": note: " << ls.site.name << ": " << printable(s.reason)
          << "\n";
  }
  size_t copied = 0, widened = 0;
  for (const auto& e : plan.edits) {
    copied += e.value_source.rfind("copied", 0) == 0 ? 1 : 0;
    widened += e.value_source.rfind("widened", 0) == 0 ? 1 : 0;
  }
  if (plan.edits.empty() && plan.already.empty() && plan.skipped.empty()) {
    err << "archscan: nothing to do: no selected site has " << likes << ", the arch to copy\n";
    return;
  }
  if (plan.edits.empty()) {
    err << "archscan: nothing to do: " << plan.already.size() << " selected site"
        << (plan.already.size() == 1 ? " already has" : "s already have") << " the arch"
        << (plan.skipped.empty() ? "" : "; " + std::to_string(plan.skipped.size()) + " not patchable (listed above)")
        << "\n";
    return;
  }
  err << "archscan: " << (write ? "patched " : "would patch ") << plan.sitesPatched() << " site"
      << (plan.sitesPatched() == 1 ? "" : "s") << " in " << plan.files.size() << " file"
      << (plan.files.size() == 1 ? "" : "s");
  if (copied)
    err << "; " << copied << " value" << (copied == 1 ? " was" : "s were") << " copied from a neighbour: review "
        << (copied == 1 ? "it" : "them");
  if (widened)
    err << "; " << widened << " test" << (widened == 1 ? " was" : "s were")
        << " widened to share a neighbour's code: review " << (widened == 1 ? "it" : "them");
  if (!write) err << "; run again with --write to apply";
  err << "\n";
}

// With a rule that can fix a site turned off (--select, --ignore, `rules:`),
// the sites check reports under the rules still on, checking for the archs
// the patch adds: fix edits nothing check would not report. With every such
// rule on, nullopt: the planner decides alone, as it always has.
std::optional<std::set<size_t>> reportedSites(const Settings& st, const std::vector<PatchSet>& sets,
                                              const Program& program) {
  AnalyzeOptions a = st.scan.analyze;
  bool restricted = false;
  for (const auto& r : ruleCatalogue()) restricted |= r.fixable && a.off.count(r.id) > 0;
  if (!restricted) return std::nullopt;
  a.targets.clear();
  for (const auto& set : sets)
    for (const auto& r : set.rules)
      if (std::find(a.targets.begin(), a.targets.end(), r.add) == a.targets.end()) a.targets.push_back(r.add);
  std::set<size_t> out;
  for (const auto& f : analyze(program, a, st.k).findings)
    if (const RuleInfo* rule = findRule(f.rule); rule && rule->fixable) out.insert(f.site);
  return out;
}

int execute(const Settings& st, const std::vector<PatchSet>& sets) {
  const Options& o = st.o;
  if (st.o.verbose) printSettingsUsed(st, std::cerr);
  ScanResult scanned = scan(st.scan, st.k);
  requireInput(scanned);
  addNotes(st, scanned.program);
  if (st.o.verbose) printProfile(scanned.profile, std::cerr);
  const Program& program = scanned.program;
  // Files read but not parsed; a diff says nothing of them otherwise.
  if (!o.quiet)
    for (const auto& d : program.diagnostics)
      if (d.level == "error") std::cerr << "archscan: " << diagnosticLine(d) << "\n";
  for (const auto& d : scanned.notices) std::cerr << "archscan: " << diagnosticLine(d) << "\n";
  PlanOptions po;
  po.roots = st.paths.empty() ? std::vector<std::string>{"."} : st.paths;
  po.analyze.all = o.all;
  po.knowledge = &st.k;
  po.sites = reportedSites(st, sets, program);
  Plan plan = planPatches(sets, program, po, *scanned.frontends);
  if (o.verify_build)
    for (const auto& line : verifyBuild(plan, BuildCheckOptions{"", po.roots}))
      if (!o.quiet) std::cerr << "archscan: verify-build: " << printable(line) << "\n";
  std::ostringstream out;
  if (formatNamed(o.format) == Format::Json) {
    printJson(plan, program, o.write && !plan.files.empty(), out);
  } else if (!o.write) {
    for (const auto& f : plan.files) out << unifiedDiff(f.path, f.old_content, f.new_content, notesFor(f, plan));
  }
  if (o.write && !plan.files.empty()) {
    std::vector<FileWrite> writes;
    for (const auto& f : plan.files) writes.push_back({f.real_path, f.old_content, f.new_content});
    FileOps ops;
    ApplyOptions ao;
    ao.journal_dir = cacheDirOf(po.roots.front());
    ao.force = o.force;
    applyWrites(writes, ops, ao);
  }
  writeOutput(o.output, out.str());
  printSummary(plan, program, likesOf(sets), o.write, o.quiet, std::cerr);
  return 0;
}

}  // namespace

int runPatch(const Settings& given) {
  if (given.patchsets.empty()) throw PatchError("patch needs at least one PATCHSET.yaml");
  Settings st = given;
  std::vector<PatchSet> sets;
  for (const auto& p : st.patchsets) sets.push_back(loadPatchSet(p, st.k.archs));
  std::vector<std::string> added;
  for (const auto& set : sets)
    for (const auto& r : set.rules) added.push_back(r.add.name());
  assumeArchs(st, added);
  return execute(st, sets);
}

int runFix(const Settings& given) {
  Settings st = given;
  assumeArchs(st, {st.o.add});
  const Knowledge& k = st.k;
  PatchRule r;
  r.add = parseUserArch(st.o.add, k.archs);
  r.like = parseUserArch(st.o.like, k.archs);
  if (r.add.base() == r.like.base()) throw PatchError("--add and --like are the same arch (" + r.add.name() + ")");
  r.origin = "--add " + st.o.add + " --like " + st.o.like;
  PatchSet ps;
  ps.name = "add-" + r.add.name();
  ps.description = "Add " + r.add.name() + " wherever " + r.like.name() + " is handled (from archscan fix).";
  ps.rules.push_back(r);
  // Scanned first, so an input error leaves no patch set behind either.
  std::string emitted = emitPatchSet(ps);
  int code = execute(st, {ps});
  if (!st.o.emit_patchset.empty()) writeOutput(st.o.emit_patchset, emitted);
  return code;
}

}  // namespace archscan
