#include "facts_io/facts_io.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/Compression.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

namespace archscan {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

// --- writing -------------------------------------------------------------

Value strings(const std::vector<std::string>& v) { return Array(v); }

Value range(const ByteRange& r) { return Array{r.begin, r.end}; }

Value arch(const Arch& a) {
  return Array{a.major, a.minor, a.major_only, std::string(1, a.variant == Variant::None ? '-' : char(a.variant))};
}

Value archs(const std::vector<Arch>& v) {
  Array out;
  for (const auto& a : v) out.push_back(arch(a));
  return out;
}

Value style(const SpellingStyle& s) {
  return Object{
      {"kind", int(s.kind)}, {"quote", int(s.quote)}, {"prefix", s.prefix}, {"sep", s.tuple_sep}, {"suffix", s.suffix}};
}

Value evidence(const Evidence& e) {
  return Object{{"subject", e.subject},
                {"name", e.name},
                {"negative", e.negative},
                {"reasons", strings(e.reasons)},
                {"via", strings(e.via_calls)}};
}

Value suppressions(const std::vector<Suppression>& v) {
  Array out;
  for (const auto& s : v) out.push_back(Object{{"line", s.line}, {"rules", strings(s.rules)}, {"text", s.text}});
  return out;
}

Value subject(const Subject& s) {
  return Object{{"text", s.text}, {"binding", s.binding}, {"evidence", evidence(s.evidence)}};
}

Value entry(const Entry& e) {
  return Object{{"arch", arch(e.arch)},
                {"style", style(e.style)},
                {"key_text", e.key_text},
                {"key", range(e.key)},
                {"value", range(e.value)},
                {"item", range(e.item)},
                {"composite", range(e.composite)},
                {"container", range(e.container)},
                {"form", int(e.form)},
                {"arm", e.arm},
                {"line", e.line},
                {"end_line", e.end_line},
                {"minors", Array(e.minors)}};
}

Value archRange(const ArchRange& r) {
  Value low = r.low ? Value(*r.low) : Value(nullptr);
  Value high = r.high ? Value(*r.high) : Value(nullptr);
  return Object{{"low", std::move(low)}, {"high", std::move(high)}, {"text", r.text},      {"arm", r.arm},
                {"item", range(r.item)}, {"line", r.line},          {"negated", r.negated}};
}

Value pathNeeds(const std::vector<PathNeed>& needs) {
  Array out;
  for (const auto& n : needs) {
    Array evidence;
    for (const auto& e : n.needs)
      evidence.push_back(Object{{"feature", e.feature}, {"why", e.why}, {"line", e.line}, {"runs", e.runs}});
    out.push_back(Object{{"arm", n.arm}, {"needs", std::move(evidence)}, {"named", archs(n.named)}});
  }
  return out;
}

Value site(const Site& s) {
  Array entries, ranges;
  for (const auto& e : s.entries) entries.push_back(entry(e));
  for (const auto& r : s.ranges) ranges.push_back(archRange(r));
  return Object{{"name", s.name},
                {"binding", s.binding},
                {"scope", s.scope},
                {"kind", int(s.kind)},
                {"spelling", style(s.spelling)},
                {"polarity", int(s.polarity)},
                {"entries", std::move(entries)},
                {"ranges", std::move(ranges)},
                {"subject", s.subject ? subject(*s.subject) : Value(nullptr)},
                {"evidence", evidence(s.evidence)},
                {"on_missing", int(s.on_missing)},
                {"on_missing_reason", s.on_missing_reason},
                {"gate", s.gate},
                {"gate_param", s.gate_param},
                {"gate_object", s.gate_object},
                {"gate_arg_index", s.gate_arg_index},
                {"scope_archs", archs(s.scope_archs)},
                {"name_archs", archs(s.name_archs)},
                {"max_cuda", s.max_cuda},
                {"nesting", s.nesting},
                {"parent_binding", s.parent_binding},
                {"extent", range(s.extent)},
                {"container", range(s.container)},
                {"line", s.line},
                {"end_line", s.end_line},
                {"patchable", s.patchable},
                {"unpatchable_reason", s.unpatchable_reason},
                {"suppressions", suppressions(s.suppressions)},
                {"dominated_by", s.dominated_by},
                {"reached_only_by", archs(s.reached_only_by)},
                {"check", s.check},
                {"exits_unlisted", s.exits_unlisted},
                {"crash_message", s.crash_message},
                {"conjoined", s.conjoined},
                {"skips", s.skips},
                {"compiled_out", s.compiled_out},
                {"build_list", s.build_list},
                {"macro", s.macro},
                {"needs", pathNeeds(s.needs)},
                {"predicate", s.predicate}};
}

Value lookup(const Lookup& l) {
  Array subjects;
  for (const auto& s : l.subjects) subjects.push_back(subject(s));
  return Object{{"table", l.table},
                {"scope_class", l.scope_class},
                {"scope_function", l.scope_function},
                {"subjects", std::move(subjects)},
                {"on_missing", int(l.on_missing)},
                {"how", l.how},
                {"crash_message", l.crash_message},
                {"skips", l.skips},
                {"line", l.line},
                {"table_file", l.table_file}};
}

Value diagnostic(const Diagnostic& d) {
  return Object{{"level", d.level}, {"file", d.file}, {"line", d.line}, {"message", d.message}};
}

Value fileFacts(const FileFacts& f) {
  Array sites, lookups, imports, functions, instances, diagnostics;
  for (const auto& s : f.sites) sites.push_back(site(s));
  for (const auto& l : f.lookups) lookups.push_back(lookup(l));
  for (const auto& i : f.imports)
    imports.push_back(Object{{"level", i.level}, {"module", i.module}, {"name", i.name}, {"alias", i.alias}});
  for (const auto& fn : f.functions) {
    Array admits;
    for (const auto& r : fn.admits) admits.push_back(archRange(r));
    functions.push_back(Object{{"name", fn.name},
                               {"params", strings(fn.params)},
                               {"raises", fn.raises},
                               {"returns_capability", fn.returns_capability},
                               {"admits", std::move(admits)}});
  }
  for (const auto& i : f.instances) instances.push_back(Object{{"name", i.name}, {"cls", i.cls}});
  for (const auto& d : f.diagnostics) diagnostics.push_back(diagnostic(d));
  // The hash is written as text: JSON numbers hold 53 bits exactly.
  return Object{{"path", f.path},
                {"module", f.module},
                {"language", int(f.language)},
                {"content_hash", std::to_string(f.content_hash)},
                {"sites", std::move(sites)},
                {"lookups", std::move(lookups)},
                {"imports", std::move(imports)},
                {"functions", std::move(functions)},
                {"instances", std::move(instances)},
                {"diagnostics", std::move(diagnostics)},
                {"suppressions", suppressions(f.suppressions)},
                {"parsed", f.parsed}};
}

std::string render(Value v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << v;
  os.flush();
  return out;
}

// --- reading -------------------------------------------------------------

// Strict: every field must be there with its type, so bytes from another
// format or a damaged file are refused, never half-read.
class Reader {
 public:
  explicit Reader(const std::string& origin) : origin_(origin) {}

