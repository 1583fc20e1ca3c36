#pragma once
// What extraction depends on besides a file's own bytes, reduced to one
// string: two runs with the same fingerprint extract the same facts from the
// same file. The content cache keys on it, and `--facts` refuses facts whose
// fingerprint differs from the run's own.
#include <string>

#include "extract/registry.h"
#include "knowledge/knowledge.h"

namespace archscan {

// archscan's version, the front-ends' toolchain, the knowledge as extended by
// archscan.yaml and the targets, and the front-end settings (scan root,
// compilation database and its content), hashed.
std::string extractionFingerprint(const Knowledge& k, const FrontendSettings& s);

// This very binary (its size and modification time): a rebuilt archscan
// whose version did not change must not reuse another build's cache entries.
std::string buildIdentity();

}  // namespace archscan
