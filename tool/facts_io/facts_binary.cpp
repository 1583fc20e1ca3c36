#include "facts_io/facts_binary.h"

#include <type_traits>

namespace archscan {
namespace {

// One list of fields per struct, walked by the encoder and the decoder alike,
// so the two cannot disagree. The encoder only reads what it is handed; it
// takes the same non-const references so one walk serves both.
template <class A>
void fields(A& a, ByteRange& r) {
  a(r.begin), a(r.end);
}
template <class A>
void fields(A& a, Arch& x) {
  a(x.major), a(x.minor), a(x.major_only), a(x.variant);
}
template <class A>
void fields(A& a, SpellingStyle& s) {
  a(s.kind), a(s.quote), a(s.prefix), a(s.tuple_sep), a(s.suffix);
}
template <class A>
void fields(A& a, Evidence& e) {
  a(e.subject), a(e.name), a(e.negative), a(e.reasons), a(e.via_calls);
}
template <class A>
void fields(A& a, Suppression& s) {
  a(s.line), a(s.rules), a(s.text);
}
template <class A>
void fields(A& a, Entry& e) {
  a(e.arch), a(e.style), a(e.key_text), a(e.key), a(e.value), a(e.item), a(e.composite), a(e.container), a(e.form),
      a(e.arm), a(e.minors), a(e.line), a(e.end_line);
}
template <class A>
void fields(A& a, ArchRange& r) {
  a(r.low), a(r.high), a(r.text), a(r.arm), a(r.item), a(r.line), a(r.negated);
}
template <class A>
void fields(A& a, NeedEvidence& e) {
  a(e.feature), a(e.why), a(e.line), a(e.runs);
}
template <class A>
void fields(A& a, PathNeed& n) {
  a(n.arm), a(n.needs), a(n.named);
}
template <class A>
void fields(A& a, Subject& s) {
  a(s.text), a(s.binding), a(s.evidence);
}
template <class A>
void fields(A& a, Site& s) {
  a(s.name), a(s.binding), a(s.scope), a(s.kind), a(s.spelling), a(s.polarity), a(s.entries), a(s.ranges), a(s.subject),
      a(s.evidence), a(s.on_missing), a(s.on_missing_reason), a(s.gate), a(s.gate_param), a(s.gate_object),
      a(s.gate_arg_index), a(s.scope_archs), a(s.name_archs), a(s.max_cuda), a(s.nesting), a(s.parent_binding),
      a(s.extent), a(s.container), a(s.line), a(s.end_line), a(s.patchable), a(s.unpatchable_reason), a(s.suppressions),
      a(s.dominated_by), a(s.reached_only_by), a(s.check), a(s.exits_unlisted), a(s.crash_message), a(s.conjoined),
      a(s.skips), a(s.compiled_out), a(s.build_list), a(s.macro), a(s.needs), a(s.predicate);
}
template <class A>
void fields(A& a, Lookup& l) {
  a(l.table), a(l.scope_class), a(l.scope_function), a(l.subjects), a(l.on_missing), a(l.how), a(l.crash_message),
      a(l.skips), a(l.line), a(l.table_file);
}
template <class A>
void fields(A& a, Import& i) {
  a(i.level), a(i.module), a(i.name), a(i.alias);
}
template <class A>
void fields(A& a, FunctionSummary& f) {
  a(f.name), a(f.params), a(f.raises), a(f.returns_capability), a(f.admits);
}
template <class A>
void fields(A& a, Instance& i) {
  a(i.name), a(i.cls);
}
template <class A>
void fields(A& a, Diagnostic& d) {
  a(d.level), a(d.file), a(d.line), a(d.message);
}
template <class A>
void fields(A& a, FileFacts& f) {
  a(f.path), a(f.module), a(f.language), a(f.content_hash), a(f.sites), a(f.lookups), a(f.imports), a(f.functions),
      a(f.instances), a(f.diagnostics), a(f.suppressions), a(f.parsed);
}

// The largest value of each enum, so a decoder never makes one out of range.
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

// Integers as LEB128 varints (signed ones zigzagged): most are small.
struct Encoder {
  std::string out;
  void varint(uint64_t v) {
    while (v >= 0x80) out += static_cast<char>((v & 0x7f) | 0x80), v >>= 7;
    out += static_cast<char>(v);
  }
  void operator()(uint64_t& v) { varint(v); }
  void operator()(uint32_t& v) { varint(v); }
  void operator()(int& v) { varint((uint64_t(int64_t(v)) << 1) ^ uint64_t(int64_t(v) >> 63)); }
  void operator()(bool& b) { out += b ? '\1' : '\0'; }
  void operator()(char& c) { out += c; }
  void operator()(std::string& s) { varint(s.size()), out += s; }
  template <class T>
  void operator()(std::vector<T>& v) {
    varint(v.size());
    for (auto& x : v) (*this)(x);
  }
  template <class T>
  void operator()(std::optional<T>& o) {
    bool has = o.has_value();
    (*this)(has);
    if (o) (*this)(*o);
  }
  template <class T>
  std::enable_if_t<std::is_enum_v<T>> operator()(T& e) {
    int v = static_cast<int>(e);
    (*this)(v);
  }
  template <class T>
  std::enable_if_t<std::is_class_v<T>> operator()(T& x) {
    fields(*this, x);
  }
};

struct Decoder {
  std::string_view in;
  const std::string& origin;
  [[noreturn]] void fail(const char* what) const { throw FactsFormatError(origin + ": " + what); }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (in.empty()) fail("snapshot facts end early");
      auto b = static_cast<unsigned char>(in[0]);
      in.remove_prefix(1);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    fail("snapshot facts hold an overlong number");
  }
  size_t count() {
    uint64_t n = varint();
    if (n > in.size()) fail("snapshot facts hold a length past their end");  // every item takes a byte at least
    return static_cast<size_t>(n);
  }
  void operator()(uint64_t& v) { v = varint(); }
  void operator()(uint32_t& v) { v = static_cast<uint32_t>(varint()); }
  void operator()(int& v) {
    uint64_t z = varint();
    v = static_cast<int>(static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1));
  }
  void operator()(bool& b) {
    char c = 0;
    (*this)(c);
    if (c != 0 && c != 1) fail("snapshot facts hold a bad boolean");
    b = c == 1;
  }
  void operator()(char& c) {
    if (in.empty()) fail("snapshot facts end early");
    c = in[0];
    in.remove_prefix(1);
  }
  void operator()(std::string& s) {
    size_t n = count();
    s.assign(in.data(), n);
    in.remove_prefix(n);
  }
  template <class T>
  void operator()(std::vector<T>& v) {
    size_t n = count();
    v.resize(n);
    for (auto& x : v) (*this)(x);
  }
  template <class T>
  void operator()(std::optional<T>& o) {
    bool has = false;
    (*this)(has);
    if (!has) return o.reset();
    o.emplace();
    (*this)(*o);
  }
  template <class T>
  std::enable_if_t<std::is_enum_v<T>> operator()(T& e) {
    int v = 0;
    (*this)(v);
    if (!enumValid(T{}, v)) fail("snapshot facts hold an out-of-range enum");
    e = static_cast<T>(v);
  }
  template <class T>
  std::enable_if_t<std::is_class_v<T>> operator()(T& x) {
    fields(*this, x);
  }
};

}  // namespace

std::string encodeFileFacts(const FileFacts& facts) {
  Encoder e;
  e(const_cast<FileFacts&>(facts));  // read only: see fields()
  return std::move(e.out);
}

FileFacts decodeFileFacts(std::string_view bytes, const std::string& origin) {
  Decoder d{bytes, origin};
  FileFacts f;
  d(f);
  if (!d.in.empty()) d.fail("snapshot facts have bytes past their end");
  return f;
}

}  // namespace archscan
