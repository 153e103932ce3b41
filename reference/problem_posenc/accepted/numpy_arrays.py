"""problem_posenc in NumPy: D2L 11.6's sinusoidal positional encoding, added to X."""
import math

import numpy as np


def add_positional_encoding(X):
    if X.ndim != 3:
        raise ValueError(f"add_positional_encoding: expected X of shape (B, L, D), got {X.shape}")
    _, L, D = X.shape
    pairs = (D + 1) // 2
    positions = np.arange(L, dtype=np.float32).reshape(L, 1)
    exponents = np.arange(pairs, dtype=np.float32) * np.float32(2.0) / np.float32(D)
    angles = positions / np.exp(exponents * np.float32(math.log(10000.0))).reshape(1, pairs)
    P = np.stack([np.sin(angles), np.cos(angles)], axis=2).reshape(L, 2 * pairs)[:, :D]
    return X + P
