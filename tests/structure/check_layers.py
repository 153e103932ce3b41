#!/usr/bin/env python3
"""Checks that the judge's layers point one way, as judge/layers.txt lists them.

    check_layers.py JUDGE_DIR        check the tree (exit 1 and one line per fault)
    check_layers.py --self-test      check that the checker finds each kind of fault

Faults: a file that includes a folder its layer may not include; a quoted include that resolves to
nothing; a student-facing file (tensor, protocol, harness) that includes anything but the standard
library and the other student-facing files (the harness, the generated main's own translation unit
that no student's file includes, also the POSIX headers its batch mode forks and waits with); a
cycle in layers.txt; a folder missing from it; a file over 350 lines (tensor.hpp aside); a line over
120 characters; a function of cli/ over 60 lines (a command parses, calls a layer below and renders:
its work belongs below it); a source file whose name starts with test_ (tools and readers take it
for a test).
"""
import os
import re
import sys
import tempfile

MAX_LINES = 350
MAX_COLUMNS = 120
MAX_CLI_FUNCTION = 60
STUDENT = {"tensor", "protocol", "harness"}
HARNESS_POSIX = {"sys/resource.h", "sys/wait.h", "unistd.h"}  # harness/support.hpp's --batch
LONG_FILES = {"tensor.hpp"}  # the student header: one file on purpose, documented in docs/tensor.md
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def read_layers(path):
    layers = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" not in line:
                raise SystemExit(f"{path}:{n}: expected 'folder: allowed folders...'")
            name, allowed = line.split(":", 1)
            layers[name.strip()] = set(allowed.split())
    return layers


