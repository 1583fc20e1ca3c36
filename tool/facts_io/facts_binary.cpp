#include "facts_io/facts_binary.h"

#include <type_traits>

#include "facts_io/fields.h"

namespace archscan {
namespace {

using facts_fields::enumValid;
using facts_fields::fields;

// Integers as LEB128 varints (signed ones zigzagged): most are small.
struct Encoder {
  std::string out;
  template <class T>
  void operator()(const char*, T& x) {  // a named field: the bytes carry no names
    (*this)(x);
  }
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
  void operator()(Interned& s) { varint(s.size()), out += s.str(); }
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
  template <class T>
  void operator()(const char*, T& x) {
    (*this)(x);
  }
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
  void operator()(Interned& s) {
    size_t n = count();
    s = Interned(std::string_view(in.data(), n));
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
  e(const_cast<FileFacts&>(facts));  // read only: see facts_io/fields.h
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
