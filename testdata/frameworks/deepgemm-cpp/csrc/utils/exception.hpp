#pragma once
#include <stdexcept>
#include <string>

namespace deep_gemm {
class DGException : public std::runtime_error {
 public:
  explicit DGException(const std::string& what) : std::runtime_error(what) {}
};
}  // namespace deep_gemm

#define DG_HOST_ASSERT(cond)                                   \
  do {                                                         \
    if (not(cond)) throw deep_gemm::DGException("Assertion failed: " #cond); \
  } while (0)

#define DG_HOST_UNREACHABLE(reason) (throw deep_gemm::DGException(reason))
