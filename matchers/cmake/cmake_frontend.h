#pragma once
// The CMake front-end: arch lists in set()/list() of arch-like variables,
// lists passed to arch-named project functions, and version ranges on
// arch-like variables in if(). One file in, FileFacts out.
#include <string>

#include "knowledge/knowledge.h"
#include "model/facts.h"

namespace archscan {

FileFacts extractCMake(const std::string& path, const std::string& source, const Knowledge& k);
// Lexer errors in `source` (patch verification).
int cmakeSyntaxErrors(const std::string& source);

}  // namespace archscan
