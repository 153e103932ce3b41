"""Builds the submission a determined student builds from a student pack (issue #38): no attention
anywhere, only a table from a digest of each call's inputs to the pack's stored answers, falling
back to the stored answer of a test with the same shapes and ints (and for a function of one
tensor, X + (stored output - stored input): posenc's trick).

Usage: build_lookup.py PACK PROBLEM RUNS OUT.py. RUNS holds `judge run --test T --outputs RUNS/T`
of each sample test on the pack (its inputs); hidden inputs and every output come from the key.
Reads .npy files by hand: the python3 that runs the tests need not have NumPy.
"""
import ast
import base64
import hashlib
import json
import os
import pickle
import sys
import zlib
from typing import Any, Dict, Tuple

pack, problem, runs, out = sys.argv[1:5]
key_dir = os.path.join(pack, "key", problem)
spec = json.load(open(os.path.join(pack, "problems", problem, "problem.json")))
key = json.load(open(os.path.join(key_dir, "key.json")))


def npy(path):
    """(descr, shape, data) of a little-endian .npy file."""
    raw = open(path, "rb").read()
    assert raw[:6] == b"\x93NUMPY", path
    n = int.from_bytes(raw[8:10], "little") if raw[6] == 1 else int.from_bytes(raw[8:12], "little")
    start = 10 if raw[6] == 1 else 12
    header = ast.literal_eval(raw[start:start + n].decode())
    assert not header["fortran_order"], path
    return header["descr"], tuple(header["shape"]), raw[start + n:]


def digest(parts, exact):
    """The solution's own key (see TEMPLATE): every input in order, its values unless not exact."""
    h = hashlib.sha256()
    for descr, shape, data in parts:
        h.update(("%s|%s|" % (descr, ",".join(str(e) for e in shape))).encode())
        if exact or descr != "<f4":
            h.update(data)
    return h.hexdigest()


functions = {f["name"]: f for f in spec["functions"]}
exact: Dict[Tuple[str, str], Any] = {}
loose: Dict[Tuple[str, str], Any] = {}
stored_in: Dict[Tuple[str, str], Any] = {}


def remember(fn, files, answer):
    """One call of `fn` with the inputs in `files` (by parameter name) answers `answer`."""
    parts = [npy(files[p["name"]]) for p in fn["params"]]
    # A 0-d int_tensor reaches a Python submission as shape (1,): key it as the call sees it.
    parts = [(d, (1,) if s == () and prm["type"] == "int_tensor" else s, b)
             for (d, s, b), prm in zip(parts, fn["params"])]
    exact[(fn["name"], digest(parts, True))] = answer
    loose.setdefault((fn["name"], digest(parts, False)), answer)
    if len(parts) == 1 and parts[0][0] == "<f4":
        stored_in.setdefault((fn["name"], digest(parts, False)), parts[0])


for test in spec["tests"]:
    fn = functions[test.get("function", spec["functions"][0]["name"])]
    if test["id"] in key["hidden_inputs"]:
        files = {n: os.path.join(key_dir, "inputs", v["npy"]) for n, v in key["hidden_inputs"][test["id"]].items()}
    else:
        files = {}  # by name, from `judge run --test`: a sequence's parameters are not declared in the pack
        for entry in os.listdir(os.path.join(runs, test["id"], "inputs")):
            files[entry[:-len(".npy")]] = os.path.join(runs, test["id"], "inputs", entry)
    run = os.path.join(key_dir, "runs", key["reference"][test["id"]]) if "throws" not in test else None
    if "sequence" not in fn:
        remember(fn, files, [npy(os.path.join(run, o["name"] + ".npy")) for o in fn["outputs"]] if run else "throws")
        continue
    # A sequence (docs/authoring.md): each call of it is a call of the student's function, on the
    # test's inputs or on what earlier calls returned, which the key holds as the sequence's outputs.
    for step in fn["sequence"]:
        called = functions[step["call"]]
        args = {p["name"]: step.get("args", {}).get(p["name"], p["name"]) for p in called["params"]}
        results = [step.get("results", {}).get(o["name"]) for o in called["outputs"]]
        if run is None or None in results:
            break  # an answer the key does not hold whole
        remember(called, {p: files.get(a) or os.path.join(run, a + ".npy") for p, a in args.items()},
                 [npy(os.path.join(run, r + ".npy")) for r in results])

table = base64.b64encode(zlib.compress(pickle.dumps((exact, loose, stored_in)), 9)).decode()
TEMPLATE = '''"""A table, and nothing else."""
import base64, hashlib, pickle, zlib
import numpy as np

EXACT, LOOSE, STORED_IN = pickle.loads(zlib.decompress(base64.b64decode("%s")))
OUTPUTS = %r


def parts(args):
    out = []
    for a in args:
        is_list = isinstance(a, (list, tuple))  # an int_list, even an empty one
        a = np.asarray(a)
        a = a.astype("<i8") if is_list or a.dtype.kind in "biu" else a.astype("<f4")
        out.append((a.dtype.str, a.shape, a.tobytes()))
    return out


def digest(ps, exact):
    h = hashlib.sha256()
    for descr, shape, data in ps:
        h.update(("%%s|%%s|" %% (descr, ",".join(str(e) for e in shape))).encode())
        if exact or descr != "<f4":
            h.update(data)
    return h.hexdigest()


def look(name, args):
    ps = parts(args)
    answer = EXACT.get((name, digest(ps, True)))
    shift = None
    if answer is None:
        answer = LOOSE.get((name, digest(ps, False)))
        stored = STORED_IN.get((name, digest(ps, False)))
        if stored is not None:  # X + (stored output - stored input)
            shift = np.asarray(args[0], dtype=np.float32) - np.frombuffer(stored[2], "<f4").reshape(stored[1])
    if answer is None:
        return None
    if answer == "throws":
        raise ValueError("the table says so")
    values = []
    for descr, shape, data in answer:
        v = np.frombuffer(data, descr).reshape(shape).copy()
        if shift is not None and v.shape == shift.shape:
            v = v + shift
        values.append(v.item() if v.shape == () else v)
    return values[0] if OUTPUTS[name] == 1 else tuple(values)
'''
with open(out, "w") as f:
    own = {n: fn for n, fn in functions.items() if "sequence" not in fn}  # the judge calls a sequence
    f.write(TEMPLATE % (table, {n: len(fn["outputs"]) for n, fn in own.items()}))
    for name in own:
        f.write("\n\ndef %s(*args):\n    return look(%r, args)\n" % (name, name))
