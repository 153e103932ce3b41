"""Seeded bug sin_cos_halves in PyTorch: sines then cosines, not interleaved."""
import math

import torch


def add_positional_encoding(X):
    if X.dim() != 3:
        raise ValueError(f"add_positional_encoding: expected X of shape (B, L, D), got {tuple(X.shape)}")
    _, L, D = X.shape
    pairs = (D + 1) // 2  # an odd D ends with a sin column that has no cos
    positions = torch.arange(L, dtype=torch.float32).reshape(L, 1)
    exponents = torch.arange(pairs, dtype=torch.float32) * 2.0 / D
    angles = positions / torch.exp(exponents * math.log(10000.0)).reshape(1, pairs)
    P = torch.cat([torch.sin(angles), torch.cos(angles)], dim=1)[:, :D]
    return X + P
