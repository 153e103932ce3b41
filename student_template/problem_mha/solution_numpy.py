"""problem_mha in NumPy: split heads and multi-head attention.

Read the statement with `judge show problem_mha`, then replace each stub below.
Judge your work with `judge submit problem_mha --file solution_numpy.py`
(hand it in as solution.py: a file that does not import torch is judged as NumPy).
Every tensor argument is a fresh float32 ndarray; num_heads is an int; valid_lens is a list of
ints. Return float32 arrays, and several outputs as a tuple (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import numpy as np  # noqa: F401


def split_heads(x, num_heads):
    """x (B, L, D) -> (B, H, L, d_k) with out[b, h, t, j] = x[b, t, h*d_k + j], d_k = D // num_heads.

    Raise ValueError when num_heads < 1 or D % num_heads != 0.
    """
    raise NotImplementedError("split_heads: not implemented yet")


def merge_heads(x):
    """x (B, H, L, d_k) -> (B, L, H*d_k) with out[b, t, h*d_k + j] = x[b, h, t, j]."""
    raise NotImplementedError("merge_heads: not implemented yet")


def multi_head_attention_per_head(query, key, value, num_heads, valid_lens):
    """Returns (output (B, H, Lq, d_k), weights (B, H, Lq, Lk)).

    Scores are q_h k_h^T / sqrt(d_k); keys at positions j >= valid_lens[b] score -1e6 in every
    head; an empty valid_lens means no mask.
    """
    raise NotImplementedError("multi_head_attention_per_head: not implemented yet")


def multi_head_attention(queries, keys, values, W_q, W_k, W_v, W_o, num_heads, valid_lens):
    """queries @ W_q, keys @ W_k, values @ W_v, per-head attention, merge_heads, then @ W_o: (B, Lq, D)."""
    raise NotImplementedError("multi_head_attention: not implemented yet")
