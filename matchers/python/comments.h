#pragma once
// Python source with its comments blanked, for the word sieve. A comment
// gives the parser nothing to find (arms and flows skip them), so an arch
// word in one (`# sm100 path is slower`) should not send a file to the
// parser. A comment that speaks to archscan (`# archscan: ignore[...]`)
// stays: an unused one is reported, which takes the parse.
#include <string>
#include <string_view>

namespace archscan::py {

// Same length and lines as `source`: only comment bytes become spaces.
// Strings (one-line and triple-quoted, with escapes) keep their `#`.
std::string withoutComments(std::string_view source);

}  // namespace archscan::py
