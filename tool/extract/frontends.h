#pragma once
// Every front-end behind one door, chosen by a file's language. Holds only
// immutable state, so one instance serves every thread.
#include <string>

#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "python_frontend.h"

namespace archscan {

class Frontends {
 public:
  explicit Frontends(const Knowledge& k) : k_(k), python_(k) {}
  // `text` with any BOM already blanked.
  FileFacts extract(const std::string& language, const std::string& path, const std::string& text) const;
  int syntaxErrors(const std::string& language, const std::string& text) const;

 private:
  const Knowledge& k_;
  PythonFrontend python_;
};

}  // namespace archscan
