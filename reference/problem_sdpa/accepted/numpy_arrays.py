"""problem_sdpa in NumPy: scaled dot-product attention with valid_lens."""
import math

import numpy as np


def scaled_dot_product_attention(queries, keys, values, valid_lens):
    B, Lq, d = queries.shape
    Lk = keys.shape[1]
    scores = queries @ keys.transpose(0, 2, 1) / np.float32(math.sqrt(d))
    if valid_lens:
        if len(valid_lens) != B:
            raise ValueError("valid_lens needs one length per example")
        masked = np.arange(Lk).reshape(1, 1, Lk) >= np.array(valid_lens).reshape(B, 1, 1)
        scores = np.where(masked, np.float32(-1e6), scores)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ values, weights
