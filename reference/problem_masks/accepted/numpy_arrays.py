"""problem_masks in NumPy: a masked softmax with padding and causal masks."""
import numpy as np


def masked_softmax(scores, valid_lens, causal):
    if scores.ndim != 3:
        raise ValueError("scores must be (B, Lq, Lk)")
    B, Lq, Lk = scores.shape
    per_query = valid_lens.ndim == 2
    if valid_lens.ndim not in (1, 2) or valid_lens.shape[0] != B or (per_query and valid_lens.shape[1] != Lq):
        raise ValueError("valid_lens must be (B,) or (B, Lq)")
    lens = valid_lens.reshape(B, Lq, 1) if per_query else valid_lens.reshape(B, 1, 1)
    j = np.arange(Lk).reshape(1, 1, Lk)
    masked = j >= lens
    if causal:
        masked = masked | (j > np.arange(Lq).reshape(1, Lq, 1))
    s = np.where(masked, np.float32(-np.inf), scores)
    with np.errstate(invalid="ignore"):
        e = np.exp(s - s.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True)
