#!/usr/bin/env python3
"""Precision of archscan's default findings on real framework trees.

For each tree in trees.json (or --only NAME...): materialise it at its pinned
commit outside this repository (once), run `archscan check` on it, and compare
every finding with triage.tsv, the hand-judged verdicts kept beside this
script. Prints precision per rule, per severity and per language, lists
findings nobody has judged yet, and real findings that are no longer reported.

triage.tsv columns (tab-separated, '#' starts a comment line):
  tree  file:line  rule  arch  verdict(real|false)  reason  [class]
The optional class names the kind of false positive (gate, test-skip, ...).
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from materialise import materialise  # noqa: E402


def language(path):
    base = os.path.basename(path)
    ext = os.path.splitext(base)[1]
    if ext == ".py":
        return "python"
    if base == "CMakeLists.txt" or ext == ".cmake":
        return "cmake"
    if ext in (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".cu", ".cuh", ".inl"):
        return "cpp"
    return "build-script"


def load_triage(path):
    verdicts = {}
    if not os.path.exists(path):
        return verdicts
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 5 or cols[4] not in ("real", "false"):
                sys.exit(f"{path}:{n}: expected tree, file:line, rule, arch, real|false, reason")
            verdicts[tuple(cols[:4])] = (cols[4], cols[5] if len(cols) > 5 else "")
    return verdicts


def scan(archscan, tree_dir, out_json, extra):
    cmd = [archscan, "check", "--format", "json", "--fail-on", "never", "-q"] + extra + ["."]
    with open(out_json, "w") as out:
        r = subprocess.run(cmd, cwd=tree_dir, stdout=out, stderr=subprocess.PIPE, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"archscan failed on {tree_dir} (exit {r.returncode}): {r.stderr.strip()[:500]}")
    with open(out_json) as f:
        return json.load(f)


def norm(path):
    return path[2:] if path.startswith("./") else path


def wilson(real, n, z=1.96):
    """The 95 % Wilson score interval of a proportion real/n, in percent."""
    if n == 0:
        return None
    p = real / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def table(title, counts):
    print(f"\n{title:<22} {'judged':>7} {'real':>6} {'false':>6} {'precision':>10} {'95 % Wilson':>13} {'unjudged':>9}")
    for key in sorted(counts):
        c = counts[key]
        judged = c["real"] + c["false"]
        prec = f"{100.0 * c['real'] / judged:.0f} %" if judged else "-"
        w = wilson(c["real"], judged)
        interval = f"{w[0]:.0f}-{w[1]:.0f} %" if w else "-"
        print(f"{key:<22} {judged:>7} {c['real']:>6} {c['false']:>6} {prec:>10} {interval:>13} {c['unjudged']:>9}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--archscan", default=os.path.join(HERE, "..", "..", "build", "archscan"))
    ap.add_argument("--trees", default=os.environ.get("ARCHSCAN_TREES", "/tmp/archscan-trees"),
                    help="folder the trees are materialised in (outside the repository)")
    ap.add_argument("--mirror", default=os.environ.get("ARCHSCAN_MIRROR", "/work/.mirror"),
                    help="folder of bare git snapshots named OWNER+NAME/repo")
    ap.add_argument("--manifest", default=os.path.join(HERE, "trees.json"))
    ap.add_argument("--triage", default=os.path.join(HERE, "triage.tsv"))
    ap.add_argument("--results", default=None, help="keep each tree's JSON here")
    ap.add_argument("--unjudged", default=None, help="write unjudged findings here as triage stubs")
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--target", default="sm_120")
    ap.add_argument("--reuse", action="store_true", help="reuse JSON in --results instead of scanning")
    ap.add_argument("extra", nargs="*", help="more archscan arguments, after --")
    a = ap.parse_args()

    trees = json.load(open(a.manifest))["trees"]
    if a.only:
        trees = [t for t in trees if t["name"] in a.only]
    results = a.results or os.path.join(a.trees, "_results")
    os.makedirs(results, exist_ok=True)
    verdicts = load_triage(a.triage)
    seen = set()
    by_rule = collections.defaultdict(lambda: collections.Counter())
    by_sev = collections.defaultdict(lambda: collections.Counter())
    by_lang = collections.defaultdict(lambda: collections.Counter())
    by_tree = collections.defaultdict(lambda: collections.Counter())
    total = collections.Counter()
    stubs = []
    for t in trees:
        tree_dir = os.path.join(a.trees, t["name"])
        if not os.path.isdir(tree_dir):
            git_dir = os.path.join(a.mirror, t["repo"].replace("/", "+"), "repo")
            n, missing = materialise(git_dir, t["commit"], tree_dir)
            print(f"materialised {t['name']}: {n} files ({missing} large blobs absent)", file=sys.stderr)
        out_json = os.path.join(results, t["name"] + ".json")
        if a.reuse and os.path.exists(out_json):
            data = json.load(open(out_json))
        else:
            data = scan(a.archscan, tree_dir, out_json, ["--target", a.target] + a.extra)
        for f in data["findings"]:
            loc = f"{norm(f['file'])}:{f['line']}"
            key = (t["name"], loc, f["rule"], f.get("arch") or "")
            seen.add(key)
            v = verdicts.get(key)
            bucket = v[0] if v else "unjudged"
            for d, k in ((by_rule, f["rule"]), (by_sev, f["severity"]), (by_lang, language(f["file"])),
                         (by_tree, t["name"])):
                d[k][bucket] += 1
            total[bucket] += 1
            if not v:
                stubs.append("\t".join(key) + "\t\t" + f["severity"] + ": " + " ".join(f["message"].split()))
    table("rule", by_rule)
    table("severity", by_sev)
    table("language", by_lang)
    table("tree", by_tree)
    table("all", {"all": total})
    names = {t["name"] for t in trees}
    lost = [k for k, v in verdicts.items() if v[0] == "real" and k[0] in names and k not in seen]
    if lost:
        print(f"\nreal findings no longer reported ({len(lost)}):")
        for k in sorted(lost):
            print("  " + "  ".join(k) + "  -- " + verdicts[k][1])
    if stubs:
        print(f"\n{len(stubs)} findings are not judged yet" + (f"; stubs in {a.unjudged}" if a.unjudged else ""))
        if a.unjudged:
            with open(a.unjudged, "w") as f:
                f.write("\n".join(stubs) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
