#include <stdexcept>
#include <string>

#define HOST_ASSERT(cond) \
  do {                    \
    if (!(cond)) throw std::runtime_error("assertion failed: " #cond); \
  } while (0)
#define TORCH_CHECK(cond, msg) \
  do {                       \
    if (!(cond)) throw std::runtime_error(msg); \
  } while (0)
// A check whose message streams after it: the condition is the argument alone.
struct CheckFail {
  template <class T>
  CheckFail& operator<<(const T&) { return *this; }
  [[noreturn]] ~CheckFail();
};
#define STREAM_CHECK(cond) \
  if (!(cond))             \
  CheckFail() << __FILE__ << ":" << __LINE__ << " Check failed: " #cond ". "

int getSMVersion();
int getArchMajor();

void qv_forward(bool has_qv) {
  int arch = getSMVersion();
  if (has_qv) TORCH_CHECK(arch == 90, "q_v is only supported for Hopper GPUs");  // expect(all): gated sm_120 note
}

void check_fp4(bool is_fp4) {
  const int arch_major = getArchMajor();
  HOST_ASSERT(!is_fp4 || arch_major == 10);  // expect(all): gated sm_120 note
}

void run_bmm(int layout);
void run_bmm_sm100(int layout);

// The chain selects by the contraction; one contraction exists only as an
// sm100 kernel. Its else fails for an unknown contraction, not for an arch.
void contract(const std::string& expr) {
  const int arch_major = getArchMajor();
  if (expr == "bhr,hdr->bhd") {  // expect(all): gated sm_120 note
    run_bmm(0);
  } else if (expr == "bhd,hdr->bhr" && arch_major == 10) {
    run_bmm_sm100(1);
  } else {
    throw std::runtime_error("unsupported contraction: " + expr);
  }
}

// A generic "unsupported" with the arch alone in the test: a missing arch.
void init_device() {
  int arch_num = getSMVersion();
  STREAM_CHECK(arch_num == 80 || arch_num == 89 || arch_num == 90) << "unsupported arch: " << arch_num;  // expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
}