  [[noreturn]] void fail(const std::string& what) const { throw FactsFormatError(origin_ + ": " + what); }

  const Object& object(const Value& v, const char* what) const {
    if (auto* o = v.getAsObject()) return *o;
    fail(std::string(what) + " is not an object");
  }
  const Array& array(const Object& o, const char* key) const {
    if (auto* a = o.getArray(key)) return *a;
    fail(std::string("'") + key + "' missing or not a list");
  }
  const Object& member(const Object& o, const char* key) const {
    if (auto* m = o.getObject(key)) return *m;
    fail(std::string("'") + key + "' missing or not an object");
  }
  std::string str(const Object& o, const char* key) const {
    if (auto s = o.getString(key)) return s->str();
    fail(std::string("'") + key + "' missing or not a string");
  }
  int64_t num(const Object& o, const char* key) const {
    if (auto n = o.getInteger(key)) return *n;
    fail(std::string("'") + key + "' missing or not an integer");
  }
  int integer(const Object& o, const char* key) const { return static_cast<int>(num(o, key)); }
  bool flag(const Object& o, const char* key) const {
    if (auto b = o.getBoolean(key)) return *b;
    fail(std::string("'") + key + "' missing or not a boolean");
  }
  template <typename E>
  E enumeration(const Object& o, const char* key, int last) const {
    int v = integer(o, key);
    if (v < 0 || v > last) fail(std::string("'") + key + "' out of range");
    return static_cast<E>(v);
  }
  std::vector<std::string> strings(const Object& o, const char* key) const {
    std::vector<std::string> out;
    for (const auto& v : array(o, key)) {
      auto s = v.getAsString();
      if (!s) fail(std::string("'") + key + "' holds a non-string");
      out.push_back(s->str());
    }
    return out;
  }
  ByteRange range(const Object& o, const char* key) const {
    const Array& a = array(o, key);
    if (a.size() != 2 || !a[0].getAsInteger() || !a[1].getAsInteger())
      fail(std::string("'") + key + "' is not a byte range");
    return ByteRange{static_cast<uint32_t>(*a[0].getAsInteger()), static_cast<uint32_t>(*a[1].getAsInteger())};
  }
  Arch arch(const Value& v) const {
    const Array* a = v.getAsArray();
    if (!a || a->size() != 4 || !(*a)[0].getAsInteger() || !(*a)[1].getAsInteger() || !(*a)[2].getAsBoolean() ||
        !(*a)[3].getAsString() || (*a)[3].getAsString()->size() != 1)
      fail("an arch is not [major, minor, major_only, variant]");
    Arch out;
    out.major = static_cast<int>(*(*a)[0].getAsInteger());
    out.minor = static_cast<int>(*(*a)[1].getAsInteger());
    out.major_only = *(*a)[2].getAsBoolean();
    char c = (*(*a)[3].getAsString())[0];
    if (c != '-' && c != 'a' && c != 'f') fail("unknown arch variant");
    out.variant = c == '-' ? Variant::None : static_cast<Variant>(c);
    return out;
  }
  std::vector<Arch> archs(const Object& o, const char* key) const {
    std::vector<Arch> out;
    for (const auto& v : array(o, key)) out.push_back(arch(v));
    return out;
  }
  SpellingStyle style(const Object& o) const {
    SpellingStyle s;
    s.kind = enumeration<SpellingKind>(o, "kind", int(SpellingKind::Unknown));
    s.quote = static_cast<char>(integer(o, "quote"));
    s.prefix = str(o, "prefix");
    s.tuple_sep = str(o, "sep");
    s.suffix = str(o, "suffix");
    return s;
  }
  Evidence evidence(const Object& o) const {
    Evidence e;
    e.subject = flag(o, "subject");
    e.name = flag(o, "name");
    e.negative = flag(o, "negative");
    e.reasons = strings(o, "reasons");
    e.via_calls = strings(o, "via");
    return e;
  }
  std::vector<Suppression> suppressions(const Object& o, const char* key) const {
    std::vector<Suppression> out;
    for (const auto& v : array(o, key)) {
      const Object& s = object(v, "a suppression");
      out.push_back(Suppression{integer(s, "line"), strings(s, "rules"), str(s, "text")});
    }
    return out;
  }
  Subject subject(const Object& o) const {
    return Subject{str(o, "text"), str(o, "binding"), evidence(member(o, "evidence"))};
  }
  Entry entry(const Object& o) const {
    Entry e;
    const Value* a = o.get("arch");
    if (!a) fail("an entry has no arch");
    e.arch = arch(*a);
    e.style = style(member(o, "style"));
    e.key_text = str(o, "key_text");
    e.key = range(o, "key");
    e.value = range(o, "value");
    e.item = range(o, "item");
    e.composite = range(o, "composite");
    e.container = range(o, "container");
    e.form = enumeration<EntryForm>(o, "form", int(EntryForm::TemplateArg));
    e.arm = integer(o, "arm");
    e.line = integer(o, "line");
    e.end_line = integer(o, "end_line");
    for (const auto& m : array(o, "minors")) {
      if (!m.getAsInteger()) fail("'minors' holds a non-integer");
      e.minors.push_back(static_cast<int>(*m.getAsInteger()));
    }
    return e;
  }
  std::optional<int> optionalInt(const Object& o, const char* key) const {
    const Value* v = o.get(key);
    if (!v) fail(std::string("'") + key + "' missing");
    if (v->getAsNull()) return std::nullopt;
    if (auto n = v->getAsInteger()) return static_cast<int>(*n);
    fail(std::string("'") + key + "' is neither null nor an integer");
  }
  ArchRange archRange(const Object& o) const {
    ArchRange r;
    r.low = optionalInt(o, "low");
    r.high = optionalInt(o, "high");
    r.text = str(o, "text");
    r.arm = integer(o, "arm");
    r.item = range(o, "item");
    r.line = integer(o, "line");
    r.negated = flag(o, "negated");
    return r;
  }
  Site site(const Object& o) const {
    Site s;
    s.name = str(o, "name");
    s.binding = str(o, "binding");
    s.scope = str(o, "scope");
    s.kind = enumeration<SiteKind>(o, "kind", int(SiteKind::Range));
    s.spelling = style(member(o, "spelling"));
    s.polarity = enumeration<Polarity>(o, "polarity", int(Polarity::Deny));
    for (const auto& v : array(o, "entries")) s.entries.push_back(entry(object(v, "an entry")));
    for (const auto& v : array(o, "ranges")) s.ranges.push_back(archRange(object(v, "a range")));
    const Value* subj = o.get("subject");
    if (!subj) fail("'subject' missing");
    if (!subj->getAsNull()) s.subject = subject(object(*subj, "a subject"));
    s.evidence = evidence(member(o, "evidence"));
    s.on_missing = enumeration<OnMissing>(o, "on_missing", int(OnMissing::Crash));
    s.on_missing_reason = str(o, "on_missing_reason");
    s.gate = str(o, "gate");
    s.gate_param = str(o, "gate_param");
    s.gate_object = str(o, "gate_object");
    s.gate_arg_index = integer(o, "gate_arg_index");
    s.scope_archs = archs(o, "scope_archs");
    s.name_archs = archs(o, "name_archs");
    s.max_cuda = integer(o, "max_cuda");
    s.nesting = integer(o, "nesting");
    s.parent_binding = str(o, "parent_binding");
    s.extent = range(o, "extent");
    s.container = range(o, "container");
    s.line = integer(o, "line");
    s.end_line = integer(o, "end_line");
    s.patchable = flag(o, "patchable");
    s.unpatchable_reason = str(o, "unpatchable_reason");
    s.suppressions = suppressions(o, "suppressions");
    s.dominated_by = str(o, "dominated_by");
    s.reached_only_by = archs(o, "reached_only_by");
    s.check = flag(o, "check");
    s.exits_unlisted = flag(o, "exits_unlisted");
    s.crash_message = str(o, "crash_message");
    s.conjoined = flag(o, "conjoined");
    s.skips = flag(o, "skips");
    s.compiled_out = flag(o, "compiled_out");
    s.build_list = flag(o, "build_list");
    s.macro = str(o, "macro");
    for (const auto& v : array(o, "needs")) {
      const Object& n = object(v, "a path need");
      PathNeed need{integer(n, "arm"), {}, archs(n, "named")};
      for (const auto& e : array(n, "needs")) {
        const Object& o2 = object(e, "a need's evidence");
        need.needs.push_back(NeedEvidence{str(o2, "feature"), str(o2, "why"), integer(o2, "line"), flag(o2, "runs")});
      }
      s.needs.push_back(std::move(need));
    }
    s.predicate = str(o, "predicate");
    return s;
  }
  Lookup lookup(const Object& o) const {
    Lookup l;
    l.table = str(o, "table");
    l.scope_class = str(o, "scope_class");
    l.scope_function = str(o, "scope_function");
    for (const auto& v : array(o, "subjects")) l.subjects.push_back(subject(object(v, "a subject")));
    l.on_missing = enumeration<OnMissing>(o, "on_missing", int(OnMissing::Crash));
    l.how = str(o, "how");
    l.crash_message = str(o, "crash_message");
    l.skips = flag(o, "skips");
    l.line = integer(o, "line");
    l.table_file = str(o, "table_file");
    return l;
  }
  Diagnostic diagnostic(const Object& d) const {
    return Diagnostic{str(d, "level"), str(d, "file"), integer(d, "line"), str(d, "message")};
  }
  FileFacts fileFacts(const Object& o) const {
    FileFacts f;
    f.path = str(o, "path");
    f.module = str(o, "module");
    f.language = enumeration<Language>(o, "language", kLanguageCount - 1);
    std::string hash = str(o, "content_hash");
    try {
      size_t used = 0;
      f.content_hash = std::stoull(hash, &used);
      if (used != hash.size()) throw std::invalid_argument(hash);
    } catch (const std::exception&) {
      fail("'content_hash' is not a number");
    }
    for (const auto& v : array(o, "sites")) f.sites.push_back(site(object(v, "a site")));
    for (const auto& v : array(o, "lookups")) f.lookups.push_back(lookup(object(v, "a lookup")));
    for (const auto& v : array(o, "imports")) {
      const Object& i = object(v, "an import");
      f.imports.push_back(Import{integer(i, "level"), str(i, "module"), str(i, "name"), str(i, "alias")});
    }
    for (const auto& v : array(o, "functions")) {
      const Object& fn = object(v, "a function");
      FunctionSummary summary{
          str(fn, "name"), strings(fn, "params"), flag(fn, "raises"), flag(fn, "returns_capability"), {}};
      for (const auto& r : array(fn, "admits")) summary.admits.push_back(archRange(object(r, "a range")));
      f.functions.push_back(std::move(summary));
    }
    for (const auto& v : array(o, "instances")) {
      const Object& i = object(v, "an instance");
      f.instances.push_back(Instance{str(i, "name"), str(i, "cls")});
    }
    for (const auto& v : array(o, "diagnostics")) f.diagnostics.push_back(diagnostic(object(v, "a diagnostic")));
    f.suppressions = suppressions(o, "suppressions");
    f.parsed = flag(o, "parsed");
    return f;
  }

