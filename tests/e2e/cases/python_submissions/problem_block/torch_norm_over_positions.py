"""Seeded bug norm_over_positions in PyTorch: LayerNorm over the positions (dim 1) instead of the features."""
import math

import torch


def layer_norm(x, gamma, beta):
    mean = x.mean(dim=1, keepdim=True)
    var = x.var(dim=1, unbiased=False, keepdim=True)
    return (x - mean) / torch.sqrt(var + 1e-5) * gamma + beta


def feed_forward(x, W1, b1, W2, b2):
    return torch.relu(x @ W1 + b1) @ W2 + b2


def _self_attention(x, valid_lens, num_heads, W_q, W_k, W_v, W_o):
    # Keys at or past an example's length score -1e6, as in D2L.
    B, L, D = x.shape
    dk = D // num_heads

    def split(t):
        return t.reshape(B, L, num_heads, dk).permute(0, 2, 1, 3)

    q, k, v = split(x @ W_q), split(x @ W_k), split(x @ W_v)
    scores = q @ k.transpose(2, 3) / math.sqrt(dk)
    hidden = torch.arange(L).reshape(1, 1, 1, L) >= torch.tensor(valid_lens).reshape(B, 1, 1, 1)
    heads = torch.softmax(scores.masked_fill(hidden, -1e6), dim=-1) @ v
    return heads.permute(0, 2, 1, 3).reshape(B, L, D) @ W_o


def transformer_block(X, valid_lens, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2):
    if X.dim() != 3:
        raise ValueError(f"transformer_block: expected X of shape (B, L, D), got {tuple(X.shape)}")
    if num_heads < 1 or X.shape[2] % num_heads != 0:
        raise ValueError(f"transformer_block: {num_heads} heads do not divide the width of X {tuple(X.shape)}")
    if len(valid_lens) != X.shape[0]:
        raise ValueError(f"transformer_block: {len(valid_lens)} lengths for X {tuple(X.shape)}")
    # Pre-norm: each sub-layer reads LN(x), and its output is added to x itself.
    Y = X + _self_attention(layer_norm(X, gamma1, beta1), valid_lens, num_heads, W_q, W_k, W_v, W_o)
    return Y + feed_forward(layer_norm(Y, gamma2, beta2), W1, b1, W2, b2)
