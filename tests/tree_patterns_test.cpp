// The tree-pattern matcher of the Python front-end against tree-sitter's own
// query engine: on every Python file of testdata and on damaged input, each
// .scm file's patterns give the same captures on the same nodes in the same
// order. A visitor of its walk sees every node with its ancestors.
#include <gtest/gtest.h>
#include <tree_sitter/api.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "python/tree_patterns.h"
#include "test_files.h"

extern "C" const TSLanguage* tree_sitter_python();

namespace archscan::py {
namespace {

namespace fs = std::filesystem;

// Every .scm file beside the front-end, so a pattern file added for a new
// kind is compared with tree-sitter's query too.
std::vector<std::string> queryFiles() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(QUERIES_DIR))
    if (e.path().extension() == ".scm") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

const std::vector<std::string> kQueryFiles = queryFiles();

std::string querySource(const std::string& name) { return test::slurp(fs::path(QUERIES_DIR) / (name + ".scm")); }

struct Seen {
  std::string name;
  uint32_t start, end;
  std::string type;
  bool operator==(const Seen& o) const { return name == o.name && start == o.start && end == o.end && type == o.type; }
};

std::ostream& operator<<(std::ostream& os, const Seen& s) {
  return os << "@" << s.name << " " << s.type << " [" << s.start << ", " << s.end << ")";
}

Seen seen(std::string_view name, TSNode n) {
  return Seen{std::string(name), ts_node_start_byte(n), ts_node_end_byte(n), ts_node_type(n)};
}

using QueryPtr = std::unique_ptr<TSQuery, decltype(&ts_query_delete)>;

QueryPtr compileQuery(const std::string& text) {
  uint32_t offset = 0;
  TSQueryError err = TSQueryErrorNone;
  QueryPtr q(ts_query_new(tree_sitter_python(), text.data(), static_cast<uint32_t>(text.size()), &offset, &err),
             ts_query_delete);
  if (!q) throw std::runtime_error("tree-sitter rejects a query at byte " + std::to_string(offset));
  return q;
}

std::vector<Seen> byQuery(const TSQuery* q, TSNode root) {
  std::vector<Seen> out;
  TSQueryCursor* cursor = ts_query_cursor_new();
  ts_query_cursor_exec(cursor, q, root);
  TSQueryMatch m;
  uint32_t i = 0;
  while (ts_query_cursor_next_capture(cursor, &m, &i)) {
    uint32_t len = 0;
    const char* name = ts_query_capture_name_for_id(q, m.captures[i].index, &len);
    out.push_back(seen(std::string_view(name, len), m.captures[i].node));
  }
  ts_query_cursor_delete(cursor);
  return out;
}

// Per .scm file, which is what the front-end reads as one list (query_set.h):
// tree-sitter's query and a matcher of that file's patterns alone.
class TreePatterns : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(kQueryFiles.empty()) << QUERIES_DIR;
    for (const std::string& f : kQueryFiles) {
      auto text = std::make_unique<std::string>(querySource(f));
      queries_.push_back(compileQuery(*text));
      matchers_.push_back(std::make_unique<TreeMatcher>(tree_sitter_python(), std::vector<PatternFile>{{f, *text}}));
      sources_.push_back(std::move(text));
    }
  }

  // How many captures both found.
  size_t expectSameAsQuery(const std::string& source, const std::string& what) {
    TSParser* parser = ts_parser_new();
    ts_parser_set_language(parser, tree_sitter_python());
    TSTree* tree = ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
    TSNode root = ts_tree_root_node(tree);
    size_t count = 0;
    for (size_t f = 0; f < matchers_.size(); ++f) {
      std::vector<Seen> mine;
      for (const auto& c : matchers_[f]->run(root)) mine.push_back(seen(c.name, c.node));
      std::vector<Seen> theirs = byQuery(queries_[f].get(), root);
      auto diff = std::mismatch(mine.begin(), mine.end(), theirs.begin(), theirs.end());
      EXPECT_TRUE(diff.first == mine.end() && diff.second == theirs.end())
          << what << ", " << kQueryFiles[f] << ".scm: capture " << (diff.first - mine.begin()) << " is "
          << (diff.first == mine.end() ? "none" : ::testing::PrintToString(*diff.first)) << ", the query's "
          << (diff.second == theirs.end() ? "none" : ::testing::PrintToString(*diff.second));
      count += theirs.size();
    }
    ts_tree_delete(tree);
    ts_parser_delete(parser);
    return count;
  }

  std::vector<std::unique_ptr<std::string>> sources_;  // the matchers read views of these
  std::vector<QueryPtr> queries_;
  std::vector<std::unique_ptr<TreeMatcher>> matchers_;
};

TEST_F(TreePatterns, SameCapturesAsTreeSitterOnEveryTestdataFile) {
  int files = 0;
  size_t captures = 0;
  for (const auto& e : fs::recursive_directory_iterator(TESTDATA_DIR)) {
    if (!e.is_regular_file() || e.path().extension() != ".py") continue;
    captures += expectSameAsQuery(test::slurp(e.path()), e.path().string());
    ++files;
  }
  EXPECT_GT(files, 50);
  EXPECT_GT(captures, 1000u);
}

