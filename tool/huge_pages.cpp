// Memory for a scan comes from glibc's heap 4 KiB at a time, and on the
// virtual machines archscan is measured on, the first touch of each page
// costs about 10 us: a warm scan of Megatron-LM took 2,000 such faults, a
// third of its CPU time. Where the kernel gives transparent huge pages to
// memory that asks for them (the usual "madvise" setting), the heap is
// grown once, before anything else allocates, by more than a scan needs and
// marked as wanting huge pages; malloc then carves it up without returning
// it. Only address space is taken: pages are backed when first touched, in
// 2 MiB steps. Threads' own arenas are left as glibc makes them.
// ARCHSCAN_SMALL_PAGES=1 turns this off.
#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {

constexpr size_t kHuge = size_t(2) << 20;
constexpr size_t kReserve = size_t(256) << 20;

// Whether the kernel gives huge pages only where they are asked for.
bool hugePagesOnRequest() {
  int fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[128] = {};
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  return n > 0 && std::strstr(buf, "[madvise]") != nullptr;
}

// Before the constructors of default priority (LLVM's option tables among
// them), so that what they allocate lands in huge pages too.
__attribute__((constructor(101))) void growHeapInHugePages() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return;  // the sanitizer's allocator replaces glibc's
#else
  if (std::getenv("ARCHSCAN_SMALL_PAGES") || !hugePagesOnRequest()) return;
  // Large blocks from the heap too (not from mmap, page by page), and what is
  // freed kept for reuse rather than given back.
  if (!mallopt(M_MMAP_THRESHOLD, 1 << 30) || !mallopt(M_TRIM_THRESHOLD, 1 << 30)) return;
  void* block = std::malloc(kReserve);
  if (!block) return;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(block) + kHuge - 1) & ~uintptr_t(kHuge - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(block) + kReserve) & ~uintptr_t(kHuge - 1);
  std::free(block);
  madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

}  // namespace
