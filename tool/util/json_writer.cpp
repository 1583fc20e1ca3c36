#include "util/json_writer.h"

#include <cmath>
#include <cstdio>

#include "util/escape.h"

namespace archscan {

std::string JsonWriter::escape(const std::string& s, Bytes bytes) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else if (c >= 0x80 && bytes == Bytes::Escaped) {
          size_t len = utf8Length(s, i);
          if (len == 0) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\\\x%02x", c);
            out += buf;
            ++i;
          } else {
            out.append(s, i, len);
            i += len;
          }
          continue;
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  return out + "\"";
}

void JsonWriter::newline() { out_ << "\n" << std::string(first_.size() * 2, ' '); }

void JsonWriter::separate() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (first_.empty()) return;
  if (!first_.back()) out_ << ",";
  first_.back() = false;
  newline();
}

JsonWriter& JsonWriter::beginObject() {
  separate();
  out_ << "{";
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
  bool empty = first_.back();
  first_.pop_back();
  if (!empty) newline();
  out_ << bracket;
  return *this;
}

JsonWriter& JsonWriter::endObject() { return close('}'); }

JsonWriter& JsonWriter::beginArray() {
  separate();
  out_ << "[";
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::endArray() { return close(']'); }

JsonWriter& JsonWriter::key(const std::string& k) {
  separate();
  out_ << escape(k, bytes_) << ": ";
  afterKey_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(const std::string& v) {
  separate();
  out_ << escape(v, bytes_);
  return *this;
}

JsonWriter& JsonWriter::value(long long v) {
  separate();
  out_ << v;
  return *this;
}

JsonWriter& JsonWriter::value(double v) {
  separate();
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", std::isfinite(v) ? v : 0.0);
  out_ << buf;
  return *this;
}

JsonWriter& JsonWriter::value(bool v) {
  separate();
  out_ << (v ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ << "null";
  return *this;
}

}  // namespace archscan
