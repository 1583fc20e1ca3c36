#!/usr/bin/env python3
"""Write one real tree at a pinned commit into a folder outside the repository.

A snapshot may lack large blobs (images, PDFs), so files are written one by
one from `git cat-file --batch` and missing blobs are skipped and counted:
archscan never reads them anyway.
"""
import argparse
import os
import subprocess
import sys


def materialise(git_dir: str, commit: str, out: str) -> tuple[int, int]:
    listing = subprocess.run(
        ["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", commit],
        check=True, capture_output=True).stdout.split(b"\0")
    entries = []
    for rec in listing:
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((mode, sha, path.decode("utf-8", "surrogateescape")))
    batch = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    written = missing = 0
    for mode, sha, path in entries:
        batch.stdin.write(sha + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        if len(header) < 3:          # "<sha> missing"
            missing += 1
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)         # the newline after each object
        target = os.path.join(out, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if mode == b"120000":
            if not os.path.lexists(target):
                os.symlink(data.decode("utf-8", "surrogateescape"), target)
        else:
            with open(target, "wb") as f:
                f.write(data)
            if mode == b"100755":
                os.chmod(target, 0o755)
        written += 1
    batch.stdin.close()
    batch.wait()
    return written, missing


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("git_dir")
    ap.add_argument("commit")
    ap.add_argument("out")
    a = ap.parse_args()
    written, missing = materialise(a.git_dir, a.commit, a.out)
    print(f"{a.out}: {written} files, {missing} blobs absent from the snapshot", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
