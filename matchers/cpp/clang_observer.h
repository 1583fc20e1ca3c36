#pragma once
// The AST half of the Clang front-end: an ASTConsumer that fills
// Observations for the main file. Only clang_parser.cpp uses this header.
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "observations.h"

namespace clang {
class ASTConsumer;
class CompilerInstance;
}  // namespace clang

namespace archscan::cpp {

// Whether to parse the body of a function declared in an included file,
// given its name: only helpers that may return a capability are worth it.
using KeepBody = std::function<bool(const std::string& name)>;

// `text` is the main file's content as parsed; it must outlive the consumer.
// Function bodies in included files are skipped unless the file is inside
// `root` and `keepBody` wants the function: headers are scanned as their own
// units, and parsing their bodies is most of the cost of a unit.
std::unique_ptr<clang::ASTConsumer> makeObserver(clang::CompilerInstance& ci, std::string_view text,
                                                 const std::string& root, const KeepBody& keepBody, Observations& out);

}  // namespace archscan::cpp
