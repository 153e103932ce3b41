"""problem_kv_cache in NumPy: one step of causal multi-head attention with a key-value cache."""
import math

import numpy as np


def attend_step(x, K_cache, V_cache, num_heads, W_q, W_k, W_v, W_o):
    if x.ndim != 3:
        raise ValueError(f"expected x of shape (B, n, D), got {x.shape}")
    if K_cache.ndim != 3 or V_cache.shape != K_cache.shape or K_cache.shape[::2] != x.shape[::2]:
        raise ValueError(f"caches {K_cache.shape} and {V_cache.shape} do not fit x {x.shape}")
    if num_heads < 1 or x.shape[2] % num_heads != 0:
        raise ValueError(f"{num_heads} heads do not divide the width of x {x.shape}")
    B, n, D = x.shape
    T = K_cache.shape[1]
    dk = D // num_heads
    K_new = np.concatenate([K_cache, x @ W_k], axis=1)
    V_new = np.concatenate([V_cache, x @ W_v], axis=1)

    def split(t):
        return t.reshape(B, t.shape[1], num_heads, dk).transpose(0, 2, 1, 3)

    q, k, v = split(x @ W_q), split(K_new), split(V_new)
    scores = q @ k.transpose(0, 1, 3, 2) / np.float32(math.sqrt(dk))
    later = np.arange(T + n).reshape(1, T + n) > (T + np.arange(n)).reshape(n, 1)
    scores = np.where(later, np.float32(-np.inf), scores)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    heads = (e / e.sum(axis=-1, keepdims=True)) @ v
    return heads.transpose(0, 2, 1, 3).reshape(B, n, D) @ W_o, K_new, V_new
