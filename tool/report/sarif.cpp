// --format sarif: SARIF 2.1.0, one run, every rule in tool.driver, results
// with %SRCROOT%-relative locations, partial fingerprints, related locations
// for siblings and lookups, and fixes where a patch is known.
#include <algorithm>
#include <filesystem>

#include "analyze/rules/rules.h"
#include "report/report.h"
#include "util/json_writer.h"
#include "version.h"

namespace archscan {
namespace {

std::string fileUri(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') out += static_cast<char>(c);
    else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

void artifact(JsonWriter& w, const std::string& file) {
  w.key("artifactLocation").beginObject().field("uri", fileUri(file)).field("uriBaseId", "%SRCROOT%").endObject();
}

void physical(JsonWriter& w, const std::string& file, int line, int endLine) {
  w.key("physicalLocation").beginObject();
  artifact(w, file);
  w.key("region")
      .beginObject()
      .field("startLine", std::max(1, line))
      .field("endLine", std::max(line, endLine))
      .endObject();
  w.endObject();
}

// 1-based line and UTF-16 column of a byte offset, as SARIF counts columns.
std::pair<int, int> lineColumn(const std::string& src, size_t offset) {
  int line = 1, col = 1;
  for (size_t i = 0; i < offset && i < src.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(src[i]);
    if (c == '\n') {
      ++line;
      col = 1;
    } else if ((c & 0xC0) != 0x80) {
      col += (c >= 0xF0) ? 2 : 1;  // a 4-byte sequence is a surrogate pair
    }
  }
  return {line, col};
}

void fixes(JsonWriter& w, const SuggestedFix& fix) {
  w.key("fixes").beginArray().beginObject();
  w.key("description").beginObject().field("text", fix.description).endObject();
  w.key("artifactChanges").beginArray().beginObject();
  artifact(w, fix.edits.front().file);
  w.key("replacements").beginArray();
  for (const auto& e : fix.edits) {
    auto [l1, c1] = lineColumn(fix.source, e.begin);
    auto [l2, c2] = lineColumn(fix.source, e.end);
    w.beginObject();
    w.key("deletedRegion")
        .beginObject()
        .field("startLine", l1)
        .field("startColumn", c1)
        .field("endLine", l2)
        .field("endColumn", c2)
        .endObject();
    w.key("insertedContent").beginObject().field("text", e.text).endObject();
    w.endObject();
  }
  w.endArray().endObject().endArray();
  // The same risk marks as the diff and the JSON (model/edit.h).
  w.key("properties").beginObject().field("risk", fix.review ? "review" : "safe").key("reasons").beginArray();
  for (const auto& e : fix.edits)
    if (!e.risk_why.empty()) w.value(std::string(riskName(e.risk)) + ": " + e.risk_why);
  w.endArray().endObject();
  w.endObject().endArray();
}

// Diagnostics of the run (files read but not parsed, globs that match
// nothing) as tool execution notifications; an error among them means some
// input was not analysed, so the execution is not reported successful.
void invocations(JsonWriter& w, const std::vector<Diagnostic>& diagnostics) {
  bool ok =
      std::none_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return d.level == "error"; });
  w.key("invocations").beginArray().beginObject().field("executionSuccessful", ok);
  w.key("toolExecutionNotifications").beginArray();
  for (const auto& d : diagnostics) {
    w.beginObject().field("level", d.level == "error" || d.level == "warning" ? d.level : std::string("note"));
    w.key("message").beginObject().field("text", d.message).endObject();
    if (!d.file.empty()) {
      w.key("locations").beginArray().beginObject().key("physicalLocation").beginObject();
      artifact(w, d.file);
      if (d.line > 0) w.key("region").beginObject().field("startLine", d.line).endObject();
      w.endObject().endObject().endArray();
    }
    w.endObject();
  }
  w.endArray().endObject().endArray();
}

}  // namespace

