#pragma once
// The tree patterns of the Python front-end (the .scm files embedded in the
// binary), read once and immutable after, so all extraction threads share
// them; one walk of a file's tree finds every pattern.
#include <tree_sitter/api.h>

#include <vector>

#include "tree_patterns.h"

namespace archscan::py {

// The captures of every pattern over one tree, by query file.
struct Captures {
  std::vector<Capture> literals, comparisons, branches, lookups, loops, imports, definitions, strings;
  // scripts/new-kind.sh adds capture lists above this line.
};

class QuerySet {
 public:
  explicit QuerySet(const TSLanguage* lang);
  Captures run(TSNode root, NodeVisitor* visitor = nullptr) const;

 private:
  TreeMatcher all_;
};

}  // namespace archscan::py