 private:
  const std::string& origin_;
};

Value parse(std::string_view json, const std::string& origin) {
  auto v = llvm::json::parse(llvm::StringRef(json.data(), json.size()));
  if (!v) throw FactsFormatError(origin + ": not valid JSON (" + llvm::toString(v.takeError()) + ")");
  return std::move(*v);
}

}  // namespace

std::string writeFileFacts(const FileFacts& facts) { return render(fileFacts(facts)); }

FileFacts readFileFacts(std::string_view json, const std::string& origin) {
  Reader r(origin);
  Value v = parse(json, origin);
  return r.fileFacts(r.object(v, "the facts"));
}

std::string writeFactsDocument(const FactsDocument& doc) {
  Array all, diagnostics;
  for (const auto& f : doc.files) all.push_back(fileFacts(f));
  for (const auto& d : doc.diagnostics) diagnostics.push_back(diagnostic(d));
  return render(Object{{"archscan_facts", kFactsFormat},
                       {"producer", doc.producer},
                       {"fingerprint", doc.fingerprint},
                       {"shard", doc.shard},
                       {"shards", doc.shards},
                       {"diagnostics", std::move(diagnostics)},
                       {"files", std::move(all)}}) +
         "\n";
}

FactsDocument readFactsDocument(std::string_view json, const std::string& origin) {
  Reader r(origin);
  Value v = parse(json, origin);
  const Object& doc = r.object(v, "the document");
  auto format = doc.getInteger("archscan_facts");
  if (!format) r.fail("not an archscan facts file (no 'archscan_facts' format number)");
  if (*format != kFactsFormat)
    r.fail("facts format " + std::to_string(*format) + ", this archscan reads format " + std::to_string(kFactsFormat) +
           " (extract again with this version)");
  FactsDocument out;
  out.producer = r.str(doc, "producer");
  out.fingerprint = r.str(doc, "fingerprint");
  out.shard = r.integer(doc, "shard");
  out.shards = r.integer(doc, "shards");
  if (out.shards < 1 || out.shard < 1 || out.shard > out.shards) r.fail("shard numbers out of range");
  for (const auto& d : r.array(doc, "diagnostics"))
    out.diagnostics.push_back(r.diagnostic(r.object(d, "a diagnostic")));
  for (const auto& f : r.array(doc, "files")) out.files.push_back(r.fileFacts(r.object(f, "a file's facts")));
  return out;
}

uint64_t xxh3(std::string_view bytes) { return llvm::xxh3_64bits(llvm::StringRef(bytes.data(), bytes.size())); }

bool zstdAvailable() { return llvm::compression::zstd::isAvailable(); }

std::string zstdCompress(std::string_view bytes) {
  llvm::SmallVector<uint8_t, 0> out;
  llvm::compression::zstd::compress(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), out, 3);
  return std::string(out.begin(), out.end());
}

std::string zstdDecompress(std::string_view bytes, const std::string& origin) {
  // The frame states its size; a bound keeps a damaged header from asking for gigabytes.
  llvm::SmallVector<uint8_t, 0> out;
  size_t bound = std::max<size_t>(bytes.size() * 64, 1 << 20);
  if (llvm::Error e = llvm::compression::zstd::decompress(
          llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), out, bound))
    throw FactsFormatError(origin + ": damaged zstd data (" + llvm::toString(std::move(e)) + ")");
  return std::string(out.begin(), out.end());
}

}  // namespace archscan
