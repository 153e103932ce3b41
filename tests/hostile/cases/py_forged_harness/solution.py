# expect: wrong_answer
# tiers: bubblewrap fallback
# Writes into the harness from inside the test: through ctypes it turns its own process dumpable
# again, and it replaces the harness's writer so that the status says "ok" and the output is a
# forged array of the right shape. Only its own test's files change, and the judge compares them
# with the reference outside the box: a wrong output still fails.
import ctypes
import sys

import numpy as np

libc = ctypes.CDLL(None)
libc.prctl(4, 1, 0, 0, 0)  # PR_SET_DUMPABLE: no use; the next test is a fresh fork of the server
harness = sys.modules["__main__"]
original = harness.write_file


def forged(dir_fd, name, data):
    if name == "status":
        data = b"ok\n"
    elif name.endswith(".npy"):
        data = harness.npy_bytes(np.full((2, 2), 42.0, dtype=np.float32))
    return original(dir_fd, name, data)


harness.write_file = forged


def probe(x):
    return x
