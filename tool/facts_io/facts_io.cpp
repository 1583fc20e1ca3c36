#include "facts_io/facts_io.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/Compression.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

#include <cstdio>
#include <type_traits>

#include "facts_io/fields.h"
#include "util/nesting.h"

namespace archscan {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

using facts_fields::enumValid;
using facts_fields::fields;

// --- writing -------------------------------------------------------------
// Every struct is an object of its named fields (facts_io/fields.h). Two are
// written short because there are many of them: a byte range as [begin, end]
// and an arch as [major, minor, major_only, variant]. A 64-bit hash is text:
// JSON numbers hold 53 bits exactly.

struct Writer {
  Object* into = nullptr;
  template <class T>
  void operator()(const char* name, T& x) {
    (*into)[name] = value(x);
  }

  static Value value(int x) { return x; }
  static Value value(uint32_t x) { return x; }
  static Value value(bool x) { return x; }
  static Value value(char x) { return int(x); }
  static Value value(uint64_t x) { return std::to_string(x); }
  // JSON strings hold only UTF-8, and llvm::json would put U+FFFD for the
  // rest; a file name may be any bytes, and what the cache gives back must
  // be what the front-end saw. Such a string is written as its bytes in hex.
  static Value value(const std::string& x) {
    if (llvm::json::isUTF8(x)) return x;
    return Object{{"hex", llvm::toHex(x, /*LowerCase=*/true)}};
  }
  static Value value(const Interned& x) { return value(x.str()); }
  static Value value(const ByteRange& r) { return Array{r.begin, r.end}; }
  static Value value(const Arch& a) {
    return Array{a.major, a.minor, a.major_only, std::string(1, a.variant == Variant::None ? '-' : char(a.variant))};
  }
  template <class T>
  static Value value(const std::vector<T>& v) {
    Array out;
    for (const auto& x : v) out.push_back(value(x));
    return out;
  }
  template <class T>
  static Value value(const std::optional<T>& o) {
    return o ? value(*o) : Value(nullptr);
  }
  template <class T>
  static std::enable_if_t<std::is_enum_v<T>, Value> value(const T& e) {
    return static_cast<int>(e);
  }
  template <class T>
  static std::enable_if_t<std::is_class_v<T>, Value> value(const T& x) {
    Object o;
    Writer w{&o};
    fields(w, const_cast<T&>(x));  // read only: see facts_io/fields.h
    return o;
  }
};

std::string render(Value v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << v;
  os.flush();
  return out;
}

// --- reading -------------------------------------------------------------

// Strict: every field must be there with its type, so bytes from another
// format or a damaged file are refused, never half-read. Errors name the
// field: "'line' is not an integer".
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
  std::string str(const Object& o, const char* key) const {
    if (auto s = o.getString(key)) return s->str();
    fail(std::string("'") + key + "' missing or not a string");
  }
  int integer(const Object& o, const char* key) const {
    if (auto n = o.getInteger(key)) return static_cast<int>(*n);
    fail(std::string("'") + key + "' missing or not an integer");
  }

  // One named field of the object being read.
  struct Fields {
    const Reader& r;
    const Object& o;
    template <class T>
    void operator()(const char* name, T& x) const {
      const Value* v = o.get(name);
      if (!v) r.fail(std::string("'") + name + "' missing");
      r.read(*v, name, x);
    }
  };

