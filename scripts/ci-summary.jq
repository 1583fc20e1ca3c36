# The job's step summary ($GITHUB_STEP_SUMMARY), in Markdown, from the JSON
# of `archscan check` (schemas/check.schema.json): the counts, then the
# findings worst first, at most $top of them, saying how many more there are
# and how many GitHub shows no annotation for.
#   jq -r --argjson top 20 -f ci-summary.jq archscan.json
def plural($n; $word): "\($n) \($word)\(if $n == 1 then "" else "s" end)";
# A table cell: one line, and no | to end it early.
def cell: tostring | gsub("[\r\n]+"; " ") | gsub("\\|"; "\\|");
def code: "`" + (cell | gsub("`"; "'")) + "`";
def rank: {"error": 0, "warning": 1, "note": 2}[.severity];
# GitHub annotates at most this many errors, warnings and notices per step.
def shown_per_step: 10;

.findings as $findings
| ($findings | length) as $n
| [ "error", "warning", "note" ] as $levels
| [ $levels[] as $l | { level: $l, count: ([$findings[] | select(.severity == $l)] | length) } ] as $counts
| "## archscan check",
  "",
  ( if $n == 0 then "No findings"
    else "**\(plural($n; "finding"))**: " + ([ $counts[] | select(.count > 0) | plural(.count; .level) ] | join(", "))
    end
    + (if (.targets | length) > 0 then " for \(.targets | join(", "))" else " (no target: sibling and name checks only)" end)
    + "; \(plural(.stats.files_seen; "file")) scanned."
  ),
  ( [ .diagnostics[] | select(.level == "error" or .level == "warning") ] | length
    | select(. > 0) | "", "\(plural(.; "file")) could not be read or parsed in full: the job log lists them." ),
  ( select($n > 0)
    | "",
      "| severity | rule | arch | where | finding |",
      "| --- | --- | --- | --- | --- |",
      ( $findings | sort_by(rank, .file, .line) | .[:$top][]
        | "| \(.severity) | \(.rule | code) | \(.arch // "" | cell) | \("\(.file):\(.line)" | code) | \(.message | cell) |" ),
      ( select($n > $top) | "", "\(plural($n - $top; "more finding")) not listed here; the SARIF report and the log have every one." ),
      ( [ $counts[] | select(.count > shown_per_step) | "\(.count - shown_per_step) of the \(.count) \(.level)s" ]
        | select(length > 0)
        | "", "GitHub shows \(shown_per_step) annotations of each level per step: \(join(", ")) have no annotation on the files (code scanning and the log have them)." )
  )
