"""Compares two float32 .npy files (C order, little-endian, as np.save writes them) element by
element: |got - want| <= 1e-4 + 1e-4 |want|, the problem's tolerance. Pure Python: no NumPy."""
import ast
import struct
import sys


def load(path):
    b = open(path, "rb").read()
    assert b[:6] == b"\x93NUMPY", path
    n = struct.unpack("<H", b[8:10])[0]
    h = ast.literal_eval(b[10:10 + n].decode())
    assert h["descr"] == "<f4" and not h["fortran_order"], (path, h)
    count = 1
    for s in h["shape"]:
        count *= s
    return tuple(h["shape"]), struct.unpack(f"<{count}f", b[10 + n:10 + n + 4 * count])


got_shape, got = load(sys.argv[1])
want_shape, want = load(sys.argv[2])
assert got_shape == want_shape, f"shape {got_shape}, PyTorch's {want_shape}"
worst = max(abs(g - w) for g, w in zip(got, want))
bad = [i for i, (g, w) in enumerate(zip(got, want)) if abs(g - w) > 1e-4 + 1e-4 * abs(w)]
assert not bad, f"{len(bad)} elements differ from PyTorch's, the first at flat index {bad[0]}"
print(f"same as PyTorch's within 1e-4 (largest difference {worst:.2e})")
