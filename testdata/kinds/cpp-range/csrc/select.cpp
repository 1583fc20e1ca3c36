#include <stdexcept>

int getSMVersion();

const char* runner() {
  int sm = getSMVersion();
  if (sm == 90) {  // expect: bounded-range sm_120 error
    return "hopper";
  } else if (sm >= 100 && sm < 120) {
    return "blackwell";
  } else {
    throw std::runtime_error("unsupported SM");
  }
}

bool hasTma() { return getSMVersion() >= 90; }  // expect-none
