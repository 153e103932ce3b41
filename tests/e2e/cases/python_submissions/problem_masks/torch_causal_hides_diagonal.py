"""Seeded bug causal_hides_diagonal in PyTorch: the causal mask hides the diagonal too."""
import torch


def masked_softmax(scores, valid_lens, causal):
    if scores.dim() != 3:
        raise ValueError("scores must be (B, Lq, Lk)")
    B, Lq, Lk = scores.shape
    per_query = valid_lens.dim() == 2
    if valid_lens.dim() not in (1, 2) or valid_lens.shape[0] != B or (per_query and valid_lens.shape[1] != Lq):
        raise ValueError("valid_lens must be (B,) or (B, Lq)")
    lens = valid_lens.reshape(B, Lq, 1) if per_query else valid_lens.reshape(B, 1, 1)
    j = torch.arange(Lk).reshape(1, 1, Lk)
    masked = j >= lens
    if causal:
        masked = masked | (j >= torch.arange(Lq).reshape(1, Lq, 1))
    # PyTorch's policy: a masked score is -inf, so a fully masked row is NaN.
    return torch.softmax(scores.masked_fill(masked, float("-inf")), dim=-1)
