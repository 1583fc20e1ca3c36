// The region the Python front-end parses in: blocks, growth, a full region,
// reuse after reset; and tree-sitter inside a scope building the same trees
// as with malloc, spilling to malloc when the region is full, and an inner
// scope leaving the outer one's trees alone.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <tree_sitter/api.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>

#include "python/parse_arena.h"

extern "C" const TSLanguage* tree_sitter_python();
// tree-sitter's current free, which strings it returns must go back to.
extern "C" void (*ts_current_free)(void*);

namespace archscan::py {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

bool aligned(const void* p) { return reinterpret_cast<uintptr_t>(p) % 16 == 0; }

TEST(BumpRegion, BlocksAreAlignedOwnedAndApart) {
  BumpRegion r(4 * kMiB);
  ASSERT_GE(r.capacity(), 4 * kMiB);
  char* a = static_cast<char*>(r.allocate(3));
  char* b = static_cast<char*>(r.allocate(100));
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(aligned(a) && aligned(b));
  EXPECT_TRUE(r.owns(a) && r.owns(b));
  EXPECT_GE(b, a + 3);
  std::memset(a, 'a', 3);
  std::memset(b, 'b', 100);
  EXPECT_EQ(std::string(a, 3), "aaa");
  int onStack = 0;
  EXPECT_FALSE(r.owns(&onStack));
  auto heap = std::make_unique<int>(1);
  EXPECT_FALSE(r.owns(heap.get()));
}

TEST(BumpRegion, TheNewestBlockGrowsInPlaceAnOlderOneMovesWithItsBytes) {
  BumpRegion r(4 * kMiB);
  char* older = static_cast<char*>(r.allocate(32));
  std::memcpy(older, "older block, thirty-two bytes!!", 32);
  char* newest = static_cast<char*>(r.allocate(16));
  std::memcpy(newest, "newest 16 bytes", 16);

  EXPECT_EQ(r.reallocate(newest, 4096), newest);
  EXPECT_EQ(std::string(newest), "newest 16 bytes");
  char* moved = static_cast<char*>(r.reallocate(older, 64));
  ASSERT_NE(moved, nullptr);
  EXPECT_NE(moved, older);
  EXPECT_TRUE(aligned(moved));
  EXPECT_EQ(std::string(moved), "older block, thirty-two bytes!!");
  EXPECT_GE(moved, newest + 4096);  // past the grown block, not over it
  EXPECT_EQ(r.reallocate(moved, 8), moved);  // shrinking keeps the block
}

TEST(BumpRegion, AFullRegionSaysSoAndKeepsTheBlock) {
  BumpRegion r(2 * kMiB);
  ASSERT_EQ(r.capacity(), 2 * kMiB);
  EXPECT_EQ(r.allocate(3 * kMiB), nullptr);
  char* a = static_cast<char*>(r.allocate(kMiB));
  ASSERT_NE(a, nullptr);
  a[0] = 'x';
  char* b = static_cast<char*>(r.allocate(kMiB / 2));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(r.reallocate(a, kMiB + kMiB / 2), nullptr);
  EXPECT_EQ(a[0], 'x');
  EXPECT_EQ(r.allocate(kMiB), nullptr);
  EXPECT_EQ(r.allocate(SIZE_MAX), nullptr);
}

TEST(BumpRegion, ResetStartsOverAtTheBeginning) {
  BumpRegion r(4 * kMiB);
  void* first = r.allocate(10);
  r.allocate(3 * kMiB);
  EXPECT_GT(r.used(), 3 * kMiB);
  r.reset(0);
  EXPECT_EQ(r.used(), 0u);
  EXPECT_EQ(r.allocate(20), first);
}

// What ASan builds poison at reset is unpoisoned when the region goes, so
// memory the system maps there later is usable (make sanitize checks).
TEST(BumpRegion, MemoryMappedWhereARegionWasIsUsable) {
  char* at = nullptr;
  {
    BumpRegion r(2 * kMiB);
    at = static_cast<char*>(r.allocate(kMiB)) - 16;  // the region's start: the first block's header
    r.reset(0);
  }
  void* again = mmap(at, 2 * kMiB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (again != at) GTEST_SKIP() << "the address was taken again before the test could map it";
  std::memset(at, 1, kMiB);
  EXPECT_EQ(at[kMiB - 1], 1);
  munmap(at, 2 * kMiB);
}

std::unique_ptr<TSParser, void (*)(TSParser*)> pythonParser() {
  std::unique_ptr<TSParser, void (*)(TSParser*)> p(ts_parser_new(), ts_parser_delete);
  ts_parser_set_language(p.get(), tree_sitter_python());
  return p;
}

std::string sexp(TSTree* tree) {
  char* s = ts_node_string(ts_tree_root_node(tree));
  std::string out(s);
  ts_current_free(s);
  return out;
}

std::string parsed(const std::string& source) {
  auto parser = pythonParser();
  TSTree* tree = ts_parser_parse_string(parser.get(), nullptr, source.data(), static_cast<uint32_t>(source.size()));
  std::string out = sexp(tree);
  ts_tree_delete(tree);
  return out;
}

std::string manyTables(int n) {
  std::string s = "import torch\n";
  for (int i = 0; i < n; ++i)
    s += "T" + std::to_string(i) + " = {(9, 0): 'sm90', (10, 0): 'sm100'}  # table " + std::to_string(i) + "\n";
  return s;
}

TEST(ParseScope, TreesAreTheSameAsWithMalloc) {
  const std::string source =
      manyTables(50) + "def f(x):\n    if x >= (9, 0):\n        return 1\n    raise ValueError(x)\n";
  const std::string expected = parsed(source);
  for (int round = 0; round < 3; ++round) {  // the second round reuses the first's memory
    ParseScope scope;
    EXPECT_EQ(parsed(source), expected) << "round " << round;
    EXPECT_TRUE(scope.holdsEverything());
  }
  EXPECT_EQ(parsed(source), expected);  // outside a scope: malloc again
}

TEST(ParseScope, ARegionTooSmallSpillsToMallocAndStaysCorrect) {
  const std::string big = manyTables(3000);  // a tree of far more than 2 MiB
  const std::string expected = parsed(big);
  std::string inScope;
  bool heldEverything = true;
  std::thread t([&] {  // a fresh thread, so its region is this small one
    ParseScope scope(2 * kMiB);
    inScope = parsed(big);
    heldEverything = scope.holdsEverything();
  });
  t.join();
  EXPECT_FALSE(heldEverything);
  EXPECT_EQ(inScope, expected);
}

TEST(ParseScope, AnInnerScopeLeavesTheOuterOnesTreesAlone) {
  const std::string a = manyTables(30), b = manyTables(40);
  ParseScope outer;
  auto parser = pythonParser();
  TSTree* tree = ts_parser_parse_string(parser.get(), nullptr, a.data(), static_cast<uint32_t>(a.size()));
  const std::string before = sexp(tree);
  {
    ParseScope inner;
  }
  // Had the inner scope taken the memory back, reading the tree is a
  // use-after-poison under ASan (make sanitize), and a parse that still went
  // to the region would write over it.
  EXPECT_EQ(parsed(b), parsed(b));
  EXPECT_EQ(sexp(tree), before);
  ts_tree_delete(tree);
}

}  // namespace
}  // namespace archscan::py
