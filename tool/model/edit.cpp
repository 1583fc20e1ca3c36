#include "model/edit.h"

namespace archscan {

const char* riskName(Risk r) {
  switch (r) {
    case Risk::Safe:
      return "safe";
    case Risk::Review:
      return "review";
  }
  return "review";
}

}  // namespace archscan
