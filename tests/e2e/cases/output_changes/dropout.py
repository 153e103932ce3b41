"""problem_sdpa with dropout left on (F.dropout trains by default): outputs that change from run to run.

The C++ reference (solution.cpp) is the oracle; this is its translation (docs/python.md).
"""
import math

import torch


def scaled_dot_product_attention(queries, keys, values, valid_lens):
    B, Lq, d = queries.shape
    Lk = keys.shape[1]
    scores = queries @ keys.transpose(1, 2) / math.sqrt(d)
    if valid_lens:
        if len(valid_lens) != B:
            raise ValueError("valid_lens needs one length per example")
        masked = torch.arange(Lk).reshape(1, 1, Lk) >= torch.tensor(valid_lens).reshape(B, 1, 1)
        scores = scores.masked_fill(masked, -1e6)
    weights = torch.nn.functional.dropout(torch.softmax(scores, dim=-1), p=0.5)
    return weights @ values, weights
