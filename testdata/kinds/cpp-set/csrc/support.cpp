#include <algorithm>
#include <iterator>
#include <stdexcept>

int getSMVersion();

constexpr int kSupportedSm[] = {90, 100};  // expect(all): missing-arch sm_120 warning

bool supported() {
  int sm = getSMVersion();
  return std::find(std::begin(kSupportedSm), std::end(kSupportedSm), sm) != std::end(kSupportedSm);
}

// Bit widths, not archs.
constexpr int kWidths[] = {8, 16, 32};  // expect-none