def find_cycle(layers):
    state = {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in sorted(layers.get(node, ())):
            if state.get(nxt) == "open":
                return stack + [node, nxt]
            if nxt not in state:
                found = visit(nxt, stack + [node])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in sorted(layers):
        if node not in state:
            found = visit(node, [])
            if found:
                return found[found.index(found[-1]):]
    return None


def long_functions(lines, limit):
    """(first line, length) of each top-level function longer than `limit` lines, as clang-format
    lays them out: the head at column 0 ending in '{', the body closed by a '}' at column 0."""
    found = []
    start = None
    for n, line in enumerate(lines, 1):
        if start is None:
            if line.endswith("{") and "(" in line and line[:1].strip() and not line.startswith(
                    ("namespace", "struct", "class", "enum", "union", "extern", "#", "/", "}")):
                start = n
        elif line.startswith("}"):
            if n - start + 1 > limit:
                found.append((start, n - start + 1))
            start = None
    return found


def unit_of(judge_dir, path):
    rel = os.path.relpath(path, judge_dir)
    parts = rel.split(os.sep)
    if len(parts) == 1:
        return {"main.cpp": "main", "tensor.hpp": "tensor"}.get(parts[0])
    return parts[0]


def resolve(judge_dir, source, name):
    root = os.path.dirname(judge_dir)
    for base in (os.path.dirname(source), judge_dir, root):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(candidate):
            return candidate
    return None


def check(judge_dir):
    judge_dir = os.path.abspath(judge_dir)
    layers_file = os.path.join(judge_dir, "layers.txt")
    layers = read_layers(layers_file)
    faults = []
    cycle = find_cycle(layers)
    if cycle:
        faults.append(f"{layers_file}: the layers make a cycle: {' -> '.join(cycle)}")
    for name, allowed in sorted(layers.items()):
        for a in sorted(allowed - set(layers)):
            faults.append(f"{layers_file}: {name} may include {a}, which is not a layer")
    for entry in sorted(os.listdir(judge_dir)):
        if os.path.isdir(os.path.join(judge_dir, entry)) and entry not in layers:
            faults.append(f"{layers_file}: folder judge/{entry} is not listed")
    files = 0
    for dirpath, _, names in os.walk(judge_dir):
        for fname in sorted(names):
            if not fname.endswith((".cpp", ".hpp", ".h")):
                continue
            path = os.path.join(dirpath, fname)
            shown = os.path.relpath(path, os.path.dirname(judge_dir))
            files += 1
            if fname.startswith("test_"):
                faults.append(f"{shown}: starts with test_, as tests do; name it for what it holds")
            unit = unit_of(judge_dir, path)
            if unit is None:
                faults.append(f"{shown}: belongs to no layer (move it into a folder, or list it)")
                continue
            allowed = layers.get(unit, set()) | {unit}
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = f.read().split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            if len(lines) > MAX_LINES and fname not in LONG_FILES:
                faults.append(f"{shown}: {len(lines)} lines; at most {MAX_LINES} (split it by responsibility)")
            if unit == "cli":
                for first, length in long_functions(lines, MAX_CLI_FUNCTION):
                    faults.append(f"{shown}:{first}: a function of {length} lines; cli/ holds none over "
                                  f"{MAX_CLI_FUNCTION} (move its work to the layer below)")
            for n, line in enumerate(lines, 1):
                if len(line) > MAX_COLUMNS:
                    faults.append(f"{shown}:{n}: {len(line)} characters; at most {MAX_COLUMNS}")
                m = INCLUDE.match(line)
                if not m:
                    continue
                kind, name = m.groups()
                if kind == "<":
                    posix_ok = unit == "harness" and name in HARNESS_POSIX
                    if unit in STUDENT and not re.fullmatch(r"[a-z_]+", name) and not posix_ok:
                        faults.append(f"{shown}:{n}: includes <{name}>; "
                                      "student-facing files use the standard library only")
                    continue
                target = resolve(judge_dir, path, name)
                if target is None:
                    faults.append(f"{shown}:{n}: includes \"{name}\", which is no file of the project")
                    continue
                if not target.startswith(judge_dir + os.sep):
                    continue  # generated or outside judge/: not a layer
                tunit = unit_of(judge_dir, target)
                if tunit not in allowed:
                    faults.append(f"{shown}:{n}: includes {os.path.relpath(target, os.path.dirname(judge_dir))}"
                                  f" ({tunit}), which {unit} may not include (allowed: {', '.join(sorted(allowed))})")
    return faults, files


def self_test():
    """Each kind of fault, planted in a small tree, must be reported; the clean tree must pass."""
    with tempfile.TemporaryDirectory() as tmp:
        j = os.path.join(tmp, "judge")

        def write(rel, text):
            p = os.path.join(j, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)

        write("layers.txt", "low:\nhigh: low\ncli: low\ntensor:\nprotocol:\n")
        write("low/a.hpp", "#pragma once\n#include <vector>\n")
        write("high/b.cpp", '#include "low/a.hpp"\n')
        write("tensor.hpp", "#include <vector>\n")
        faults, _ = check(j)
        assert faults == [], f"a clean tree was faulted: {faults}"
        cases = {
            "includes judge/high/b.cpp (high), which low may not include": ("low/c.cpp", '#include "high/b.cpp"\n'),
            "which is no file of the project": ("low/d.cpp", '#include "nowhere.hpp"\n'),
            "student-facing files use the standard library only": ("protocol/e.hpp", "#include <fmt/core.h>\n"),
            "lines; at most 350": ("low/f.cpp", "int x;\n" * 351),
            "characters; at most 120": ("low/g.cpp", "// " + "x" * 130 + "\n"),
            "folder judge/extra is not listed": ("extra/h.cpp", "\n"),
            "a function of 62 lines; cli/ holds none over 60": ("cli/i.cpp", "int f() {\n" + "    g();\n" * 60 + "}\n"),
            "starts with test_, as tests do": ("low/test_j.cpp", "\n"),
        }
        for want, (rel, text) in cases.items():
            write(rel, text)
            faults, _ = check(j)
            assert any(want in f for f in faults), f"not reported: {want}; got {faults}"
            os.remove(os.path.join(j, rel))
        write("layers.txt", "low: high\nhigh: low\ntensor:\nprotocol:\n")
        faults, _ = check(j)
        assert any("cycle" in f for f in faults), f"a cycle was not reported: {faults}"
    print("check_layers: self-test passed (9 kinds of fault reported, the clean tree passes)")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    faults, files = check(sys.argv[1])
    for f in faults:
        print(f)
    if faults:
        print(f"check_layers: {len(faults)} fault(s) in {files} files; see judge/layers.txt")
        return 1
    print(f"check_layers: {files} files, every include points down a layer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