  void read(const Value& v, const char* name, int& x) const { x = static_cast<int>(number(v, name)); }
  void read(const Value& v, const char* name, uint32_t& x) const { x = static_cast<uint32_t>(number(v, name)); }
  void read(const Value& v, const char* name, char& x) const { x = static_cast<char>(number(v, name)); }
  void read(const Value& v, const char* name, bool& x) const {
    auto b = v.getAsBoolean();
    if (!b) fail(std::string("'") + name + "' is not a boolean");
    x = *b;
  }
  void read(const Value& v, const char* name, std::string& x) const {
    if (auto s = v.getAsString()) {
      x = s->str();
      return;
    }
    // Bytes that are not UTF-8, as Writer wrote them; never for a UTF-8 string.
    const Object* o = v.getAsObject();
    auto hex = o && o->size() == 1 ? o->getString("hex") : std::nullopt;
    if (!hex || !llvm::tryGetFromHex(*hex, x) || llvm::json::isUTF8(x))
      fail(std::string("'") + name + "' is not a string");
  }
  void read(const Value& v, const char* name, Interned& x) const {
    std::string text;
    read(v, name, text);
    x = text;
  }
  void read(const Value& v, const char* name, uint64_t& x) const {
    std::string text;
    read(v, name, text);
    try {
      size_t used = 0;
      x = std::stoull(text, &used);
      if (used != text.size()) throw std::invalid_argument(text);
    } catch (const std::exception&) {
      fail(std::string("'") + name + "' is not a number");
    }
  }
  void read(const Value& v, const char* name, ByteRange& r) const {
    const Array* a = v.getAsArray();
    if (!a || a->size() != 2 || !(*a)[0].getAsInteger() || !(*a)[1].getAsInteger())
      fail(std::string("'") + name + "' is not a byte range");
    r = ByteRange{static_cast<uint32_t>(*(*a)[0].getAsInteger()), static_cast<uint32_t>(*(*a)[1].getAsInteger())};
  }
  void read(const Value& v, const char*, Arch& out) const {
    const Array* a = v.getAsArray();
    if (!a || a->size() != 4 || !(*a)[0].getAsInteger() || !(*a)[1].getAsInteger() || !(*a)[2].getAsBoolean() ||
        !(*a)[3].getAsString() || (*a)[3].getAsString()->size() != 1)
      fail("an arch is not [major, minor, major_only, variant]");
    out.major = static_cast<int>(*(*a)[0].getAsInteger());
    out.minor = static_cast<int>(*(*a)[1].getAsInteger());
    out.major_only = *(*a)[2].getAsBoolean();
    char c = (*(*a)[3].getAsString())[0];
    if (c != '-' && c != 'a' && c != 'f') fail("unknown arch variant");
    out.variant = c == '-' ? Variant::None : static_cast<Variant>(c);
  }
  template <class T>
  void read(const Value& v, const char* name, std::vector<T>& out) const {
    const Array* a = v.getAsArray();
    if (!a) fail(std::string("'") + name + "' is not a list");
    out.clear();
    out.reserve(a->size());
    for (const auto& item : *a) read(item, name, out.emplace_back());
  }
  template <class T>
  void read(const Value& v, const char* name, std::optional<T>& out) const {
    if (v.getAsNull()) return out.reset();
    read(v, name, out.emplace());
  }
  template <class T>
  std::enable_if_t<std::is_enum_v<T>> read(const Value& v, const char* name, T& e) const {
    int n = static_cast<int>(number(v, name));
    if (!enumValid(T{}, n)) fail(std::string("'") + name + "' out of range");
    e = static_cast<T>(n);
  }
  template <class T>
  std::enable_if_t<std::is_class_v<T>> read(const Value& v, const char* name, T& x) const {
    Fields f{*this, object(v, name)};
    fields(f, x);
  }

 private:
  int64_t number(const Value& v, const char* name) const {
    if (auto n = v.getAsInteger()) return *n;
    fail(std::string("'") + name + "' is not an integer");
  }
  const std::string& origin_;
};

Value parse(std::string_view json, const std::string& origin) {
  if (auto deep = nestingProblem(json)) throw FactsFormatError(deep->at(origin));
  auto v = llvm::json::parse(llvm::StringRef(json.data(), json.size()));
  if (!v) throw FactsFormatError(origin + ": not valid JSON (" + llvm::toString(v.takeError()) + ")");
  return std::move(*v);
}

}  // namespace

std::string writeFileFacts(const FileFacts& facts) { return render(Writer::value(facts)); }

FileFacts readFileFacts(std::string_view json, const std::string& origin) {
  Reader r(origin);
  Value v = parse(json, origin);
  FileFacts f;
  r.read(v, "the facts", f);
  return f;
}

namespace {

// The document as JSON, with `checksum` as given ("" while it is computed).
std::string renderDocument(const FactsDocument& doc, const std::string& checksum) {
  Array all, diagnostics;
  for (const auto& f : doc.files) all.push_back(Writer::value(f));
  for (const auto& d : doc.diagnostics) diagnostics.push_back(Writer::value(d));
  return render(Object{{"archscan_facts", kFactsFormat},
                       {"producer", doc.producer},
                       {"fingerprint", doc.fingerprint},
                       {"shard", doc.shard},
                       {"shards", doc.shards},
                       {"settings", Writer::value(doc.settings)},
                       {"diagnostics", std::move(diagnostics)},
                       {"files", std::move(all)},
                       {"checksum", checksum}}) +
         "\n";
}

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

std::string writeFactsDocument(const FactsDocument& doc) {
  return renderDocument(doc, hex(xxh3(renderDocument(doc, ""))));
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
  for (const auto& d : r.array(doc, "diagnostics")) r.read(d, "a diagnostic", out.diagnostics.emplace_back());
  for (const auto& f : r.array(doc, "files")) r.read(f, "a file's facts", out.files.emplace_back());
  const Value* settings = doc.get("settings");
  if (!settings) r.fail("'settings' missing");
  r.read(*settings, "settings", out.settings);
  // Written by this format's writer, whose output is canonical: reading and
  // writing again gives the same text, so its checksum must hold.
  std::string sum = r.str(doc, "checksum");
  if (sum != hex(xxh3(renderDocument(out, ""))))
    r.fail("the checksum does not match its contents (edited or damaged; extract it again)");
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
