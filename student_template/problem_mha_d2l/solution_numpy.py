"""problem_mha_d2l in NumPy: multi-head attention in D2L's layout (folded heads, valid_lens per head).

Read the statement with `judge show problem_mha_d2l`, then replace each stub below.
Judge your work with `judge submit problem_mha_d2l --file solution_numpy.py`
(hand it in as solution.py: a file that does not import torch is judged as NumPy).
Every tensor argument is a fresh float32 ndarray; valid_lens is an int64 ndarray;
num_heads is an int. Return float32 arrays (int64 for the lengths), several outputs as a tuple
(docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import numpy as np  # noqa: F401


def transpose_qkv(X, num_heads):
    """(B, L, D) -> (B*H, L, D/H): row b*H + h is head h of example b."""
    raise NotImplementedError("transpose_qkv: not implemented yet")


def transpose_output(X, num_heads):
    """(B*H, L, d_k) -> (B, L, H*d_k): the inverse of transpose_qkv."""
    raise NotImplementedError("transpose_output: not implemented yet")


def repeat_lens(valid_lens, num_heads):
    """valid_lens (B,) or (B, Lq) -> (B*H,) or (B*H, Lq), each example's row H times in a row."""
    raise NotImplementedError("repeat_lens: not implemented yet")


def folded_attention(queries, keys, values, valid_lens):
    """D2L's DotProductAttention on folded rows: returns (output, weights); masked scores are -1e6."""
    raise NotImplementedError("folded_attention: not implemented yet")


def attention_heads(queries, keys, values, valid_lens, num_heads):
    """Fold, repeat the lengths, attend, unfold: returns (output (B, Lq, D), the folded weights (B*H, Lq, Lk))."""
    raise NotImplementedError("attention_heads: not implemented yet")
