#pragma once
// The tree patterns of queries/*.scm and a matcher that finds them in one
// walk of a syntax tree. The .scm files use a plain subset of tree-sitter's
// query language:
//   pattern := '(' node-type (field ':' pattern)* ')' ('@' capture)*
// with ';' comments. tree-sitter's own query compiler analyses the whole
// Python parse table first (11 ms, a third of a one-file scan) and its
// cursor was 17 % of a file's extraction. For this subset, a walk that looks
// up each node's symbol in a table gives the same captures, in the same
// order within each file's patterns; tests/tree_patterns_test.cpp compares
// the two on all of testdata.
#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <vector>

namespace archscan::py {

struct Capture {
  std::string_view name;  // owned by the matcher, which outlives its captures
  TSNode node;
};

struct TreePattern {
  std::string type;
  std::string field;  // the field of the parent node this node sits in; "" at the top
  std::vector<std::string> captures;
  std::vector<TreePattern> children;
  int line = 0;
};

// The patterns of one .scm file. Anything outside the subset above throws,
// naming the file and line.
std::vector<TreePattern> parseTreePatterns(std::string_view text, const std::string& file);

struct PatternFile {
  std::string name;  // for messages: matchers/python/queries/x.scm
  std::string_view text;
};

// Told of every node of a TreeMatcher's walk, in pre-order, with its
// ancestors (the root first), so that other per-node work on the tree rides
// on the same walk instead of making its own.
class NodeVisitor {
 public:
  virtual ~NodeVisitor() = default;
  virtual void visit(TSNode n, const std::vector<TSNode>& ancestors) = 0;
};

class TreeMatcher {
 public:
  // A pattern's index (which orders captures at the same byte, as in a
  // tree-sitter query) is its position over all files in order. Throws on
  // a node type or field the grammar does not have.
  TreeMatcher(const TSLanguage* lang, const std::vector<PatternFile>& files);
  TreeMatcher(const TreeMatcher&) = delete;
  TreeMatcher& operator=(const TreeMatcher&) = delete;

  // Every capture of every match below and at root, by start byte, then
  // outer node before inner, then pattern index.
  // `visitor`, when given, sees every node of the walk.
  std::vector<Capture> run(TSNode root, NodeVisitor* visitor = nullptr) const;

 private:
  struct Compiled {
    TSSymbol symbol = 0;
    TSFieldId field = 0;
    std::vector<uint32_t> captures;  // into names_
    std::vector<Compiled> children;
  };
  struct Found {
    uint32_t start, node, pattern;  // node: the match root's place in the walk
    Capture capture;
  };
  Compiled compile(const TreePattern& p, const std::string& file);
  bool match(const Compiled& p, TSNode n, uint32_t node, uint32_t pattern, std::vector<Found>& out) const;

  const TSLanguage* lang_;
  std::vector<std::string> names_;
  std::vector<Compiled> patterns_;
  std::vector<std::vector<uint32_t>> bySymbol_;  // symbol -> patterns rooted at it
};

}  // namespace archscan::py
