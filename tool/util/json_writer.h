#pragma once
// A minimal streaming JSON writer: correct escaping, stable key order as
// written, two-space indentation.
#include <ostream>
#include <string>
#include <vector>

namespace archscan {

class JsonWriter {
 public:
  // What becomes of bytes that are not UTF-8 (a file name can hold any).
  enum class Bytes {
    // The visible escape the text writer shows (\xff, as the JSON string
    // "\\xff"): every document is valid UTF-8 and reads the same as text.
    Escaped,
    // Kept as they are, for archscan's own files that name real paths and
    // are read back by archscan (a write's journal): not strict JSON then.
    Exact,
  };
  explicit JsonWriter(std::ostream& out, Bytes bytes = Bytes::Escaped) : out_(out), bytes_(bytes) {}
  JsonWriter& beginObject();
  JsonWriter& endObject();
  JsonWriter& beginArray();
  JsonWriter& endArray();
  JsonWriter& key(const std::string& k);
  JsonWriter& value(const std::string& v);
  JsonWriter& value(const char* v) { return value(std::string(v)); }
  JsonWriter& value(long long v);
  JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(size_t v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& null();
  template <class T>
  JsonWriter& field(const std::string& k, const T& v) {
    key(k);
    return value(v);
  }
  void finish() { out_ << "\n"; }

  static std::string escape(const std::string& s, Bytes bytes = Bytes::Escaped);

 private:
  void separate();
  JsonWriter& close(char bracket);
  void newline();
  std::ostream& out_;
  Bytes bytes_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool afterKey_ = false;
};

}  // namespace archscan
