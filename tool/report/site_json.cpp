#include "report/site_json.h"

#include "analyze/coverage.h"

namespace archscan {

std::string familyName(const Program& p, size_t site) {
  int f = p.sites[site].family;
  return f < 0 ? std::string() : p.families[static_cast<size_t>(f)].name;
}

void writeSiteSummary(JsonWriter& w, const Program& p, size_t site) {
  const LinkedSite& s = p.sites[site];
  w.field("id", s.id).field("name", s.site.name).field("kind", kindName(s.site.kind));
  w.field("spelling", spellingName(s.site.spelling.kind));
  w.key("archs").beginArray();
  for (const auto& a : entryArchs(s.site)) w.value(a.name());
  w.endArray();
  w.key("family");
  std::string fam = familyName(p, site);
  if (fam.empty()) w.null();
  else w.value(fam);
}

void writeSiteDetail(JsonWriter& w, const Program& p, size_t site) {
  const LinkedSite& s = p.sites[site];
  w.field("file", s.file).field("line", s.site.line).field("end_line", s.site.end_line);
  w.field("polarity", s.site.polarity == Polarity::Allow ? "allow" : "deny");
  w.field("confidence", confidenceName(s.confidence));
  w.field("on_missing", onMissingName(s.on_missing));
  w.key("subject");
  if (s.site.subject) w.value(s.site.subject->text);
  else w.null();
  // Byte ranges (begin, end) in the file: what an edit of each entry touches.
  w.key("entries").beginArray();
  for (const auto& e : s.site.entries) {
    w.beginObject()
        .field("arch", e.arch.name())
        .field("text", e.key_text)
        .field("form", entryFormName(e.form))
        .field("line", e.line);
    w.key("key")
        .beginArray()
        .value(static_cast<long long>(e.key.begin))
        .value(static_cast<long long>(e.key.end))
        .endArray();
    w.key("item")
        .beginArray()
        .value(static_cast<long long>(e.item.begin))
        .value(static_cast<long long>(e.item.end))
        .endArray();
    if (!e.value.empty())
      w.key("value")
          .beginArray()
          .value(static_cast<long long>(e.value.begin))
          .value(static_cast<long long>(e.value.end))
          .endArray();
    w.endObject();
  }
  w.endArray();
  w.key("ranges").beginArray();
  for (const auto& r : s.site.ranges) w.value(r.text);
  w.endArray();
  if (!s.site.dominated_by.empty()) {
    // Reached only by the archs an earlier check lets through.
    w.field("dominated_by", s.site.dominated_by);
    w.key("reached_only_by").beginArray();
    for (const auto& a : s.site.reached_only_by) w.value(a.name());
    w.endArray();
  }
  w.field("patchable", s.site.patchable);
  if (!s.site.patchable) w.field("unpatchable_reason", s.site.unpatchable_reason);
  w.key("lookups").beginArray();
  for (const auto& l : s.lookups) {
    w.beginObject().field("file", l.file).field("line", l.line).field("on_missing", onMissingName(l.on_missing));
    w.field("subject", l.subject.text).endObject();
  }
  w.endArray();
  w.key("evidence").beginArray();
  for (const auto& r : s.site.evidence.reasons) w.value(r);
  w.endArray();
}

}  // namespace archscan
