"""Reference solution for problem_mha in PyTorch: split_heads, merge_heads and multi-head attention.

The C++ reference (solution.cpp) is the oracle; this one is its translation, which the e2e tests
and `validate --cross-check` run beside it. Heads stay on their own axis: (B, L, D) -> (B, H, L, d_k).
"""
import math

import torch


def split_heads(x, num_heads):
    if x.dim() != 3:
        raise ValueError(f"split_heads: expected x of shape (B, L, D), got {tuple(x.shape)}")
    if num_heads < 1:
        raise ValueError(f"split_heads: num_heads must be at least 1, got {num_heads}")
    B, L, D = x.shape
    if D % num_heads != 0:
        raise ValueError(f"split_heads: width {D} is not divisible by {num_heads} heads")
    return x.reshape(B, L, num_heads, D // num_heads).permute(0, 2, 1, 3)


def merge_heads(x):
    B, H, L, dk = x.shape
    return x.permute(0, 2, 1, 3).reshape(B, L, H * dk)


def multi_head_attention_per_head(query, key, value, num_heads, valid_lens):
    q, k, v = (split_heads(t, num_heads) for t in (query, key, value))
    B, H, Lq, dk = q.shape
    Lk = k.shape[2]
    scores = q @ k.transpose(2, 3) / math.sqrt(dk)
    if valid_lens:
        if len(valid_lens) != B:
            raise ValueError(f"valid_lens has {len(valid_lens)} entries for a batch of {B}")
        lens = torch.tensor(valid_lens).reshape(B, 1, 1, 1)
        scores = scores.masked_fill(torch.arange(Lk).reshape(1, 1, 1, Lk) >= lens, -1e6)
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, weights


def multi_head_attention(queries, keys, values, W_q, W_k, W_v, W_o, num_heads, valid_lens):
    heads, _ = multi_head_attention_per_head(queries @ W_q, keys @ W_k, values @ W_v, num_heads, valid_lens)
    return merge_heads(heads) @ W_o
