// The run-time compiler's target, picked per device. A chain is judged on the
// union of its arms: sm_120 misses `sm > 90 && sm < 100` but `sm >= 89`
// takes it, so it does not fall to the else.
#include <string>

int getSMVersion();

std::string rtc_target() {
  int sm = getSMVersion();
  std::string arch;
  if (sm == 100)  // expect-none
    arch = "sm_100a";
  else if (sm == 90)
    arch = "sm_90a";
  else if (sm > 90 && sm < 100)
    arch = "sm_90";
  else if (sm >= 89)
    arch = "sm_89";
  else
    arch = "sm_80";
  return arch;
}

// The same chain without the open arm: sm_120 falls to the else.
std::string rtc_target_closed() {
  int sm = getSMVersion();
  std::string arch;
  if (sm == 100)  // expect: bounded-range sm_120 warning  expect(sm121): bounded-range sm_121 warning
    arch = "sm_100a";
  else if (sm > 90 && sm < 100)
    arch = "sm_90";
  else
    arch = "sm_80";
  return arch;
}
