#pragma once
// A patch set: reviewed YAML rules "add arch X like arch Y, to these sites".
//
//   archscan: 1
//   name: sm120
//   description: ...
//   rules:
//     - add: sm_120
//       like: sm_100
//       where: {files: [...], sites: [...], kinds: [...], family: [...]}
//       except: {...}
//       values: {SITE_GLOB: "source text"}
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "arch/arch.h"
#include "arch/arch_table.h"

namespace archscan {

struct PatchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct SiteFilter {
  std::vector<std::string> files;  // globs relative to the scanned root
  std::vector<std::string> sites;  // site-name globs
  std::vector<std::string> kinds;  // mapping, set, switch, if-chain, guard
  std::vector<std::string> families;  // family-name globs
  std::map<std::string, std::string> located;  // glob -> "file:line:column" where it is written
  bool empty() const { return files.empty() && sites.empty() && kinds.empty() && families.empty(); }
};

struct PatchRule {
  Arch add;
  Arch like;
  std::string add_text, like_text;  // as written
  SiteFilter where, except;
  std::vector<std::pair<std::string, std::string>> values;  // site glob -> value source text
  std::string origin;  // file:line of the rule, for messages
};

struct PatchSet {
  std::string path;
  std::string name;
  std::string description;
  std::vector<PatchRule> rules;
};

// Strict: unknown keys, wrong types, unknown archs and add == like are
// errors "file:line:column: what is wrong".
PatchSet parsePatchSet(const std::string& yaml, const std::string& origin, const ArchTable& archs);
PatchSet loadPatchSet(const std::string& path, const ArchTable& archs);
// The YAML text of a patch set (for `fix --emit-patchset`).
std::string emitPatchSet(const PatchSet& ps);

}  // namespace archscan
