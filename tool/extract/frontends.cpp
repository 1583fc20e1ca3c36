#include "extract/frontends.h"

#include "cmake_frontend.h"

namespace archscan {

FileFacts Frontends::extract(const std::string& language, const std::string& path, const std::string& text) const {
  if (language == "cmake") return extractCMake(path, text, k_);
  if (language == "cpp") return cpp_.extract(path, text);
  return python_.extract(path, text);
}

int Frontends::syntaxErrors(const std::string& language, const std::string& text) const {
  if (language == "cmake") return cmakeSyntaxErrors(text);
  if (language == "cpp") return 0;  // C++ sites are not patched
  return python_.syntaxErrors(text);
}

}  // namespace archscan
