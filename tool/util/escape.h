#pragma once
// Text that came from the scanned tree (file names above all) shown safely:
// a control character in a name must not move the cursor, colour a terminal,
// start a workflow command or break a table row or a diff header.
#include <string>
#include <string_view>

namespace archscan {

// The length of the well-formed UTF-8 sequence that starts at s[i] (1 for
// ASCII), or 0 when the byte there starts none: a stray continuation byte,
// a truncated sequence, an overlong form, a surrogate or a code point above
// U+10FFFF (Unicode's table 3-7, as JSON parsers check it).
size_t utf8Length(std::string_view s, size_t i);

// Control characters (C0, DEL, C1) and bytes that are not UTF-8 as visible
// escapes: ESC -> \x1b, newline -> \x0a, U+009B -> \u009b. Printable text,
// UTF-8 included, is unchanged.
std::string printable(std::string_view s);

// A Markdown code span holding `s` that stays one table cell: printable(s),
// pipes escaped, and a backtick fence longer than any run of backticks in it.
std::string markdownCode(std::string_view s);

// A path as git writes it in a diff header: unchanged when plain, otherwise in
// double quotes with C escapes (\n, \t, \", \\, ...) and octal for other
// control bytes and every byte above 0x7f, as git's core.quotePath does.
std::string gitQuoted(const std::string& path);

}  // namespace archscan
