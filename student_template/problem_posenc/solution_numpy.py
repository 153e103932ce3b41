"""problem_posenc in NumPy: sinusoidal positional encoding (D2L 11.6), added to X.

Read the statement with `judge show problem_posenc`, then replace the stub below.
Judge your work with `judge submit problem_posenc --file solution_numpy.py`
(hand it in as solution.py: a file that does not import torch is judged as NumPy).
X is a fresh float32 ndarray. Return a float32 array (docs/python.md).
"""
import numpy as np  # noqa: F401


def add_positional_encoding(X):
    """X is (B, L, D). Returns X + P, where P[i, 2j] = sin(i / 10000^(2j/D)) and
    P[i, 2j+1] = cos(i / 10000^(2j/D)) for positions i = 0 .. L-1.

    Raise ValueError when X is not 3-D.
    """
    raise NotImplementedError("add_positional_encoding: not implemented yet")
