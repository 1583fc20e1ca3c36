#pragma once
// Content-cache keys. A key covers the file's bytes and path, the run's
// extraction fingerprint and, for C and C++, the bytes of every header the
// scan found and of every header below the scan root (Clang reads the
// headers a file includes: tables linked through an include, helpers
// followed into), so a changed header invalidates the C++ entries. Headers
// outside the root (system, toolkit) are not covered.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cache/snapshot.h"
#include "discover/discover.h"

namespace archscan {

// The file name endings taken for C/C++ headers.
inline constexpr std::array<std::string_view, 6> kHeaderSuffixes{".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl"};

// xxh3 over the paths and bytes of the discovered C/C++ headers and of the
// headers below `root`; "" when no C/C++ file was discovered. When discovery
// walked `root` listing kHeaderSuffixes, its listing stands in for a second
// walk of the tree: only the folders it skipped are walked.
std::string cppHeadersFingerprint(const std::vector<SourceFile>& files, const std::string& root,
                                  const std::vector<TreeListing>& listings = {});

// The same fingerprint, with the hash of each header: a header whose stamp
// `known` recorded is not read but takes the hash recorded with it.
struct HashedHeaders {
  std::string fingerprint;  // cppHeadersFingerprint()
  std::vector<HeaderRecord> hashes;  // of every readable header, with the stamp it was read at
  size_t read = 0;  // headers read, not taken from `known`
};
HashedHeaders hashHeaders(const std::vector<SourceFile>& files, const std::string& root,
                          const std::vector<TreeListing>& listings, const Snapshot* known);

uint64_t cacheKey(const std::string& fingerprint, const SourceFile& file, const std::string& text,
                  const std::string& headers);

}  // namespace archscan
