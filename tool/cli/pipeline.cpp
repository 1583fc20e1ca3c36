#include "cli/pipeline.h"

#include "discover/discover.h"
#include "extract/extract.h"
#include "link/link.h"
#include "python_frontend.h"

namespace archscan {

Program scan(const ScanOptions& opts, const Knowledge& k) {
  DiscoverOptions d;
  d.excludes = opts.excludes;
  Discovery found = discover(opts.paths.empty() ? std::vector<std::string>{"."} : opts.paths, d);
  PythonFrontend python(k);
  Extraction ex = extractAll(found.files, python, opts.jobs);
  Program p = link(ex.files);
  p.diagnostics.insert(p.diagnostics.begin(), found.diagnostics.begin(), found.diagnostics.end());
  p.files_seen = ex.stats.files_seen;
  p.files_parsed = ex.stats.files_parsed;
  return p;
}

}  // namespace archscan
