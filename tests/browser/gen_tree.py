#!/usr/bin/env python3
"""Writes a framework-like tree with about 1,000 arch sites, for the audit
page test: Python packages with capability tables, dispatch chains, gates and
per-arch values, C++/CUDA dispatchers, and tests and benchmarks that decide by
arch too. Deterministic: the same tree for the same seed.

usage: gen_tree.py OUT_DIR [--sites N] [--seed S]
"""
import argparse
import os
import random

COMPONENTS = ["attention", "moe", "quantization", "distributed", "sampling", "lora", "speculative", "kv_cache"]
TABLE_WORDS = ["TILE", "BLOCK", "SPLIT", "STAGES", "WARPS", "CHUNK", "MAX_TOKENS", "WORKSPACE", "CLUSTER", "PIPE"]


def py_table(rng, name, majors, read):
    """A table keyed by major, read through `cap` in a function."""
    entries = "\n".join(f"    {m}: {rng.choice([64, 128, 256])}," for m in majors)
    if read == "crash":
        body = f"    return {name}[cap]"
    else:
        body = f"    return {name}.get(cap, 64)"
    return (f"{name} = {{\n{entries}\n}}\n\n\ndef get_{name.lower()}():\n"
            f"    cap = torch.cuda.get_device_capability()[0]\n{body}\n\n\n")


def py_chain(rng, fn, majors, crash):
    lines = [f"def {fn}(x):", "    major = torch.cuda.get_device_capability()[0]"]
    for i, m in enumerate(majors):
        lines.append(f"    {'if' if i == 0 else 'elif'} major == {m}:")
        lines.append(f"        return x * {i + 1}")
    lines.append("    else:")
    if crash:
        lines.append(f"        raise RuntimeError(f\"Unsupported architecture: {{major}}\")")
    else:
        lines.append("        return x")
    return "\n".join(lines) + "\n\n\n"


def py_gate(fn, major):
    return (f"def {fn}(q):\n    major = torch.cuda.get_device_capability()[0]\n"
            f"    assert major == {major}, \"this kernel is only supported on SM{major}0 (compute capability {major}.x)\"\n"
            f"    return q\n\n\n")


def py_family(rng, cls, majors_a, majors_b):
    a = "\n".join(f"        {m}: [4, 8]," for m in majors_a)
    b = "\n".join(f"        {m}: {rng.choice([2, 4])}," for m in majors_b)
    return (f"class {cls}:\n    _SIZES = {{\n{a}\n    }}\n    _LIMITS = {{\n{b}\n    }}\n\n"
            f"    def __init__(self):\n        self.device_capability = torch.cuda.get_device_capability()[0]\n\n"
            f"    def sizes(self):\n        return self._SIZES[self.device_capability]\n\n"
            f"    def limit(self):\n        return self._LIMITS[self.device_capability]\n\n\n")


def cpp_switch(rng, fn, sms, crash):
    cases = "\n".join(f"    case {sm}:\n      return {rng.choice([64, 128, 256])};" for sm in sms)
    default = "      throw std::runtime_error(\"Unsupported SM version\");" if crash else "      return 64;"
    return (f"int {fn}() {{\n  int const sm = getSMVersion();\n  switch (sm) {{\n{cases}\n    default:\n{default}\n  }}\n}}\n\n")


def majors_for(rng):
    """Most tables know Hopper and Blackwell; some also Ampere or the target."""
    pick = rng.random()
    if pick < 0.45:
        return [9, 10]
    if pick < 0.65:
        return [8, 9, 10]
    if pick < 0.80:
        return [9, 10, 12]
    return [7, 8, 9]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--sites", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=120)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    written = 0
    files = 0

    def write(path, text):
        nonlocal files
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
        files += 1

    pkg = "fwk"
    write(f"python/{pkg}/__init__.py", "")
    module = 0
    while written < args.sites:
        comp = COMPONENTS[module % len(COMPONENTS)]
        where = rng.random()
        if where < 0.12:
            # C++/CUDA dispatchers in csrc/<component>/
            parts = ["#include <stdexcept>\n\nint getSMVersion();\n\n"]
            for k in range(rng.randint(3, 6)):
                sms = [90, 100] if rng.random() < 0.6 else [80, 90, 100, 120]
                parts.append(cpp_switch(rng, f"{comp}_tile_{module}_{k}", sms, rng.random() < 0.6))
                written += 1
            write(f"csrc/{comp}/kernels_{module}.cu", "".join(parts))
        else:
            support = where > 0.85
            base = (f"tests/{comp}" if rng.random() < 0.6 else f"benchmarks/{comp}") if support else f"python/{pkg}/{comp}"
            if not support:
                write(f"python/{pkg}/{comp}/__init__.py", "")
            parts = ["import torch\n\n\n"]
            for k in range(rng.randint(4, 9)):
                kind = rng.random()
                # Shared names across files: what the audit must tell apart.
                word = rng.choice(TABLE_WORDS)
                if kind < 0.35:
                    parts.append(py_table(rng, f"{word}_CONFIGS", majors_for(rng), "crash" if rng.random() < 0.6 else "get"))
                    written += 1
                elif kind < 0.70:
                    parts.append(py_chain(rng, f"select_{word.lower()}_{k}", majors_for(rng), rng.random() < 0.55))
                    written += 1
                elif kind < 0.80:
                    parts.append(py_gate(f"{word.lower()}_fp8_kernel_{k}", rng.choice([9, 10])))
                    written += 1
                else:
                    parts.append(py_family(rng, f"{word.title()}Runner{k}", majors_for(rng), [9, 10]))
                    written += 2
            name = f"test_{comp}_{module}.py" if support and base.startswith("tests") else f"{comp}_{module}.py"
            write(f"{base}/{name}", "".join(parts))
        module += 1
    print(f"gen_tree: {written} sites in {files} files under {args.out}")


if __name__ == "__main__":
    main()
