#pragma once
// The Python front-end: one file's source in, its FileFacts out. Holds only
// immutable compiled queries, so one instance serves every thread.
#include <memory>
#include <string>

#include "knowledge/knowledge.h"
#include "model/facts.h"

namespace archscan {

namespace py {
class QuerySet;
}

class PythonFrontend {
 public:
  explicit PythonFrontend(const Knowledge& k);
  ~PythonFrontend();
  PythonFrontend(const PythonFrontend&) = delete;
  PythonFrontend& operator=(const PythonFrontend&) = delete;

  FileFacts extract(const std::string& path, const std::string& source) const;
  // Whether `source` still parses without new syntax errors (patch verification).
  int syntaxErrors(const std::string& source) const;

 private:
  const Knowledge& k_;
  std::unique_ptr<py::QuerySet> queries_;
};

}  // namespace archscan
