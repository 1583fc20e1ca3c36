#pragma once
// `audit --diff OLD.json`: what changed on the targets between an earlier
// audit (its JSON) and this one, for a bring-up tracked over weeks.
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/audit_model.h"

namespace archscan {

struct AuditDiffError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct AuditChange {
  std::string id, name, file, target;
  int line = 0;
  std::string was, now;  // cell states; "" where the site did not exist
};

struct AuditDiff {
  std::string old_path;
  std::vector<std::string> targets;  // compared: in both runs
  std::vector<std::string> only_now, only_then;  // targets of one run only
  std::vector<AuditChange> fixed;  // had a gap (crash, fallback, unknown), now has none
  std::vector<AuditChange> new_gaps;  // an existing site that now has a gap
  std::vector<AuditChange> changed;  // a gap whose effect changed (crash -> fallback)
  std::vector<AuditChange> new_sites;  // sites that did not exist (one entry per target)
  std::vector<AuditChange> removed;  // sites that no longer exist
};

// A gap is a crash, a fallback or an unknown effect on a target.
bool isGap(const std::string& cellState);
// Throws AuditDiffError ("OLD.json: ...") when the text is not an audit JSON.
AuditDiff diffAudit(const AuditModel& now, const std::string& oldJson, const std::string& oldPath);

void printAuditDiffText(const AuditDiff& d, std::ostream& out);
void printAuditDiffMarkdown(const AuditDiff& d, std::ostream& out);
void printAuditDiffJson(const AuditDiff& d, std::ostream& out);

}  // namespace archscan
