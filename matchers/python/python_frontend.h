#pragma once
// The Python front-end: one file's source in, its FileFacts out. Holds only
// the tree patterns, read once and immutable after, so one instance serves
// every thread.
#include <memory>

#include "frontend/frontend.h"
#include "knowledge/knowledge.h"

namespace archscan {

namespace py {
class QuerySet;
}

class PythonFrontend : public Frontend {
 public:
  explicit PythonFrontend(const Knowledge& k);
  ~PythonFrontend() override;
  PythonFrontend(const PythonFrontend&) = delete;
  PythonFrontend& operator=(const PythonFrontend&) = delete;

  Language language() const override { return Language::Python; }
  bool accepts(std::string_view filename, std::string_view head) const override;
  bool worthParsing(std::string_view text) const override;
  FileFacts extract(const SourceText& source) const override;
  FileFacts skim(const SourceText& source) const override;
  int syntaxErrors(const SourceText& source) const override;
  const EditingSyntax& editing() const override;
  std::optional<std::string> notOneValue(const std::string& value) const override;

 private:
  const Knowledge& k_;
  std::unique_ptr<const py::QuerySet> queries_;
};

}  // namespace archscan
