#include "util/file_stamp.h"

#include <sys/stat.h>
#include <time.h>

namespace archscan {
namespace {

// Nanoseconds since the epoch, saturated: a time set centuries ahead
// (touch -d) must not overflow.
int64_t nanoseconds(const timespec& t) {
  constexpr int64_t kMaxSeconds = INT64_MAX / 1000000000 - 1;
  if (t.tv_sec > kMaxSeconds) return INT64_MAX;
  if (t.tv_sec < -kMaxSeconds) return INT64_MIN;
  return int64_t(t.tv_sec) * 1000000000 + t.tv_nsec;
}

}  // namespace

std::optional<FileStamp> stampOf(const std::string& path) {
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return stampOf(st);
}

std::optional<FileStamp> stampOf(const struct stat& st) {
  if (!S_ISREG(st.st_mode)) return std::nullopt;
  FileStamp s;
  s.dev = st.st_dev;
  s.ino = st.st_ino;
  s.size = static_cast<uint64_t>(st.st_size);
  s.mtime_ns = nanoseconds(st.st_mtim);
  s.ctime_ns = nanoseconds(st.st_ctim);
  return s;
}

std::string sizeAndTime(const FileStamp& s) { return std::to_string(s.size) + "-" + std::to_string(s.mtime_ns); }

int64_t nowNs() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return nanoseconds(ts);
}

bool stampIsSettled(const FileStamp& s, int64_t trusted_before_ns) {
  return s.mtime_ns < trusted_before_ns && s.ctime_ns < trusted_before_ns;
}

}  // namespace archscan
