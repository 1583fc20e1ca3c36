#pragma once
// ANSI colour for terminal output, or nothing.
#include <string>

namespace archscan {

struct Style {
  bool on = false;
  std::string wrap(const std::string& s, const char* code) const {
    return on ? "\x1b[" + std::string(code) + "m" + s + "\x1b[0m" : s;
  }
  std::string bold(const std::string& s) const { return wrap(s, "1"); }
  std::string red(const std::string& s) const { return wrap(s, "31"); }
  std::string yellow(const std::string& s) const { return wrap(s, "33"); }
  std::string cyan(const std::string& s) const { return wrap(s, "36"); }
  std::string green(const std::string& s) const { return wrap(s, "32"); }
  std::string dim(const std::string& s) const { return wrap(s, "2"); }
};

}  // namespace archscan
