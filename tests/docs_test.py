#!/usr/bin/env python3
"""The documentation a newcomer reads, checked as they would use it.

- README.md stays a front page: about 250 lines with the sections a newcomer
  looks for, in that order; the rest lives in docs/.
- Every relative link in README.md, CONTRIBUTING.md and docs/*.md reaches a
  file, and every #anchor a heading of that file (GitHub's slugs).
- The README's quick start runs: each `$ archscan ...` command on a copy of
  the bundled sample exits as the text says, and every output line it shows
  (elisions aside) is a line the command prints.

  docs_test.py SOURCE_DIR ARCHSCAN
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SRC, ARCHSCAN = sys.argv[1], sys.argv[2]
README_SECTIONS = ["Why", "Install", "Quick start", "Commands", "Configuration", "Suppressions", "CI"]
failures = []


def fail(message):
    failures.append(message)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def prose_lines(text):
    """The lines outside fenced code blocks, with their numbers."""
    fenced = False
    for n, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield n, line


def slug(heading):
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    return {slug(line.lstrip("#")) for _, line in prose_lines(read(path)) if re.match(r"#{1,6} ", line)}


def check_links():
    pages = ["README.md", "CONTRIBUTING.md"] + sorted(
        os.path.join("docs", p) for p in os.listdir(os.path.join(SRC, "docs")) if p.endswith(".md"))
    for page in pages:
        path = os.path.join(SRC, page)
        for n, line in prose_lines(read(path)):
            for target in re.findall(r"\]\(([^)\s]+)\)", re.sub(r"`[^`]*`", "", line)):
                if re.match(r"[a-z]+:", target):
                    continue  # https:, mailto:
                file, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
                if not os.path.exists(dest):
                    fail(f"{page}:{n}: link to {target}: no such file")
                elif anchor and (not dest.endswith(".md") or anchor not in anchors(dest)):
                    fail(f"{page}:{n}: link to {target}: no heading #{anchor} there")


def check_front_page():
    readme = read(os.path.join(SRC, "README.md"))
    lines = readme.count("\n")
    if not 200 <= lines <= 300:
        fail(f"README.md has {lines} lines; a front page has about 250, the rest goes to docs/")
    headings = [line[3:] for _, line in prose_lines(readme) if line.startswith("## ")]
    found = [h for h in headings if h in README_SECTIONS]
    if found != README_SECTIONS:
        fail(f"README.md sections {headings}: wanted {README_SECTIONS} in that order")


def quick_start_blocks():
    """The code blocks of the README's quick start: (commands with their shown output) each."""
    readme = read(os.path.join(SRC, "README.md"))
    if "\n## Quick start\n" not in readme:
        return []
    section = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(.*?)```", section, re.S)


def check_quick_start():
    work = tempfile.mkdtemp()
    try:
        sample = os.path.join(work, "sample")
        cwd = work
        env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(ARCHSCAN)) + os.pathsep + os.environ["PATH"],
                   NO_COLOR="1")
        ran = 0
        for block in quick_start_blocks():
            command, shown = None, []

            def finish():
                nonlocal ran
                if command is None:
                    return
                words = shlex.split(command, comments=True)
                r = subprocess.run(words, cwd=cwd, env=env, capture_output=True, text=True)
                ran += 1
                printed = set((r.stdout + r.stderr).split("\n"))
                said = re.search(r"#.*\bexit (\d)", command)  # `# 0 findings, exit 0`
                want = int(said.group(1)) if said else 1 if words[1] in ("check", "audit") else 0
                if r.returncode != want:
                    fail(f"quick start: `{command}` exited {r.returncode}, not {want}:\n{r.stderr}")
                for line in shown:
                    if "..." not in line and line not in printed:
                        fail(f"quick start: `{command}` does not print the README's line\n  {line}")

            for line in block.rstrip("\n").split("\n"):
                if line.startswith("$ cd "):
                    # The sample, copied: the commands write to it.
                    shutil.copytree(os.path.join(SRC, line[5:]), sample)
                    cwd = sample
                elif line.startswith("$ "):
                    finish()
                    command, shown = line[2:], []
                else:
                    shown.append(line)
            finish()
        if ran < 4:
            fail(f"quick start: only {ran} archscan commands found")
    finally:
        shutil.rmtree(work)


check_front_page()
check_links()
check_quick_start()
for f in failures:
    print("FAIL:", f, file=sys.stderr)
sys.exit(1 if failures else 0)
