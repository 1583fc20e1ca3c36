#pragma once
// A `values` override is written verbatim into a site, so it must be one
// expression of the site's language and nothing more: it must not close the
// table and open code of its own.
#include <optional>
#include <string>

#include "frontend/frontend.h"
#include "model/language.h"

namespace archscan {

// Why `value` is not one expression (Python) or one argument (CMake); nullopt when it is.
std::optional<std::string> notOneValue(const std::string& value, Language language, const FrontendSet& frontends);

}  // namespace archscan
