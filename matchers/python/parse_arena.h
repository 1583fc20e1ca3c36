#pragma once
// Memory for one file's parse. tree-sitter makes and frees a small block for
// every node it builds and tries, and freeing a tree walks every node: with
// malloc that was a seventh of the CPU of a Python scan. Inside a ParseScope,
// this thread's tree-sitter allocations are cut in order from one reserved
// region, freeing them does nothing, and the scope's end takes them all back
// at once.
#include <cstddef>

namespace archscan::py {

// A bump allocator over one reserved range of address space: pages are
// backed when first touched. Blocks are 16-byte aligned; only the newest
// block grows in place.
class BumpRegion {
 public:
  // Reserves `capacity` bytes (less when the system refuses that much; none
  // at all leaves a region that owns nothing and allocates nothing).
  explicit BumpRegion(size_t capacity);
  ~BumpRegion();
  BumpRegion(const BumpRegion&) = delete;
  BumpRegion& operator=(const BumpRegion&) = delete;

  // nullptr when the region is full.
  void* allocate(size_t n);
  // `p` must be owned. nullptr when the region is full, and `p` is kept.
  void* reallocate(void* p, size_t n);
  bool owns(const void* p) const { return p >= base_ && p < base_ + capacity_; }
  // Every block is forgotten; memory touched above `keepBacked` bytes goes
  // back to the system, so one huge file does not hold its memory for good.
  void reset(size_t keepBacked);

  size_t capacity() const { return capacity_; }
  size_t used() const { return used_; }

 private:
  char* base_ = nullptr;
  size_t capacity_ = 0;
  size_t used_ = 0;
  size_t touched_ = 0;  // high-water mark since the memory above keepBacked was last returned
  size_t poisoned_ = 0;  // how far ASan builds have poisoned the region
};

// While one lives, tree-sitter allocations on this thread come from the
// thread's region (a block that does not fit there comes from malloc, and is
// freed as usual). A scope inside another changes nothing; other threads are
// not affected.
class ParseScope {
 public:
  // `regionBytes` is what the thread's region reserves if it has none yet.
  static constexpr size_t kRegionBytes = size_t{4} << 30;
  explicit ParseScope(size_t regionBytes = kRegionBytes);
  ~ParseScope();
  ParseScope(const ParseScope&) = delete;
  ParseScope& operator=(const ParseScope&) = delete;

  // Whether every allocation so far went to the region: then trees need not
  // be deleted (walked) one node at a time, the scope's end drops them.
  bool holdsEverything() const;

 private:
  bool outermost_ = false;
};

}  // namespace archscan::py
