#pragma once
// Whether a C/C++/CUDA file can give Clang anything to observe. A Clang parse
// costs the file's whole header closure (a quarter of a CPU second and up),
// while the raw lexer reads a file in microseconds; most files that mention
// an arch word (cutlass::arch, sm90_ in a file name) hold no arch decision.
#include <string_view>
#include <vector>

#include "knowledge/knowledge.h"
#include "raw_lexer.h"

namespace archscan::cpp {

// True when some site, function summary or lookup the Clang path builds
// could come from this file: an identifier that names or yields a
// capability (in code or in a directive), a case label that is an arch, two
// distinct arch numbers in list positions (`{80, 90}`, `f(80, 90)`), or as
// one parameter of one template (`Sm<90>` and `Sm<100>`), outside explicit
// instantiations (`template void run<80>(...);`).
// Everything the Clang path observes hangs on one of these, so a file
// without them gives the same facts from the raw lexer alone.
bool needsClang(std::string_view text, const std::vector<Token>& tokens, const Knowledge& k);

}  // namespace archscan::cpp
