#pragma once
// Text that came from the scanned tree (file names above all) shown safely:
// a control character in a name must not move the cursor, colour a terminal,
// start a workflow command or break a table row.
#include <string>
#include <string_view>

namespace archscan {

// Control characters (C0, DEL, C1) and bytes that are not UTF-8 as visible
// escapes: ESC -> \x1b, newline -> \x0a, U+009B -> \u009b. Printable text,
// UTF-8 included, is unchanged.
std::string visible(std::string_view s);

}  // namespace archscan
