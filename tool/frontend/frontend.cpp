#include "frontend/frontend.h"

#include <stdexcept>

namespace archscan {

FileFacts Frontend::skim(const SourceText&) const { return {}; }

FrontendSet::FrontendSet(std::vector<std::unique_ptr<Frontend>> frontends) : all_(std::move(frontends)) {}

const Frontend* FrontendSet::forFile(std::string_view filename, std::string_view head) const {
  for (const auto& f : all_)
    if (f->accepts(filename, head)) return f.get();
  return nullptr;
}

const Frontend& FrontendSet::of(Language language) const {
  for (const auto& f : all_)
    if (f->language() == language) return *f;
  throw std::logic_error(std::string("no front-end registered for ") + languageName(language));
}

}  // namespace archscan
