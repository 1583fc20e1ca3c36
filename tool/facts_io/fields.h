#pragma once
// One list of fields per FileFacts struct, each with the name JSON gives it.
// The binary codec (facts_binary.cpp) and the JSON codec (facts_io.cpp), their
// writers and readers alike, all walk these lists, so no two of them can
// disagree and a new field is one line here (facts_io_test counts the
// fields of every struct, so a field left out fails to compile there).
// Writers only read what they are handed; they take the same non-const
// references so one walk serves both directions.
#include "model/facts.h"

namespace archscan::facts_fields {

template <class A>
void fields(A& a, ByteRange& r) {
  a("begin", r.begin), a("end", r.end);
}
template <class A>
void fields(A& a, Arch& x) {
  a("major", x.major), a("minor", x.minor), a("major_only", x.major_only), a("variant", x.variant);
}
template <class A>
void fields(A& a, SpellingStyle& s) {
  a("kind", s.kind), a("quote", s.quote), a("prefix", s.prefix), a("sep", s.tuple_sep), a("suffix", s.suffix);
}
template <class A>
void fields(A& a, Evidence& e) {
  a("subject", e.subject), a("name", e.name), a("negative", e.negative), a("reasons", e.reasons), a("via", e.via_calls);
}
template <class A>
void fields(A& a, Suppression& s) {
  a("line", s.line), a("rules", s.rules), a("text", s.text);
}
template <class A>
void fields(A& a, Entry& e) {
  a("arch", e.arch), a("style", e.style), a("key_text", e.key_text), a("key", e.key), a("value", e.value),
      a("item", e.item), a("composite", e.composite), a("container", e.container), a("form", e.form), a("arm", e.arm),
      a("minors", e.minors), a("line", e.line), a("end_line", e.end_line);
}
template <class A>
void fields(A& a, ArchRange& r) {
  a("low", r.low), a("high", r.high), a("text", r.text), a("arm", r.arm), a("item", r.item), a("line", r.line),
      a("negated", r.negated), a("lexical", r.lexical), a("lexical_op", r.lexical_op);
}
template <class A>
void fields(A& a, NeedEvidence& e) {
  a("feature", e.feature), a("why", e.why), a("line", e.line), a("runs", e.runs);
}
template <class A>
void fields(A& a, PathNeed& n) {
  a("arm", n.arm), a("needs", n.needs), a("named", n.named);
}
template <class A>
void fields(A& a, Subject& s) {
  a("text", s.text), a("binding", s.binding), a("evidence", s.evidence);
}
template <class A>
void fields(A& a, Site& s) {
  a("name", s.name), a("binding", s.binding), a("scope", s.scope), a("kind", s.kind), a("spelling", s.spelling),
      a("polarity", s.polarity), a("entries", s.entries), a("ranges", s.ranges), a("subject", s.subject),
      a("evidence", s.evidence), a("on_missing", s.on_missing), a("on_missing_reason", s.on_missing_reason),
      a("gate", s.gate), a("gate_param", s.gate_param), a("gate_object", s.gate_object),
      a("gate_arg_index", s.gate_arg_index), a("scope_archs", s.scope_archs), a("name_archs", s.name_archs),
      a("max_cuda", s.max_cuda), a("nesting", s.nesting), a("parent_binding", s.parent_binding), a("extent", s.extent),
      a("container", s.container), a("line", s.line), a("end_line", s.end_line), a("patchable", s.patchable),
      a("unpatchable_reason", s.unpatchable_reason), a("suppressions", s.suppressions),
      a("dominated_by", s.dominated_by), a("reached_only_by", s.reached_only_by), a("check", s.check),
      a("exits_unlisted", s.exits_unlisted), a("crash_message", s.crash_message), a("conjoined", s.conjoined),
      a("skips", s.skips), a("compiled_out", s.compiled_out), a("build_list", s.build_list), a("macro", s.macro),
      a("needs", s.needs), a("predicate", s.predicate), a("default_of", s.default_of);
}
template <class A>
void fields(A& a, Lookup& l) {
  a("table", l.table), a("scope_class", l.scope_class), a("scope_function", l.scope_function),
      a("subjects", l.subjects), a("on_missing", l.on_missing), a("how", l.how), a("crash_message", l.crash_message),
      a("skips", l.skips), a("line", l.line), a("table_file", l.table_file);
}
template <class A>
void fields(A& a, Import& i) {
  a("level", i.level), a("module", i.module), a("name", i.name), a("alias", i.alias);
}
template <class A>
void fields(A& a, FunctionSummary& f) {
  a("name", f.name), a("params", f.params), a("raises", f.raises), a("returns_capability", f.returns_capability),
      a("admits", f.admits), a("calls", f.calls);
}
template <class A>
void fields(A& a, Instance& i) {
  a("name", i.name), a("cls", i.cls);
}
template <class A>
void fields(A& a, DefaultBuild& d) {
  a("arch_flags", d.arch_flags), a("known", d.known), a("archs_set", d.archs_set);
}
template <class A>
void fields(A& a, Subdirectory& d) {
  a("dir", d.dir), a("scope", d.scope);
}
template <class A>
void fields(A& a, BuildUnit& u) {
  a("name", u.name), a("line", u.line), a("sources", u.sources), a("arch_flags", u.arch_flags),
      a("own_arch_flags", u.own_arch_flags), a("open", u.open), a("jit", u.jit), a("by_default", u.by_default);
}
template <class A>
void fields(A& a, Diagnostic& d) {
  a("level", d.level), a("file", d.file), a("line", d.line), a("message", d.message);
}
template <class A>
void fields(A& a, FileFacts& f) {
  a("path", f.path), a("module", f.module), a("language", f.language), a("content_hash", f.content_hash),
      a("sites", f.sites), a("lookups", f.lookups), a("imports", f.imports), a("functions", f.functions),
      a("instances", f.instances), a("build_units", f.build_units), a("subdirectories", f.subdirectories),
      a("includes", f.includes), a("diagnostics", f.diagnostics), a("suppressions", f.suppressions),
      a("parsed", f.parsed);
}

// The largest value of each enum, so a reader never makes one out of range.
constexpr int enumMax(SiteKind) { return int(SiteKind::Range); }
constexpr int enumMax(EntryForm) { return int(EntryForm::TemplateArg); }
constexpr int enumMax(Polarity) { return int(Polarity::Deny); }
constexpr int enumMax(OnMissing) { return int(OnMissing::Crash); }
constexpr int enumMax(SpellingKind) { return int(SpellingKind::Unknown); }
constexpr int enumMax(Language) { return kLanguageCount - 1; }
constexpr bool enumValid(Variant, int v) { return v == 0 || v == 'a' || v == 'f'; }
template <class E>
constexpr bool enumValid(E e, int v) {
  return v >= 0 && v <= enumMax(e);
}

}  // namespace archscan::facts_fields
