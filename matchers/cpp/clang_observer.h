#pragma once
// The AST half of the Clang front-end: an ASTConsumer that fills
// Observations for the main file. Only clang_parser.cpp uses this header.
#include <memory>
#include <string_view>

#include "observations.h"

namespace clang {
class ASTConsumer;
class CompilerInstance;
}  // namespace clang

namespace archscan::cpp {

// `text` is the main file's content as parsed; it must outlive the consumer.
std::unique_ptr<clang::ASTConsumer> makeObserver(clang::CompilerInstance& ci, std::string_view text, Observations& out);

}  // namespace archscan::cpp
