#include "frontend/frontend.h"

#include <stdexcept>

namespace archscan {

FileFacts Frontend::skim(const SourceText&) const { return {}; }

bool Frontend::acceptsPath(std::string_view) const { return false; }

std::optional<EntryEdit> Frontend::renderEntry(const std::string&, const std::vector<Entry>&, const Entry&,
                                               const std::string&, const Arch&) const {
  return std::nullopt;
}

FrontendSet::FrontendSet(std::vector<std::unique_ptr<Frontend>> frontends) : all_(std::move(frontends)) {}

const Frontend* FrontendSet::forFile(std::string_view path, std::string_view head) const {
  size_t slash = path.rfind('/');
  std::string_view filename = slash == std::string_view::npos ? path : path.substr(slash + 1);
  for (const auto& f : all_)
    if (f->accepts(filename, head)) return f.get();
  for (const auto& f : all_)
    if (f->acceptsPath(path)) return f.get();
  return nullptr;
}

const Frontend& FrontendSet::of(Language language) const {
  for (const auto& f : all_)
    if (f->language() == language) return *f;
  throw std::logic_error(std::string("no front-end registered for ") + languageName(language));
}

}  // namespace archscan
