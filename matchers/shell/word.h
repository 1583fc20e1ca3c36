#pragma once
// A word of a script after quote removal, with every byte tied to the source
// byte it came from, so an arch item found in the value has an exact range
// in the file even when the value was quoted, continued or escaped.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/facts.h"

namespace archscan::shell {

// $NAME, ${NAME}, ${NAME:-default}, $(...), `...`, ${{ expr }} within a value.
struct Reference {
  std::string name;  // empty for a command substitution or an expression
  size_t begin = 0;  // in the value's text
  size_t end = 0;
  // The default of ${NAME:-x}, ${NAME-x}, ${NAME:=x}, ${NAME=x} (wrapping
  // quotes excluded); has_default false for every other form.
  bool has_default = false;
  size_t default_begin = 0, default_end = 0;
};

struct Slice {
  std::string text;  // after quote removal and escapes
  std::vector<uint32_t> at;  // source offset of each byte of text
  std::vector<bool> quoted;  // each byte was inside quotes
  std::vector<Reference> refs;  // references in text, in order

  void push(char c, uint32_t offset, bool inQuotes) {
    text += c;
    at.push_back(offset);
    quoted.push_back(inQuotes);
  }
  // text[b, e) with its offsets and the references wholly inside it.
  Slice sub(size_t b, size_t e) const;
  // The source bytes of text[b, e) when they are the same bytes, contiguous
  // in the file (no quote, escape or continuation in between).
  std::optional<ByteRange> range(size_t b, size_t e) const;
};

struct Word {
  Slice value;
  uint32_t begin = 0, end = 0;  // in the source, quotes included
  int line = 0;
};

}  // namespace archscan::shell
