#pragma once
// The one shape every language front-end has: it says which files it reads
// and turns one file's text into FileFacts. A front-end sees one file and
// nothing else, and holds only immutable state, so one instance serves every
// extraction thread. The table of front-ends is extract/registry.cpp. Its
// editing half (editing.h) tells the patch stage how the language is written.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/editing.h"
#include "model/facts.h"
#include "model/language.h"

namespace archscan {

struct SourceText {
  std::string path;  // as displayed
  std::string text;  // any BOM blanked, so byte offsets are the file's
};

class Frontend {
 public:
  virtual ~Frontend() = default;
  virtual Language language() const = 0;
  // Whether this front-end reads the file, judged by its name and, where the
  // name says nothing, by its first bytes (`head`, possibly empty).
  virtual bool accepts(std::string_view filename, std::string_view head) const = 0;
  // Files a front-end reads by the folder they sit in rather than by name
  // (.github/workflows/*.yml); `path` is '/'-separated. None by default.
  virtual bool acceptsPath(std::string_view path) const;
  // A cheap look before parsing: may the text hold an arch decision at all?
  virtual bool worthParsing(std::string_view text) const = 0;
  virtual FileFacts extract(const SourceText& source) const = 0;
  // What a file the prefilter skipped still gives other files (Python: its
  // imports, so re-exports link). Empty by default.
  virtual FileFacts skim(const SourceText& source) const;
  // Syntax errors in a text (patch verification); 0 where the front-end cannot tell.
  virtual int syntaxErrors(const SourceText& source) const = 0;

  // The editing half. How the language spells what the patch stage writes.
  virtual const EditingSyntax& editing() const = 0;
  // Why `value` (a patch set's `values:` entry, written verbatim) is not one
  // value of the language and nothing more; nullopt when it is.
  virtual std::optional<std::string> notOneValue(const std::string& value) const = 0;
  // The new arch's entry beside `like` (one of `entries`) in a form only this
  // language has, `key` being the new arch's key in the site's spelling;
  // nullopt for the forms every language shares (mapping entries, list
  // elements), which the patch stage writes itself. None by default.
  virtual std::optional<EntryEdit> renderEntry(const std::string& source, const std::vector<Entry>& entries,
                                               const Entry& like, const std::string& key, const Arch& add) const;
};

// The front-ends of one scan, in registration order.
class FrontendSet {
 public:
  explicit FrontendSet(std::vector<std::unique_ptr<Frontend>> frontends);
  // The first front-end that accepts the file by its name and first bytes,
  // then the first that accepts it by its path ('/'-separated), or null.
  const Frontend* forFile(std::string_view path, std::string_view head = {}) const;
  const Frontend& of(Language language) const;

 private:
  std::vector<std::unique_ptr<Frontend>> all_;
};

}  // namespace archscan
