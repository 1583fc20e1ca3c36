#include "cli/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace archscan {
namespace {

void writeAll(int fd, const std::string& text, const std::string& name) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw OutputError(name + ": write failed: " + std::strerror(errno));
    }
    done += static_cast<size_t>(n);
  }
}

// Writes and closes `fd`, closing it on failure too.
void writeAndClose(int fd, const std::string& text, const std::string& name, bool flush) {
  try {
    writeAll(fd, text, name);
    if (flush && ::fsync(fd) != 0 && errno != EINVAL)
      throw OutputError(name + ": write failed: " + std::strerror(errno));
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) throw OutputError(name + ": write failed: " + std::strerror(errno));
}

}  // namespace

void writeOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::cout.flush();  // keep order with anything written through the stream
    if (!std::cout) throw OutputError("standard output: write failed");
    writeAll(STDOUT_FILENO, text, "standard output");
    return;
  }
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) throw OutputError(path + ": a folder; cannot write the report there");
    int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw OutputError(path + ": cannot write: " + std::strerror(errno));
    writeAndClose(fd, text, path, false);
    return;
  }
  std::string tmp = path + ".archscan-tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw OutputError(path + ": cannot write: " + std::strerror(errno));
  try {
    writeAndClose(fd, text, path, true);
  } catch (...) {
    std::remove(tmp.c_str());
    throw;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string err = std::strerror(errno);
    std::remove(tmp.c_str());
    throw OutputError(path + ": cannot replace: " + err);
  }
}

}  // namespace archscan
