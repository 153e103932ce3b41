"""problem_sdpa in PyTorch: scaled dot-product attention with valid_lens.

Read the statement with `judge show problem_sdpa`, then replace the stub below.
Judge your work with `judge submit problem_sdpa --file solution.py`.
Every tensor argument is a fresh float32 torch.Tensor; valid_lens is a list of ints. Return float32
tensors, several outputs as a tuple (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import torch  # noqa: F401


def scaled_dot_product_attention(queries, keys, values, valid_lens):
    """Returns (output (B, Lq, dv), weights (B, Lq, Lk)): the softmax over the keys of
    q k^T / sqrt(d), with keys at j >= valid_lens[b] scored -1e6 (an empty valid_lens means no mask)."""
    raise NotImplementedError("scaled_dot_product_attention: not implemented yet")
