// `audit --format json` (schema 2): the whole audit model. Every site is a
// row whatever --show says (`in_default_view` marks the default view), so a
// later run can be compared with this one (`audit --diff`).
#include "report/report.h"
#include "report/site_json.h"
#include "util/json_writer.h"
#include "version.h"

namespace archscan {
namespace {

void counts(JsonWriter& w, const EffectCounts& c) {
  for (Effect e : {Effect::Crash, Effect::Fallback, Effect::Unknown, Effect::Gated, Effect::Review, Effect::NotReported,
                   Effect::Covered}) {
    std::string k = effectName(e);
    for (auto& ch : k)
      if (ch == '-') ch = '_';
    w.field(k, c.at(e));
  }
}

}  // namespace

void printAuditJson(const AuditModel& m, const Program& p, std::ostream& out) {
  JsonWriter w(out);
  w.beginObject()
      .field("tool", "archscan")
      .field("version", kArchscanVersion)
      .field("schema", 2)
      .field("kind", "audit");
  w.key("targets").beginArray();
  for (const auto& t : m.targets) w.value(t);
  w.endArray();
  w.key("totals").beginObject();
  w.field("sites", m.totals.sites).field("findings", m.totals.findings).field("errors", m.totals.errors);
  w.field("warnings", m.totals.warnings).field("notes", m.totals.notes).field("in_default_view", m.totals.in_view);
  w.endObject();
  w.key("effort");
  if (m.effort.planned)
    w.beginObject()
        .field("fix", m.effort.fix)
        .field("person", m.effort.person)
        .field("gated", m.effort.gated)
        .endObject();
  else w.null();
  w.key("notes").beginArray();
  for (const auto& n : m.notes) w.value(n);
  w.endArray();
  w.key("columns").beginArray();
  for (const auto& c : m.columns) {
    w.beginObject().field("name", c.name);
    w.field("kind", c.kind == AuditColumn::Target ? "target" : c.kind == AuditColumn::Near ? "near" : "older");
    if (c.kind == AuditColumn::Older) {
      w.key("archs").beginArray();
      for (const auto& a : c.folded) w.value(a.name());
      w.endArray();
    }
    w.endObject();
  }
  w.endArray();
  w.key("summary").beginArray();
  for (const auto& s : m.summary) {
    w.beginObject().field("target", s.target);
    counts(w, s.product);
    w.key("support").beginObject();
    counts(w, s.support);
    w.endObject();
    w.key("findings")
        .beginObject()
        .field("errors", s.errors)
        .field("warnings", s.warnings)
        .field("notes", s.notes)
        .endObject();
    w.endObject();
  }
  w.endArray();
  w.field("component_source", m.component_source);
  w.key("components").beginArray();
  for (const auto& c : m.components) {
    w.beginObject().field("name", c.name).field("support", c.support).field("sites", c.sites);
    counts(w, c.counts);
    w.field("other", c.counts.at(Effect::Other));
    w.endObject();
  }
  w.endArray();
  w.key("modules").beginArray();
  for (const auto& mod : m.modules) {
    w.beginObject().field("name", mod.name).field("file", mod.where.file).field("line", mod.where.line);
    w.field("href", mod.where.href).field("sources_scanned", mod.sources);
    w.key("code_objects").beginArray();
    for (const auto& o : mod.code_objects) w.value(o);
    w.endArray();
    w.key("unknown");
    if (mod.unknown.empty()) w.null();
    else w.value(mod.unknown);
    w.key("targets").beginObject();
    for (size_t t = 0; t < mod.cells.size() && t < m.targets.size(); ++t) {
      w.key(m.targets[t]).beginObject();
      w.key("built");
      if (mod.cells[t].built.empty()) w.null();
      else w.value(mod.cells[t].built);
      w.field("admitted_by", mod.cells[t].admitted).endObject();
    }
    w.endObject();
    w.endObject();
  }
  w.endArray();
  w.key("rows").beginArray();
  for (const auto& r : m.rows) {
    w.beginObject();
    writeSiteSummary(w, p, r.site);
    writeSiteDetail(w, p, r.site);
    w.field("display_name", r.display_name).field("component", r.component).field("support", r.support);
    w.key("family_tag");
    if (r.family >= 0) w.value(m.families[static_cast<size_t>(r.family)].tag);
    else w.null();
    w.field("effect", effectName(r.effect)).field("in_default_view", r.in_view).field("work", workName(r.work));
    w.key("cells").beginObject();
    for (size_t c = 0; c < m.columns.size(); ++c) w.field(m.columns[c].name, cellStateName(r.cells[c].state));
    w.endObject();
    w.key("cell_details").beginObject();
    for (size_t c = 0; c < m.columns.size(); ++c)
      if (!r.cells[c].detail.empty()) w.field(m.columns[c].name, r.cells[c].detail);
    w.endObject();
    w.key("decided_by").beginObject().field("how", r.decided_by);
    if (r.decided_at.line) w.field("file", r.decided_at.file).field("line", r.decided_at.line);
    w.endObject();
    w.field("href", r.where.href);
    w.key("gate");
    if (r.gate.empty()) w.null();
    else w.value(r.gate);
    w.key("fix");
    if (r.fix.empty()) w.null();
    else w.value(r.fix);
    w.key("findings").beginArray();
    for (const auto& f : r.findings) {
      w.beginObject().field("rule", f.rule).field("severity", f.severity);
      w.key("arch");
      if (f.arch.empty()) w.null();
      else w.value(f.arch);
      w.field("message", f.message).endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.key("stats").beginObject().field("files_seen", m.files_seen).field("files_parsed", m.files_parsed).endObject();
  w.endObject();
  w.finish();
}

}  // namespace archscan
