#pragma once
// Every front-end behind one door, chosen by a file's language. Holds only
// immutable state, so one instance serves every thread.
#include <string>

#include "cpp_frontend.h"
#include "knowledge/knowledge.h"
#include "model/facts.h"
#include "python_frontend.h"

namespace archscan {

struct FrontendSettings {
  std::string root;      // the scanned folder (C++ include dirs are guessed below it)
  std::string database;  // compile_commands.json for C++; "" for the tolerant mode
};

class Frontends {
 public:
  Frontends(const Knowledge& k, const FrontendSettings& s)
      : k_(k), python_(k), cpp_(k, cpp::ClangSettings{s.root, s.database}) {}
  // `text` with any BOM already blanked.
  FileFacts extract(const std::string& language, const std::string& path, const std::string& text) const;
  int syntaxErrors(const std::string& language, const std::string& text) const;

 private:
  const Knowledge& k_;
  PythonFrontend python_;
  CppFrontend cpp_;
};

}  // namespace archscan
