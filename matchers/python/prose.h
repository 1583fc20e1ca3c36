#pragma once
// Python source with its prose blanked, for the word sieve: comments, and
// strings that are statements of their own (docstrings). The parser finds
// nothing in either (arms and flows skip comments; a string is read only as
// a value: a key, an entry, a build setting), so an arch word in them
// (`# tuned on sm90`, """Hopper path: major >= 9""") should not send a file
// to the parser. A comment that speaks to archscan (`# archscan:
// ignore[...]`) stays: an unused one is reported, which takes the parse.
#include <string>
#include <string_view>

namespace archscan::py {

// Same length and lines as `source`: only prose bytes become spaces. Other
// strings (one-line and triple-quoted, with escapes) keep their `#`; an
// f-string statement stays (its fields are code).
std::string withoutProse(std::string_view source);

}  // namespace archscan::py