// What a visitor of the matcher's walk must see: every node a tree cursor
// visits, once, each with the chain ts_node_parent gives as its ancestors.
struct AncestryCheck : NodeVisitor {
  TSNode root{};
  size_t nodes = 0;
  void visit(TSNode n, const std::vector<TSNode>& ancestors) override {
    ++nodes;
    if (ancestors.empty()) {
      EXPECT_TRUE(ts_node_eq(n, root)) << "only the root has no ancestors";
      return;
    }
    std::vector<TSNode> chain;
    for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) chain.insert(chain.begin(), p);
    ASSERT_EQ(chain.size(), ancestors.size()) << ts_node_type(n) << " at byte " << ts_node_start_byte(n);
    for (size_t i = 0; i < chain.size(); ++i) EXPECT_TRUE(ts_node_eq(chain[i], ancestors[i])) << "ancestor " << i;
  }
};

size_t cursorNodes(TSNode root) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  size_t count = 0;
  for (bool more = true; more;) {
    ++count;
    if (ts_tree_cursor_goto_first_child(&c)) continue;
    more = false;
    do {
      if ((more = ts_tree_cursor_goto_next_sibling(&c))) break;
    } while (ts_tree_cursor_goto_parent(&c));
  }
  ts_tree_cursor_delete(&c);
  return count;
}

TEST_F(TreePatterns, AVisitorSeesEveryNodeWithItsAncestors) {
  std::vector<std::string> sources{"def f(x):\n    if x:\n        return [g(y) for y in x]\n    raise E\n",
                                   "A = {9: 1}\ndef f(:\n    return A[cap]\nclass C(\n"};
  for (const auto& e : fs::recursive_directory_iterator(TESTDATA_DIR))
    if (e.is_regular_file() && e.path().extension() == ".py" && sources.size() < 40)
      sources.push_back(test::slurp(e.path()));
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_python());
  for (const auto& source : sources) {
    TSTree* tree = ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
    AncestryCheck check;
    check.root = ts_tree_root_node(tree);
    std::vector<Capture> with = matchers_[0]->run(check.root, &check);
    EXPECT_EQ(check.nodes, cursorNodes(check.root));
    EXPECT_EQ(with.size(), matchers_[0]->run(check.root).size()) << "a visitor changes nothing matched";
    ts_tree_delete(tree);
  }
  ts_parser_delete(parser);
}

TEST_F(TreePatterns, SameCapturesOnNestedAndDamagedInput) {
  // Same-byte nesting (a[0][1], f(x)(y), a[0].get(k)), a method call whose
  // callee is parenthesised (no match), and broken syntax.
  EXPECT_GT(
      expectSameAsQuery("x = a[0][1]\ny = f(x)(y).get(k)[2]\nz = a[0].get(k, {9: 1})\nw = (a.get)(k)\n", "nesting"),
      3u);
  EXPECT_GT(
      expectSameAsQuery("for t in TABLE:\n    if t.sm == (9, 0):\n        pass\nfor x in range(3): pass\n", "loops"),
      3u);
  EXPECT_GT(expectSameAsQuery("A = {9: 1, 10: 2}\ndef f(:\n    return A[cap]\nx = (\nB = [1, (9, 0)]\n"
                              "if cap == (9, 0):\n    y = A.get(cap)\nclass C(\n  z = d.get(\nfor in :\n",
                              "broken"),
            3u);
  EXPECT_GT(expectSameAsQuery("import a.b as c\nfrom x import (y,\nT = {(9, 0): 1}\nv = T[(9, 0)]\n", "broken import"),
            3u);
}

TEST(TreePatternReader, ReadsTheSubsetWithFieldsAndCaptures) {
  auto ps = parseTreePatterns("; a comment\n(call function: (attribute attribute: (identifier) @m)) @c @d\n(list) @l",
                              "x.scm");
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_EQ(ps[0].type, "call");
  EXPECT_EQ(ps[0].line, 2);
  EXPECT_EQ(ps[0].captures, (std::vector<std::string>{"c", "d"}));
  ASSERT_EQ(ps[0].children.size(), 1u);
  EXPECT_EQ(ps[0].children[0].field, "function");
  ASSERT_EQ(ps[0].children[0].children.size(), 1u);
  EXPECT_EQ(ps[0].children[0].children[0].captures, std::vector<std::string>{"m"});
  EXPECT_EQ(ps[1].type, "list");
}

TEST(TreePatternReader, RejectsWhatItDoesNotSupportWithFileAndLine) {
  auto message = [](const char* text) {
    try {
      parseTreePatterns(text, "q.scm");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("(list) @l\n[(list) (set)] @x").rfind("q.scm:2: expected '('", 0), 0u);
  EXPECT_EQ(message("(call (identifier)) @c").rfind("q.scm:1: expected a field name", 0), 0u);
  EXPECT_EQ(message("\n\n(list").rfind("q.scm:3: expected ')'", 0), 0u);
  EXPECT_EQ(message("(list) @").rfind("q.scm:1: expected a capture name", 0), 0u);
  EXPECT_EQ(message("(list) @l\n; fine\n(set) @s"), "no error");
}

TEST(TreePatternMatcher, RejectsATypeOrFieldTheGrammarLacks) {
  auto message = [](const char* file, const std::string& text) {
    try {
      TreeMatcher(tree_sitter_python(), {{file, text}});
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("t.scm", "(lists) @l"), "t.scm:1: the grammar has no node type 'lists'");
  EXPECT_EQ(message("f.scm", "\n(call callee: (identifier)) @c"), "f.scm:2: the grammar has no field 'callee'");
}

}  // namespace
}  // namespace archscan::py
