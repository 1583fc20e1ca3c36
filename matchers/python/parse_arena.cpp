#include "parse_arena.h"

#include <sys/mman.h>
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#if defined(__SANITIZE_ADDRESS__)
#define ARCHSCAN_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARCHSCAN_ASAN 1
#endif
#endif
#ifdef ARCHSCAN_ASAN
#include <sanitizer/asan_interface.h>
// Blocks are unpoisoned when handed out and the whole region poisoned again
// at reset, so a tree used after its scope is reported as it is with malloc.
#define POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace archscan::py {
namespace {

constexpr size_t kAlign = 16;
// A block's size, kept in front of it for reallocate's copy.
struct alignas(kAlign) Header {
  size_t size;
};

size_t roundUp(size_t n, size_t to) { return (n + to - 1) / to * to; }

Header* headerOf(void* p) { return static_cast<Header*>(p) - 1; }

}  // namespace

BumpRegion::BumpRegion(size_t capacity) {
  // Address space only (MAP_NORESERVE); a system that refuses that much
  // gets asked for less.
  for (size_t want = roundUp(capacity, 1 << 21); want >= (size_t{1} << 21); want /= 4) {
    void* p = mmap(nullptr, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) continue;
    base_ = static_cast<char*>(p);
    capacity_ = want;
    // A fresh page costs a fault; a huge one costs one per 2 MiB (where the
    // kernel gives them on request).
    madvise(base_, capacity_, MADV_HUGEPAGE);
    return;
  }
}

BumpRegion::~BumpRegion() {
  // Memory mapped here later must not inherit the poison.
  UNPOISON(base_, poisoned_);
  if (base_) munmap(base_, capacity_);
}

void* BumpRegion::allocate(size_t n) {
  if (n > capacity_) return nullptr;
  size_t need = sizeof(Header) + roundUp(std::max<size_t>(n, 1), kAlign);
  if (need > capacity_ - used_) return nullptr;
  char* at = base_ + used_;
  used_ += need;
  touched_ = std::max(touched_, used_);
  UNPOISON(at, sizeof(Header) + n);
  reinterpret_cast<Header*>(at)->size = n;
  return at + sizeof(Header);
}

void* BumpRegion::reallocate(void* p, size_t n) {
  Header* h = headerOf(p);
  size_t old = h->size;
  if (n <= old) return p;
  if (n > capacity_) return nullptr;
  char* end = static_cast<char*>(p) + roundUp(std::max<size_t>(old, 1), kAlign);
  if (end == base_ + used_) {  // the newest block grows where it is
    size_t grown = roundUp(n, kAlign);
    size_t start = static_cast<size_t>(static_cast<char*>(p) - base_);
    if (grown > capacity_ - start) return nullptr;
    used_ = start + grown;
    touched_ = std::max(touched_, used_);
    UNPOISON(p, n);
    h->size = n;
    return p;
  }
  void* q = allocate(n);
  if (q) std::memcpy(q, p, std::min(old, n));
  return q;
}

void BumpRegion::reset(size_t keepBacked) {
  POISON(base_, touched_);
  poisoned_ = std::max(poisoned_, touched_);
  used_ = 0;
  size_t keep = roundUp(keepBacked, 1 << 21);
  if (touched_ > keep) {
    madvise(base_ + keep, touched_ - keep, MADV_DONTNEED);
    touched_ = keep;
  }
}

namespace {

// tree-sitter's allocator hooks are plain function pointers without a
// context argument, so the region they reach is found per thread.
struct ThreadArena {
  std::unique_ptr<BumpRegion> region;
  bool active = false;
  bool spilled = false;  // something in this scope came from malloc
};
thread_local ThreadArena arena;

// What stays backed between files: more than nearly every file's parse.
constexpr size_t kKeepBacked = size_t{64} << 20;

bool owned(const void* p) { return arena.region && arena.region->owns(p); }

void* hookMalloc(size_t n) {
  if (arena.active) {
    if (void* p = arena.region->allocate(n)) return p;
    arena.spilled = true;
  }
  return std::malloc(n);
}

void* hookCalloc(size_t count, size_t n) {
  size_t total = 0;
  if (arena.active && !__builtin_mul_overflow(count, n, &total)) {
    if (void* p = arena.region->allocate(total)) return std::memset(p, 0, total);
    arena.spilled = true;
  }
  return std::calloc(count, n);
}

void* hookRealloc(void* p, size_t n) {
  if (!p) return hookMalloc(n);
  if (!owned(p)) return std::realloc(p, n);
  if (void* q = arena.region->reallocate(p, n)) return q;
  arena.spilled = true;
  void* q = std::malloc(n);
  if (q) std::memcpy(q, p, std::min(headerOf(p)->size, n));
  return q;
}

void hookFree(void* p) {
  if (!owned(p)) std::free(p);
}

}  // namespace

// A parse takes some tens of times its file's size; a file needing more than
// the region comes partly from malloc, which stays correct.
ParseScope::ParseScope(size_t regionBytes) {
  // Once per process; outside a scope the hooks are malloc and free.
  static const bool installed = [] {
    ts_set_allocator(hookMalloc, hookCalloc, hookRealloc, hookFree);
    return true;
  }();
  (void)installed;
  if (arena.active) return;  // an inner scope changes nothing
  if (!arena.region) arena.region = std::make_unique<BumpRegion>(regionBytes);
  arena.active = outermost_ = true;
  arena.spilled = false;
}

ParseScope::~ParseScope() {
  if (!outermost_) return;
  arena.active = false;
  arena.region->reset(kKeepBacked);
}

bool ParseScope::holdsEverything() const { return !arena.spilled; }

}  // namespace archscan::py
