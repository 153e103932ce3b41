"""problem_mha in NumPy: split_heads, merge_heads and multi-head attention."""
import math

import numpy as np


def split_heads(x, num_heads):
    if x.ndim != 3:
        raise ValueError(f"split_heads: expected x of shape (B, L, D), got {x.shape}")
    if num_heads < 1:
        raise ValueError(f"split_heads: num_heads must be at least 1, got {num_heads}")
    B, L, D = x.shape
    if D % num_heads != 0:
        raise ValueError(f"split_heads: width {D} is not divisible by {num_heads} heads")
    return x.reshape(B, L, num_heads, D // num_heads).transpose(0, 2, 1, 3)


def merge_heads(x):
    B, H, L, dk = x.shape
    return x.transpose(0, 2, 1, 3).reshape(B, L, H * dk)


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def multi_head_attention_per_head(query, key, value, num_heads, valid_lens):
    q, k, v = (split_heads(t, num_heads) for t in (query, key, value))
    B, H, Lq, dk = q.shape
    Lk = k.shape[2]
    scores = q @ k.transpose(0, 1, 3, 2) / np.float32(math.sqrt(dk))
    if valid_lens:
        if len(valid_lens) != B:
            raise ValueError(f"valid_lens has {len(valid_lens)} entries for a batch of {B}")
        masked = np.arange(Lk).reshape(1, 1, 1, Lk) >= np.array(valid_lens).reshape(B, 1, 1, 1)
        scores = np.where(masked, np.float32(-1e6), scores)
    weights = softmax(scores)
    return weights @ v, weights


def multi_head_attention(queries, keys, values, W_q, W_k, W_v, W_o, num_heads, valid_lens):
    heads, _ = multi_head_attention_per_head(queries @ W_q, keys @ W_k, values @ W_v, num_heads, valid_lens)
    return merge_heads(heads) @ W_o
