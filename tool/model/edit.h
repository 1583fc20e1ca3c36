#pragma once
// An edit: replace bytes [begin, end) of one file with `text`. Every patch
// becomes edits; edits are applied all or none.
#include <cstdint>
#include <string>

#include "arch/arch.h"

namespace archscan {

// What an edit asks of its reviewer, the same in every language and output
// (the diff's hunk header, patch JSON, check's JSON and SARIF fixes). A site
// fix refuses is not an edit: it is listed as refused, with its reason.
enum class Risk {
  Safe,  // the new arch joins a path known to need nothing it lacks, or the patch set's own value
  Review,  // a copied value, a widened or narrowed test, a build list, or a path not known
};
const char* riskName(Risk r);

struct Edit {
  std::string file;  // as displayed (relative to the current directory)
  uint32_t begin = 0;
  uint32_t end = 0;  // == begin for an insertion
  std::string text;
  size_t site = 0;  // index into Program::sites
  int line = 0;  // 1-based line of `begin`
  Arch add_arch;
  std::string add;  // arch names
  std::string like;
  std::string value_source;  // "copied-from sm_100", "override", or "" (no value)
  std::string patchset;
  std::string rule;  // where the rule is written ("a.yaml:4"), so a conflict names both sources
  Risk risk = Risk::Review;
  std::string risk_why;  // "value copied from sm_100", "a build list: ..."
};

}  // namespace archscan
