# expect: memory_limit
# tiers: bubblewrap fallback
# Allocates and touches 1 GB: over its address space (the interpreter's own plus memory_mb), so
# NumPy raises MemoryError inside the library: the memory limit, not the student's exception.
import numpy as np


def probe(x):
    big = np.ones(1 << 28, dtype=np.float32)
    return x + big[:1].sum() - 1
