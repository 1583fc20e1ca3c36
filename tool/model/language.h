#pragma once
// The languages archscan reads. Which files a language covers is its
// front-end's decision (frontend/frontend.h); this is only the name.
namespace archscan {

enum class Language { Python, Cpp, CMake, Shell };
// How many languages there are: the size of tables indexed by Language.
constexpr int kLanguageCount = static_cast<int>(Language::Shell) + 1;

// "python", "cpp", "cmake", "shell" (scripts, Dockerfiles, workflows): the name used in output and fixtures.
const char* languageName(Language l);

}  // namespace archscan
