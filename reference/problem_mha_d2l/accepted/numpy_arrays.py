"""problem_mha_d2l in NumPy: D2L 11.5's folded multi-head attention."""
import math

import numpy as np


def transpose_qkv(X, num_heads):
    if X.ndim != 3 or num_heads < 1 or X.shape[2] % num_heads != 0:
        raise ValueError("transpose_qkv: X must be (B, L, D) with num_heads dividing D")
    B, L, _ = X.shape
    return X.reshape(B, L, num_heads, -1).transpose(0, 2, 1, 3).reshape(B * num_heads, L, -1)


def transpose_output(X, num_heads):
    if X.ndim != 3 or num_heads < 1 or X.shape[0] % num_heads != 0:
        raise ValueError("transpose_output: X must be (B*H, L, d_k)")
    n, L, dk = X.shape
    return X.reshape(-1, num_heads, L, dk).transpose(0, 2, 1, 3).reshape(n // num_heads, L, -1)


def repeat_lens(valid_lens, num_heads):
    if num_heads < 1:
        raise ValueError("repeat_lens: num_heads must be at least 1")
    return np.repeat(valid_lens, num_heads, axis=0)


def folded_attention(queries, keys, values, valid_lens):
    n, Lq, d = queries.shape
    Lk = keys.shape[1]
    scores = queries @ keys.transpose(0, 2, 1) / np.float32(math.sqrt(d))
    lens = valid_lens.reshape(n, Lq, 1) if valid_lens.ndim == 2 else valid_lens.reshape(n, 1, 1)
    scores = np.where(np.arange(Lk).reshape(1, 1, Lk) >= lens, np.float32(-1e6), scores)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ values, weights


def attention_heads(queries, keys, values, valid_lens, num_heads):
    lens = repeat_lens(valid_lens, num_heads)
    out, weights = folded_attention(transpose_qkv(queries, num_heads), transpose_qkv(keys, num_heads),
                                    transpose_qkv(values, num_heads), lens)
    return transpose_output(out, num_heads), weights
