# judge: torch
"""problem_kv_cache in PyTorch: one step of causal multi-head attention with a key-value cache.

Read the statement with `judge show problem_kv_cache`, then replace the stub below.
Judge your work with `judge submit problem_kv_cache --file solution.py`.
Every tensor argument is a float32 torch.Tensor of its own; num_heads is an int.
Return three float32 tensors as a tuple (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import torch  # noqa: F401


def attend_step(x, K_cache, V_cache, num_heads, W_q, W_k, W_v, W_o):
    """Returns (output, K_new, V_new).

    x is (B, n, D), the n new tokens; K_cache and V_cache are (B, T, D), the projected keys and
    values of the T tokens before them (T may be 0). K_new and V_new are the caches with x W_k and
    x W_v after them, (B, T + n, D); output (B, n, D) is the new tokens' causal multi-head attention
    over K_new and V_new: new token i sits at position T + i and sees keys 0 to T + i.

    Raise ValueError when x is not 3-D, the caches are not both (B, T, D) for x's B and D, or
    num_heads is below 1 or does not divide D.
    """
    raise NotImplementedError("attend_step: not implemented yet")
