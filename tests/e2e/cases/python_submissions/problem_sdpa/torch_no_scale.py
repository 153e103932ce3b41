"""Seeded bug no_scale in PyTorch: the scores not divided by sqrt(d)."""
import math

import torch


def scaled_dot_product_attention(queries, keys, values, valid_lens):
    B, Lq, d = queries.shape
    Lk = keys.shape[1]
    scores = queries @ keys.transpose(1, 2)
    if valid_lens:
        if len(valid_lens) != B:
            raise ValueError("valid_lens needs one length per example")
        masked = torch.arange(Lk).reshape(1, 1, Lk) >= torch.tensor(valid_lens).reshape(B, 1, 1)
        scores = scores.masked_fill(masked, -1e6)
    weights = torch.softmax(scores, dim=-1)
    return weights @ values, weights
