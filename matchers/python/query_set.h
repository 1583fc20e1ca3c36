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

// The captures of every query over one tree, by query file. All .scm files
// are compiled into one query so a file is walked once, not once per file.
struct Captures {
  std::vector<Capture> literals, comparisons, branches, lookups, loops, imports, definitions, strings;
};

class QuerySet {
 public:
  explicit QuerySet(const TSLanguage* lang);
  Captures run(TSNode root) const;

 private:
  Query all_;
};

}  // namespace archscan::py
