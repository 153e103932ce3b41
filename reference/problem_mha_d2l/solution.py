"""Reference for problem_mha_d2l in PyTorch: D2L 11.5's folded multi-head attention.

The C++ reference (solution.cpp) is the oracle; this is its translation (docs/python.md).
"""
import math

import torch


def transpose_qkv(X, num_heads):
    if X.dim() != 3 or num_heads < 1 or X.shape[2] % num_heads != 0:
        raise ValueError("transpose_qkv: X must be (B, L, D) with num_heads dividing D")
    B, L, _ = X.shape
    return X.reshape(B, L, num_heads, -1).permute(0, 2, 1, 3).reshape(B * num_heads, L, -1)


def transpose_output(X, num_heads):
    if X.dim() != 3 or num_heads < 1 or X.shape[0] % num_heads != 0:
        raise ValueError("transpose_output: X must be (B*H, L, d_k)")
    n, L, dk = X.shape
    return X.reshape(-1, num_heads, L, dk).permute(0, 2, 1, 3).reshape(n // num_heads, L, -1)


def repeat_lens(valid_lens, num_heads):
    if num_heads < 1:
        raise ValueError("repeat_lens: num_heads must be at least 1")
    return torch.repeat_interleave(valid_lens, num_heads, dim=0)


def folded_attention(queries, keys, values, valid_lens):
    n, Lq, d = queries.shape
    Lk = keys.shape[1]
    scores = queries @ keys.transpose(1, 2) / math.sqrt(d)
    lens = valid_lens.reshape(n, Lq, 1) if valid_lens.dim() == 2 else valid_lens.reshape(n, 1, 1)
    scores = scores.masked_fill(torch.arange(Lk).reshape(1, 1, Lk) >= lens, -1e6)  # D2L's masked_softmax
    weights = torch.softmax(scores, dim=-1)
    return weights @ values, weights


def attention_heads(queries, keys, values, valid_lens, num_heads):
    lens = repeat_lens(valid_lens, num_heads)
    out, weights = folded_attention(transpose_qkv(queries, num_heads), transpose_qkv(keys, num_heads),
                                    transpose_qkv(values, num_heads), lens)
    return transpose_output(out, num_heads), weights
