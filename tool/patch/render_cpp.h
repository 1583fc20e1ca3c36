#pragma once
// Rendering C, C++ and CUDA entries: a case label beside the `like` label,
// a comparison widened with `||` (parenthesized where its neighbours bind
// tighter), a preprocessor guard widened at the guard, a template argument
// test widened like a comparison. Initializer elements and `{arch, value}`
// items are rendered by the shared list renderer.
#include <optional>
#include <string>

#include "model/facts.h"

namespace archscan {

struct CppRendered {
  uint32_t begin = 0, end = 0;  // the bytes replaced ([begin, begin) inserts)
  std::string text;
  std::string refused;  // non-empty: not rendered, and why
};

// `key` is the new arch's key in the site's spelling.
CppRendered renderCppCase(const std::string& src, const Entry& like, const std::string& key);
CppRendered renderCppCompare(const std::string& src, const Entry& like, const std::string& key);
CppRendered renderCppTemplateArg(const std::string& src, const Entry& like, const std::string& key);

}  // namespace archscan
