// --format json for check: one object, schema 1 (documented in docs/json.md).
#include "report/report.h"
#include "report/site_json.h"
#include "util/json_writer.h"
#include "version.h"

namespace archscan {

namespace {

// The edits that add the arch, as `patch --format json` lists them.
void writeFix(JsonWriter& w, const SuggestedFix& fix) {
  w.key("fix").beginObject().field("description", fix.description).field("add", fix.add).field("like", fix.like);
  w.field("review", fix.review).field("risk", fix.review ? "review" : "safe").key("edits").beginArray();
  for (const auto& e : fix.edits) {
    w.beginObject().field("file", e.file).field("line", e.line).field("offset", static_cast<size_t>(e.begin));
    w.field("replaces", static_cast<size_t>(e.end - e.begin)).field("text", e.text).key("value_source");
    if (e.value_source.empty()) w.null();
    else w.value(e.value_source);
    w.field("risk", riskName(e.risk)).field("risk_reason", e.risk_why);
    w.endObject();
  }
  w.endArray().endObject();
}

}  // namespace

void printCheckJson(const ReportInput& in, std::ostream& out) {
  JsonWriter w(out);
  const auto& sites = in.program.sites;
  w.beginObject();
  w.field("tool", "archscan").field("version", kArchscanVersion).field("schema", 1);
  w.key("targets").beginArray();
  for (const auto& t : in.opts.targets) w.value(t.name());
  w.endArray();
  w.key("findings").beginArray();
  for (size_t i = 0; i < in.findings.size(); ++i) {
    const Finding& f = in.findings[i];
    const LinkedSite& s = sites[f.site];
    w.beginObject();
    w.field("rule", f.rule)
        .field("severity", severityName(f.severity))
        .field("confidence", confidenceName(f.confidence));
    w.key("arch");
    if (f.arch.empty()) w.null();
    else w.value(f.arch);
    w.field("file", s.file).field("line", s.site.line).field("end_line", s.site.end_line);
    w.field("message", f.message).field("fingerprint", f.fingerprint);
    w.field("in_tests_or_examples", in.program.sites[f.site].support);
    w.key("site").beginObject();
    writeSiteSummary(w, in.program, f.site);
    w.endObject();
    if (in.fixes) {
      auto fx = in.fixes->find(i);
      if (fx != in.fixes->end()) writeFix(w, fx->second);
    }
    w.endObject();
  }
  w.endArray();
  w.key("sites").beginArray();
  for (size_t i = 0; i < sites.size(); ++i) {
    if (!visible(sites[i], in.opts)) continue;
    w.beginObject();
    writeSiteSummary(w, in.program, i);
    writeSiteDetail(w, in.program, i);
    w.endObject();
  }
  w.endArray();
  w.key("unused_ignores").beginArray();
  for (const auto& u : in.unused_ignores)
    w.beginObject().field("file", u.file).field("line", u.line).field("text", u.text).endObject();
  w.endArray();
  w.key("diagnostics").beginArray();
  for (const auto& d : in.program.diagnostics) {
    w.beginObject()
        .field("level", d.level)
        .field("file", d.file)
        .field("line", d.line)
        .field("message", d.message)
        .endObject();
  }
  w.endArray();
  w.key("stats").beginObject();
  w.field("files_seen", in.program.files_seen)
      .field("files_parsed", in.program.files_parsed)
      .field("seconds", in.seconds);
  w.endObject();
  // Present only when a settings file was read, so runs without one keep their output.
  if (!in.config.empty()) w.field("config", in.config);
  w.endObject();
  w.finish();
}

}  // namespace archscan
