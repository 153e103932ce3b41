"""problem_masks in NumPy: a masked softmax with padding and causal masks.

Read the statement with `judge show problem_masks`, then replace the stub below.
Judge your work with `judge submit problem_masks --file solution_numpy.py`
(hand it in as solution.py: a file that does not import torch is judged as NumPy).
scores is a fresh float32 ndarray, valid_lens an int64 ndarray, causal a bool. Return a
float32 array (docs/python.md).
"""
import numpy as np  # noqa: F401


def masked_softmax(scores, valid_lens, causal):
    """Returns the weights (B, Lq, Lk): the softmax over the keys of `scores`, where keys at or past
    the length (valid_lens (B,) or (B, Lq)) and, with causal, keys after the query are masked to -inf."""
    raise NotImplementedError("masked_softmax: not implemented yet")
