#pragma once
// Best-effort whole-file replacement for cache files: the bytes go to a
// temporary unique per process and thread, then are renamed over `path`, so
// concurrent readers see the old file or the new one, never half of either.
#include <string>
#include <string_view>

namespace archscan {

// False (and no temporary left) when any step fails: a cache that cannot be
// written only costs time.
bool replaceWhole(const std::string& path, std::string_view head, std::string_view body);

}  // namespace archscan
