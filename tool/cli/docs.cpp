#include "cli/docs.h"

#include <sstream>

#include "analyze/rules/rules.h"
#include "config/options.h"
#include "util/json_writer.h"
#include "version.h"

namespace archscan {
namespace {

bool isFlag(const OptionSpec& o) { return std::holds_alternative<bool Options::*>(o.field); }

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

// "-t, --target ARCH"
std::string usage(const OptionSpec& o) {
  std::string s = o.short_name ? std::string("-") + o.short_name + ", " : "";
  s += "--" + o.name;
  if (!isFlag(o)) s += " " + o.metavar;
  return s;
}

// The meaning with the closed set and the default, as the help shows it.
std::string meaning(const OptionSpec& o) {
  std::string s = o.help;
  if (!o.choices.empty()) s += ": " + join(o.choices, ", ");
  if (!o.default_text.empty()) s += " (default: " + o.default_text + ")";
  return s;
}

std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

std::string markdownCell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

}  // namespace

std::string commandList() {
  std::ostringstream out;
  out << "```\n";
  for (const auto& c : commandTable()) {
    std::string line = "archscan " + c.name + (c.positional.empty() ? "" : " " + c.positional);
    out << line << std::string(line.size() < 44 ? 44 - line.size() : 1, ' ') << c.summary << "\n";
  }
  out << "```\n";
  return out.str();
}

std::string optionReference() {
  std::ostringstream out;
  out << commandList() << "\n";
  out << "| option | commands | archscan.yaml | meaning |\n| --- | --- | --- | --- |\n";
  for (const auto& o : optionTable()) {
    if (o.scope == Scope::Config) continue;
    out << "| `" << usage(o) << "` | " << commandNames(o.commands) << " | "
        << (o.scope == Scope::Both ? "`" + o.name + "`" : std::string()) << " | " << markdownCell(meaning(o)) << " |\n";
  }
  out << "\narchscan.yaml only:\n\n| key | value | meaning |\n| --- | --- | --- |\n";
  for (const auto& o : optionTable())
    if (o.scope == Scope::Config)
      out << "| `" << o.name << "` | " << o.metavar << " | " << markdownCell(meaning(o)) << " |\n";
  return out.str();
}

std::string ruleReference() {
  std::string out;
  for (const auto& r : ruleCatalogue()) {
    out += std::string(out.empty() ? "" : "\n") + "### " + r.id + "\n" + r.doc;
    if (r.speaks_for)
      out += "Where this rule and `" + std::string(r.speaks_for) +
             "` report one site for one arch, only this rule's finding is shown.\n";
  }
  return out;
}

std::string withRuleEnum(const std::string& schema) {
  // The findings' "rule" property: `"rule": {` then its enum, one id a line.
  const std::string open = "\"rule\": {\n";
  size_t at = schema.find(open);
  if (at == std::string::npos) return "";
  size_t list = schema.find("\"enum\": [\n", at), end = schema.find("]", list);
  if (list == std::string::npos || end == std::string::npos || list > schema.find('}', at)) return "";
  size_t lineStart = schema.rfind('\n', list) + 1;
  std::string indent = schema.substr(lineStart, list - lineStart) + "  ";
  std::string ids;
  for (const auto& r : ruleCatalogue()) ids += std::string(ids.empty() ? "" : ",\n") + indent + "\"" + r.id + "\"";
  size_t body = list + std::string("\"enum\": [\n").size();
  size_t close = schema.rfind('\n', end) + 1;  // the line holding "]"
  return schema.substr(0, body) + ids + "\n" + schema.substr(close);
}

std::string manPage() {
  std::ostringstream out;
  out << ".\\\" Generated from archscan's option table (tool/config/options.cpp); do not edit.\n"
      << ".TH ARCHSCAN 1 \"\" \"archscan " << kArchscanVersion << "\" \"User Commands\"\n"
      << ".SH NAME\narchscan \\- find and patch every compute\\-capability table in a GPU codebase\n"
      << ".SH SYNOPSIS\n";
  for (const auto& c : commandTable()) {
    out << ".B archscan " << c.name << "\n";
    if (!c.positional.empty()) out << ".I " << roff(c.positional) << "\n";
    out << "[\\fIOPTIONS\\fR]\n.br\n";
  }
  out << ".SH DESCRIPTION\n"
      << "archscan finds every place in Python, C, C++, CUDA and CMake code that decides something by CUDA compute "
         "capability, tells which of them lack a target architecture and whether that crashes or silently falls "
         "back, groups tables read through the same variable into families, and patches them all from a reviewed "
         "YAML patch set.\n"
      << ".SH COMMANDS\n";
  for (const auto& c : commandTable()) {
    out << ".TP\n.B " << c.name << (c.positional.empty() ? "" : " " + roff(c.positional)) << "\n"
        << roff(c.summary) << ".";
    if (!c.positional_help.empty()) out << " " << roff(c.positional) << ": " << roff(c.positional_help) << ".";
    out << "\n";
  }
  out << ".SH OPTIONS\n";
  for (const auto& o : optionTable()) {
    if (o.scope == Scope::Config) continue;
    out << ".TP\n.B " << roff(usage(o)) << "\n"
        << roff(meaning(o)) << ". Commands: " << commandNames(o.commands) << ".";
    if (o.scope == Scope::Both) out << " In archscan.yaml: \\fB" << roff(o.name) << "\\fR.";
    out << "\n";
  }
  out << ".TP\n.B \\-\\-help\nPrint a command's options.\n.TP\n.B \\-\\-version\nPrint the version.\n"
      << ".SH FILES\n"
      << ".TP\n.B archscan.yaml\nProject settings, found by walking up from each scanned path to the folder "
         "holding .git (or the filesystem root); \\-\\-config FILE names one, \\-\\-no\\-config reads none. "
         "Strict: an unknown key or a wrong type is an error naming file:line:column. The keys above marked "
         "\"In archscan.yaml\" mirror their options; these are only there:\n";
  for (const auto& o : optionTable())
    if (o.scope == Scope::Config) out << ".RS\n.TP\n.B " << roff(o.name) << "\n" << roff(meaning(o)) << ".\n.RE\n";
  out << ".TP\n.B archscan\\-clang.so\nThe C, C++ and CUDA front-end (Clang), beside the executable or in "
         "../lib/archscan from it; opened at the first file Clang parses.\n"
      << ".SH ENVIRONMENT\n"
      << ".TP\n.B NO_COLOR\nWhen set and not empty, no colour (unless \\-\\-color always).\n"
      << ".TP\n.B FORCE_COLOR\nWhen set and neither empty nor 0, colour on standard output even when it is not a "
         "terminal (unless \\-\\-color never or NO_COLOR).\n"
      << ".TP\n.B ARCHSCAN_CLANG_RESOURCE_DIR\nClang's resource folder (builtin headers) for C, C++ and CUDA "
         "parsing, instead of the one archscan was built with.\n"
      << ".TP\n.B ARCHSCAN_PRELUDE_DIR\nThe folder of the C++ standard headers precompiled when archscan was "
         "built, instead of prelude/ beside the executable or ../share/archscan/prelude from it; empty for none "
         "(each scan then takes the one kept in the cache folder, or builds it).\n"
      << ".TP\n.B ARCHSCAN_SMALL_PAGES\nWhen set, the heap is not backed by transparent huge pages (which "
         "archscan asks for where the kernel gives them on request; see docs/scale.md).\n"
      << ".SH EXIT STATUS\n"
      << ".TP\n.B 0\nClean: no finding at or above \\-\\-fail\\-on.\n"
      << ".TP\n.B 1\nFindings at or above \\-\\-fail\\-on.\n"
      << ".TP\n.B 2\nA usage, configuration, patch or input error: a path that does not exist, a file that cannot "
         "be read, nothing to scan. The message is on standard error and nothing is written.\n"
      << ".SH SEE ALSO\n"
      << "\\fBarchscan explain\\fR \\fIRULE\\fR for each rule; docs/ in archscan's sources for patch sets, the audit, "
         "CI and output formats.\n";
  return out.str();
}

std::string configSchema() {
  std::ostringstream out;
  JsonWriter w(out);
  w.beginObject();
  w.field("$schema", "https://json-schema.org/draft/2020-12/schema");
  w.field("title", "archscan.yaml");
  w.field("description",
          "archscan project settings. Generated from archscan's option table (tool/config/options.cpp); do not edit.");
  w.key("type").beginArray().value("object").value("null").endArray();
  w.field("additionalProperties", false);
  w.key("properties").beginObject();
  for (const auto& o : optionTable()) {
    if (o.scope == Scope::CommandLine) continue;
    w.key(o.name).beginObject().field("description", meaning(o));
    std::visit(
        [&](auto field) {
          using T = std::decay_t<decltype(Options{}.*field)>;
          if constexpr (std::is_same_v<T, bool>) {
            w.field("type", "boolean");
          } else if constexpr (std::is_same_v<T, std::string>) {
            if (o.choices.empty()) w.field("type", "string");
            else {
              w.key("enum").beginArray();
              for (const auto& c : o.choices) w.value(c);
              w.endArray();
            }
          } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
            w.field("$ref", o.check == Check::Arch   ? "#/$defs/archs"
                            : o.check == Check::Rule ? "#/$defs/rules"
                                                     : "#/$defs/strings");
          } else if constexpr (std::is_same_v<T, std::vector<DeclaredFamily>> || std::is_same_v<T, ComponentGlobs>) {
            w.field("type", "object");
            w.key("additionalProperties").beginObject().field("$ref", "#/$defs/strings").endObject();
          } else if constexpr (std::is_same_v<T, RuleLevels>) {
            w.field("type", "object");
            w.key("propertyNames").beginObject().field("$ref", "#/$defs/rule").endObject();
            w.key("additionalProperties").beginObject().key("enum").beginArray();
            for (const auto& c : o.choices) w.value(c);
            w.endArray().endObject();
          } else if constexpr (std::is_same_v<T, std::vector<DeclaredArch>>) {
            w.field("type", "array").key("items").beginObject().field("type", "object");
            w.key("required").beginArray().value("cc").endArray().field("additionalProperties", false);
            w.key("properties").beginObject();
            w.key("cc").beginObject().field("description", "The compute capability, major.minor (10.7)");
            w.key("type").beginArray().value("string").value("number").endArray().endObject();
            w.key("names").beginObject().field("$ref", "#/$defs/strings").endObject();
            w.key("family").beginObject().field("type", "string").endObject();
            w.key("min_cuda").beginObject().field("description", "The first CUDA toolkit that targets it (13.0)");
            w.key("type").beginArray().value("string").value("number").endArray().endObject();
            w.key("threads").beginObject().field("type", "integer").field("minimum", 1).endObject();
            w.key("smem_kb").beginObject().field("type", "integer").field("minimum", 1).endObject();
            w.endObject().endObject();
          } else {
            w.field("type", "integer");
          }
        },
        o.field);
    w.endObject();
  }
  w.endObject();
  w.key("$defs").beginObject();
  w.key("strings").beginObject().field("description", "One string, or a list of them");
  w.key("anyOf").beginArray();
  w.beginObject().field("type", "string").endObject();
  w.beginObject().field("type", "array").key("items").beginObject().field("type", "string").endObject().endObject();
  w.endArray().endObject();
  // YAML reads 120 and 12.0 as numbers; archscan takes them as the arch they spell.
  w.key("arch").beginObject().field("description", "An arch: sm_120, 12.0, 120, sm_90a, a GPU name (rtx-pro-6000)");
  w.key("type").beginArray().value("string").value("number").endArray().endObject();
  w.key("archs").beginObject().field("description", "One arch, a comma-separated list, or a list of them");
  w.key("anyOf").beginArray();
  w.beginObject().field("$ref", "#/$defs/arch").endObject();
  w.beginObject()
      .field("type", "array")
      .key("items")
      .beginObject()
      .field("$ref", "#/$defs/arch")
      .endObject()
      .endObject();
  w.endArray().endObject();
  w.key("rule").beginObject().field("description", "A rule id (archscan rules lists them)");
  w.key("enum").beginArray();
  for (const auto& r : ruleCatalogue()) w.value(r.id);
  w.endArray().endObject();
  w.key("rules").beginObject().field("description", "One rule id, or a list of them");
  w.key("anyOf").beginArray();
  w.beginObject().field("$ref", "#/$defs/rule").endObject();
  w.beginObject()
      .field("type", "array")
      .key("items")
      .beginObject()
      .field("$ref", "#/$defs/rule")
      .endObject()
      .endObject();
  w.endArray().endObject();
  w.endObject();
  w.endObject();
  w.finish();
  return out.str();
}

}  // namespace archscan
