#include "model/language.h"

namespace archscan {

const char* languageName(Language l) {
  switch (l) {
    case Language::Python:
      return "python";
    case Language::Cpp:
      return "cpp";
    case Language::CMake:
      return "cmake";
    case Language::Shell:
      return "shell";
  }
  return "?";
}

}  // namespace archscan
