#include "arch/interned.h"

#include <mutex>
#include <unordered_set>

namespace archscan {
namespace {

// The values nearly every key has, found without the lock.
const std::string kCommon[] = {"", ", ", ",", "sm_", "sm", "compute_", "-real", "-virtual", "+PTX", "+ptx"};

// Every other value seen, never freed: the pool only grows by the distinct
// spellings a scan meets, a handful. Nodes keep their addresses.
const std::string* pooled(std::string_view s) {
  static std::mutex lock;
  static auto* pool = new std::unordered_set<std::string>();
  std::lock_guard<std::mutex> hold(lock);
  return &*pool->emplace(s).first;
}

}  // namespace

Interned::Interned() : s_(&kCommon[0]) {}

Interned::Interned(std::string_view s) {
  for (const std::string& c : kCommon)
    if (c == s) {
      s_ = &c;
      return;
    }
  s_ = pooled(s);
}

}  // namespace archscan
