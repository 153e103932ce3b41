# expect: accepted
# tiers: bubblewrap fallback
# Returns x as a Fortran-ordered float64 array: the harness writes it as C-order float32 (with a
# note on stderr), so the values compare as they are, not transposed.
import numpy as np


def probe(x):
    return np.asfortranarray(x.astype(np.float64))
