"""Reference solution for problem_kv_cache in PyTorch: one step of causal attention with a cache.

The C++ reference (solution.cpp) is the oracle; this is its translation, which `validate
--cross-check` runs beside it (docs/python.md). builtin.py computes the same step with
torch.nn.MultiheadAttention and a causal mask over the cache and the new tokens.
"""
import math

import torch


def attend_step(x, K_cache, V_cache, num_heads, W_q, W_k, W_v, W_o):
    if x.dim() != 3:
        raise ValueError(f"attend_step: expected x of shape (B, n, D), got {tuple(x.shape)}")
    if (K_cache.dim() != 3 or V_cache.shape != K_cache.shape or K_cache.shape[0] != x.shape[0]
            or K_cache.shape[2] != x.shape[2]):
        raise ValueError(f"attend_step: caches of shapes {tuple(K_cache.shape)} and {tuple(V_cache.shape)} "
                         f"do not fit x {tuple(x.shape)}")
    if num_heads < 1 or x.shape[2] % num_heads != 0:
        raise ValueError(f"attend_step: {num_heads} heads do not divide the width of x {tuple(x.shape)}")
    B, n, D = x.shape
    T = K_cache.shape[1]
    dk = D // num_heads
    K_new = torch.cat([K_cache, x @ W_k], 1)
    V_new = torch.cat([V_cache, x @ W_v], 1)

    def split(t):
        return t.reshape(B, t.shape[1], num_heads, dk).permute(0, 2, 1, 3)

    q, k, v = split(x @ W_q), split(K_new), split(V_new)
    scores = q @ k.transpose(2, 3) / math.sqrt(dk)
    # New token i sits at position T + i: keys after it are masked.
    later = torch.arange(T + n).reshape(1, T + n) > (T + torch.arange(n)).reshape(n, 1)
    heads = torch.softmax(scores.masked_fill(later, float("-inf")), dim=-1) @ v
    return heads.permute(0, 2, 1, 3).reshape(B, n, D) @ W_o, K_new, V_new
