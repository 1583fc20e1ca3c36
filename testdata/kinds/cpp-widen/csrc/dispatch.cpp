#include <stdexcept>

int getSMVersion();
bool fp8Enabled();

// A comparison beside `&&` needs parentheses once widened; one inside a
// `||` run or alone in its condition does not. In a run, the new test goes
// after the nearest lower arch.
int tileSize() {
  int sm = getSMVersion();
  if (fp8Enabled() && sm == 100) return 256;  // expect: missing-arch sm_120 error
  if (sm == 90 || sm == 100 || sm == 103) return 128;  // (the same chain on sm)
  throw std::runtime_error("unsupported SM");
}

// A test conjoined with a feature check is widened where it stands: the
// `|| sm == 103` arm beside it does not require fp8.
int pipeline() {
  int sm = getSMVersion();
  if (fp8Enabled() && sm == 100 || sm == 103) return 4;  // expect: missing-arch sm_120 error
  throw std::runtime_error("unsupported SM");
}

// A new label shares the `like` label's body, after the nearest lower arch
// among the labels beside it.
const char* kernelName(int sm_version) {
  switch (sm_version) {  // expect: missing-arch sm_120 error
    case 90:
      return "sm90_gemm";
    case 100:
    case 103:
      return "sm100_gemm";
    default:
      throw std::runtime_error("unsupported SM");
  }
}

struct Stages {
  int arch;
  int stages;
};

// A copied value is a proposal, marked for review; it goes after the nearest lower arch.
static const Stages kStagesBySm[] = {  // expect: missing-arch sm_120 warning
    {90, 4},
    {100, 6},
    {103, 6},
};

int stages() {
  int sm = getSMVersion();
  for (const auto& e : kStagesBySm)
    if (e.arch == sm) return e.stages;
  return 2;
}
