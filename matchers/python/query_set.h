#pragma once
// The tree-sitter queries of the Python front-end, compiled once from the
// .scm files embedded in the binary. Compiled queries are immutable and are
// shared by all extraction threads; each run gets its own cursor.
#include <tree_sitter/api.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace archscan::py {

struct Capture {
  std::string name;
  TSNode node;
};

class Query {
 public:
  Query(const TSLanguage* lang, const char* source, const std::string& file);
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  // All captures in document order.
  std::vector<Capture> run(TSNode root) const;

 private:
  TSQuery* query_ = nullptr;
};

struct QuerySet {
  explicit QuerySet(const TSLanguage* lang);
  Query literals, comparisons, branches, lookups, imports, definitions;
};

}  // namespace archscan::py
