#pragma once
// A short piece of spelling that every entry of a table carries (its key
// as written, "100" or "\"9.0\"", a prefix "sm_", a suffix "-real", a
// tuple's ", "): a pointer to the one copy of each distinct value, not a
// string per entry. A scan meets few distinct ones, and a dense list of a
// million arch keys holds a million entries: four std::strings each were
// 128 of an entry's 232 bytes.
#include <cstddef>
#include <string>
#include <string_view>

namespace archscan {

class Interned {
 public:
  Interned();
  Interned(std::string_view s);  // NOLINT(google-explicit-constructor): a drop-in for std::string
  Interned(const std::string& s) : Interned(std::string_view(s)) {}  // NOLINT(google-explicit-constructor)
  Interned(const char* s) : Interned(std::string_view(s)) {}  // NOLINT(google-explicit-constructor)

  const std::string& str() const { return *s_; }
  operator const std::string&() const { return *s_; }  // NOLINT(google-explicit-constructor)
  operator std::string_view() const { return *s_; }  // NOLINT(google-explicit-constructor)
  size_t size() const { return s_->size(); }
  std::string::const_iterator begin() const { return s_->begin(); }
  std::string::const_iterator end() const { return s_->end(); }
  bool empty() const { return s_->empty(); }

  // One copy per value: equal values share the pointer.
  friend bool operator==(const Interned& a, const Interned& b) { return a.s_ == b.s_; }
  friend bool operator!=(const Interned& a, const Interned& b) { return a.s_ != b.s_; }
  friend bool operator==(const Interned& a, const char* b) { return *a.s_ == b; }
  friend bool operator!=(const Interned& a, const char* b) { return *a.s_ != b; }
  friend bool operator==(const Interned& a, const std::string& b) { return *a.s_ == b; }
  friend bool operator!=(const Interned& a, const std::string& b) { return *a.s_ != b; }
  friend bool operator<(const Interned& a, const Interned& b) { return *a.s_ < *b.s_; }
  friend std::string operator+(const std::string& a, const Interned& b) { return a + *b.s_; }
  friend std::string operator+(const Interned& a, const std::string& b) { return *a.s_ + b; }
  friend std::string operator+(const char* a, const Interned& b) { return a + *b.s_; }
  friend std::string operator+(const Interned& a, const char* b) { return *a.s_ + b; }

 private:
  const std::string* s_;
};

}  // namespace archscan
