#include "util/threads.h"

#include <pthread.h>

#include <exception>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace archscan {
namespace {

struct Job {
  const std::function<void()>& work;
  std::mutex mutex;
  std::exception_ptr error;  // the first a worker threw, thrown again by runWorkers
};

void* trampoline(void* arg) {
  auto* job = static_cast<Job*>(arg);
  try {
    job->work();
  } catch (...) {
    std::lock_guard<std::mutex> lock(job->mutex);
    if (!job->error) job->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void runWorkers(int n, const std::function<void()>& work) {
  if (n < 1) n = 1;
  Job job{work, {}, nullptr};
  std::vector<pthread_t> threads;
  for (int i = 0; i < n; ++i) {
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    int rc = pthread_attr_setstacksize(&attr, kWorkerStackBytes);
    if (rc == 0) rc = pthread_create(&t, &attr, trampoline, &job);
    pthread_attr_destroy(&attr);
    if (rc != 0 && pthread_create(&t, nullptr, trampoline, &job) != 0) {
      for (pthread_t j : threads) pthread_join(j, nullptr);
      throw std::runtime_error("cannot start a worker thread");
    }
    threads.push_back(t);
  }
  for (pthread_t t : threads) pthread_join(t, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace archscan