void printCheckSarif(const ReportInput& in, std::ostream& out) {
  const auto& rules = ruleCatalogue();
  JsonWriter w(out);
  w.beginObject();
  w.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json").field("version", "2.1.0");
  w.key("runs").beginArray().beginObject();
  w.key("tool").beginObject().key("driver").beginObject();
  w.field("name", "archscan").field("version", kArchscanVersion).field("semanticVersion", kArchscanVersion);
  w.key("rules").beginArray();
  for (const auto& r : rules) {
    w.beginObject().field("id", r.id).field("name", r.name);
    w.key("shortDescription").beginObject().field("text", r.summary).endObject();
    w.key("fullDescription").beginObject().field("text", std::string(r.summary) + " " + r.help).endObject();
    w.key("help")
        .beginObject()
        .field("text", r.help)
        .field("markdown", std::string("**") + r.id + "**: " + r.help)
        .endObject();
    w.key("defaultConfiguration").beginObject().field("level", severityName(r.default_severity)).endObject();
    w.endObject();
  }
  w.endArray();
  w.endObject().endObject();
  std::error_code ec;
  std::string root = std::filesystem::current_path(ec).generic_string();
  if (root.empty() || root.back() != '/') root += '/';
  w.key("originalUriBaseIds")
      .beginObject()
      .key("%SRCROOT%")
      .beginObject()
      .field("uri", "file://" + fileUri(root))
      .endObject()
      .endObject();
  w.key("results").beginArray();
  for (size_t i = 0; i < in.findings.size(); ++i) {
    const Finding& f = in.findings[i];
    const LinkedSite& s = in.program.sites[f.site];
    size_t ruleIndex = 0;
    while (ruleIndex < rules.size() && rules[ruleIndex].id != f.rule) ++ruleIndex;
    w.beginObject().field("ruleId", f.rule).field("ruleIndex", ruleIndex).field("level", severityName(f.severity));
    w.key("message").beginObject().field("text", f.message).endObject();
    w.key("locations").beginArray().beginObject();
    physical(w, s.file, s.site.line, s.site.end_line);
    w.key("logicalLocations")
        .beginArray()
        .beginObject()
        .field("fullyQualifiedName", s.site.name)
        .endObject()
        .endArray();
    w.endObject().endArray();
    w.key("partialFingerprints").beginObject().field("archscan/v1", f.fingerprint).endObject();
    int id = 0;
    w.key("relatedLocations").beginArray();
    if (s.family >= 0) {
      for (size_t j : in.program.families[static_cast<size_t>(s.family)].sites) {
        if (j == f.site) continue;
        const LinkedSite& sib = in.program.sites[j];
        w.beginObject().field("id", ++id);
        physical(w, sib.file, sib.site.line, sib.site.end_line);
        w.key("message").beginObject().field("text", "sibling " + sib.site.name).endObject();
        w.endObject();
      }
    }
    for (const auto& l : s.lookups) {
      w.beginObject().field("id", ++id);
      physical(w, l.file, l.line, l.line);
      w.key("message").beginObject().field("text", "read: " + l.how).endObject();
      w.endObject();
    }
    w.endArray();
    if (in.fixes) {
      auto fx = in.fixes->find(i);
      if (fx != in.fixes->end()) fixes(w, fx->second);
    }
    w.key("properties").beginObject().field("confidence", confidenceName(f.confidence));
    if (!f.arch.empty()) w.field("arch", f.arch);
    // Code-scanning UIs filter on tags: findings in tests and examples apart.
    if (s.support) w.key("tags").beginArray().value("tests-and-examples").endArray();
    w.endObject();
    w.endObject();
  }
  w.endArray();
  invocations(w, in.program.diagnostics);
  if (!in.config.empty()) w.key("properties").beginObject().field("config", in.config).endObject();
  w.endObject().endArray();
  w.endObject();
  w.finish();
}

}  // namespace archscan
