"""An accepted alternative in NumPy: a copy of x."""
import numpy as np


def probe(x):
    return np.array(x, copy=True)
