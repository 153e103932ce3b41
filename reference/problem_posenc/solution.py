"""Reference for problem_posenc in PyTorch: D2L 11.6's sinusoidal positional encoding, added to X.

The C++ reference (solution.cpp) is the oracle; this is its translation (docs/python.md).
"""
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
    sin_cos = torch.cat([torch.sin(angles).reshape(L, pairs, 1), torch.cos(angles).reshape(L, pairs, 1)], dim=2)
    P = sin_cos.reshape(L, 2 * pairs)[:, :D]
    return X + P
