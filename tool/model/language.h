#pragma once
// The languages archscan reads. Which files a language covers is its
// front-end's decision (frontend/frontend.h); this is only the name.
namespace archscan {

enum class Language { Python, Cpp, CMake, Shell };

// "python", "cpp", "cmake", "shell" (scripts, Dockerfiles, workflows): the name used in output and fixtures.
const char* languageName(Language l);

}  // namespace archscan
