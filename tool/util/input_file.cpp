#include "util/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace archscan {
namespace {

const char* typeName(mode_t m) {
  if (S_ISDIR(m)) return "a folder";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

// Closes the descriptor on every way out.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string readInputFile(const std::string& path, std::size_t cap) {
  // O_NONBLOCK: opening a FIFO with no writer must not wait for one.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (f.fd < 0) throw std::runtime_error(path + ": cannot read: " + std::strerror(errno));
  struct stat st;
  if (::fstat(f.fd, &st) != 0) throw std::runtime_error(path + ": cannot read: " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw std::runtime_error(path + ": " + typeName(st.st_mode) + ", not a regular file; not read");
  if (static_cast<std::size_t>(st.st_size) > cap)
    throw std::runtime_error(path + ": larger than " + std::to_string(cap >> 20) + " MiB; not read");
  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(path + ": read error: " + std::strerror(errno));
    }
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    // The file may grow while it is read.
    if (text.size() > cap)
      throw std::runtime_error(path + ": larger than " + std::to_string(cap >> 20) + " MiB; not read");
  }
  return text;
}

}  // namespace archscan
