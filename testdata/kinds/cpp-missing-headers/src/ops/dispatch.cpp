// The SDK header sits where no include folder is guessed (vendor/sdk/include),
// so Clang parses this file without it and drops every initializer that
// calls into it. The declarations' own words still say where the values come
// from, and the scanned header says that queryDevice() returns a capability.
#include <stdexcept>

#include <sdk/device.h>

namespace ops {

int tile_for_device() {
  int const dev = sdk::queryDevice();
  if (dev == 90) {  // expect: missing-arch sm_120 error
    return 128;
  } else if (dev == 100) {
    return 256;
  }
  throw std::runtime_error("unsupported device");
}

class Runner {
 public:
  Runner() : mDev(sdk::queryDevice()) {}
  int stages() const;

 private:
  int mDev;
};

int Runner::stages() const {
  switch (mDev) {  // expect: missing-arch sm_120 error
    case 90:
      return 4;
    case 100:
      return 6;
    default:
      throw std::runtime_error("unsupported device");
  }
}

}  // namespace ops
