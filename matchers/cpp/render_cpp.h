#pragma once
// Rendering C, C++ and CUDA entries: a case label beside the `like` label,
// a comparison widened with `||` (parenthesized where its neighbours bind
// tighter), a preprocessor guard widened at the guard, a template argument
// test widened like a comparison. Initializer elements and `{arch, value}`
// items are rendered by the patch stage's shared list renderer. The C++
// front-end's renderEntry (its editing half) calls these.
#include <string>
#include <vector>

#include "frontend/editing.h"
#include "model/facts.h"

namespace archscan {

// Where a C++ label or test for `add` goes: after the nearest lower arch of
// the labels or `||` run that `like` starts, so the site stays in arch order
// and the new arch still takes `like`'s path; `like` itself otherwise.
const Entry& cppAnchor(const std::string& src, const std::vector<Entry>& entries, const Entry& like, const Arch& add);

// `key` is the new arch's key in the site's spelling.
EntryEdit renderCppCase(const std::string& src, const Entry& like, const std::string& key);
EntryEdit renderCppCompare(const std::string& src, const Entry& like, const std::string& key);
EntryEdit renderCppTemplateArg(const std::string& src, const Entry& like, const std::string& key);

}  // namespace archscan
