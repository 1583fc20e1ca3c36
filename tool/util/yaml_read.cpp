#include "util/yaml_read.h"
#include "util/nesting.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <map>
#include <sstream>

namespace archscan {
namespace {

struct Duplicate {
  std::string message;
};

// Follows the parser's events (aliases are not expanded, so this is linear
// in the text) and stops at the first key seen twice in one mapping.
class DuplicateKeys : public YAML::EventHandler {
 public:
  explicit DuplicateKeys(const std::string& origin) : origin_(origin) {}
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t) override { leaf(m, "~"); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t a) override { leaf(m, "*" + std::to_string(a)); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t, const std::string& v) override { leaf(m, v); }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    frames_.push_back(Frame{false, true, {}});
  }
  void OnSequenceEnd() override { end(); }
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    frames_.push_back(Frame{true, true, {}});
  }
  void OnMapEnd() override { end(); }

 private:
  struct Frame {
    bool map;
    bool expectKey;
    std::map<std::string, YAML::Mark> keys;
  };
  void leaf(const YAML::Mark& m, const std::string& text) {
    if (frames_.empty() || !frames_.back().map) return;
    Frame& f = frames_.back();
    if (f.expectKey) {
      auto [it, fresh] = f.keys.emplace(text, m);
      if (!fresh)
        throw Duplicate{yamlPlace(origin_, m) + ": duplicate key '" + text + "' (first at line " +
                        std::to_string(it->second.line + 1) + "); each key may appear once"};
    }
    f.expectKey = !f.expectKey;
  }
  // A collection ended: in a mapping it was a (complex) key or a value.
  void end() {
    frames_.pop_back();
    if (!frames_.empty() && frames_.back().map) frames_.back().expectKey = !frames_.back().expectKey;
  }
  const std::string& origin_;
  std::vector<Frame> frames_;
};

}  // namespace

std::optional<std::string> yamlStrictnessError(const std::string& text, const std::string& origin) {
  if (auto deep = nestingProblem(text)) return deep->at(origin);  // before a recursive parser sees it
  size_t nul = text.find('\0');
  if (nul != std::string::npos) {
    size_t lineStart = text.rfind('\n', nul);
    size_t column = nul - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1;
    return origin + ":" + std::to_string(lineAt(text, nul)) + ":" + std::to_string(column) +
           ": a NUL byte; YAML text cannot contain one";
  }
  std::istringstream in(text);
  YAML::Parser parser(in);
  DuplicateKeys handler(origin);
  try {
    parser.HandleNextDocument(handler);  // YAML::Load reads the first document only
  } catch (const Duplicate& d) {
    return d.message;
  }
  return std::nullopt;
}

}  // namespace archscan
