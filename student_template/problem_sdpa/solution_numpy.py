"""problem_sdpa in NumPy: scaled dot-product attention with valid_lens.

Read the statement with `judge show problem_sdpa`, then replace the stub below.
Judge your work with `judge submit problem_sdpa --file solution_numpy.py`
(hand it in as solution.py: a file that does not import torch is judged as NumPy).
Every tensor argument is a fresh float32 ndarray; valid_lens is a list of ints. Return float32
arrays, several outputs as a tuple (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import numpy as np  # noqa: F401


def scaled_dot_product_attention(queries, keys, values, valid_lens):
    """Returns (output (B, Lq, dv), weights (B, Lq, Lk)): the softmax over the keys of
    q k^T / sqrt(d), with keys at j >= valid_lens[b] scored -1e6 (an empty valid_lens means no mask)."""
    raise NotImplementedError("scaled_dot_product_attention: not implemented yet")
