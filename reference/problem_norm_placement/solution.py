"""Reference solution for problem_norm_placement in PyTorch: post-norm and pre-norm blocks.

The C++ reference (solution.cpp) is the oracle; this is its translation, which `validate
--cross-check` runs beside it (docs/python.md). builtin.py computes the same blocks with
torch.nn.TransformerEncoderLayer(norm_first=False) and (norm_first=True).
"""
import math

import torch


def layer_norm(x, gamma, beta, eps):
    # The biased variance, eps inside the square root, then gamma and beta.
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, unbiased=False, keepdim=True)
    return (x - mean) / torch.sqrt(var + eps) * gamma + beta


def feed_forward(x, W1, b1, W2, b2):
    return torch.relu(x @ W1 + b1) @ W2 + b2


def _self_attention(x, num_heads, W_q, W_k, W_v, W_o):
    B, L, D = x.shape
    dk = D // num_heads

    def split(t):
        return t.reshape(B, L, num_heads, dk).permute(0, 2, 1, 3)

    q, k, v = split(x @ W_q), split(x @ W_k), split(x @ W_v)
    heads = torch.softmax(q @ k.transpose(2, 3) / math.sqrt(dk), dim=-1) @ v
    return heads.permute(0, 2, 1, 3).reshape(B, L, D) @ W_o


def _check(name, X, num_heads):
    if X.dim() != 3:
        raise ValueError(f"{name}: expected X of shape (B, L, D), got {tuple(X.shape)}")
    if num_heads < 1 or X.shape[2] % num_heads != 0:
        raise ValueError(f"{name}: {num_heads} heads do not divide the width of X {tuple(X.shape)}")


def post_norm_block(X, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2, eps):
    _check("post_norm_block", X, num_heads)
    # Post-norm: each residual sum is normalised.
    Z = layer_norm(X + _self_attention(X, num_heads, W_q, W_k, W_v, W_o), gamma1, beta1, eps)
    return layer_norm(Z + feed_forward(Z, W1, b1, W2, b2), gamma2, beta2, eps)


def pre_norm_block(X, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2, eps):
    _check("pre_norm_block", X, num_heads)
    # Pre-norm: each sub-layer reads LN(x), and its output is added to x itself.
    Y = X + _self_attention(layer_norm(X, gamma1, beta1, eps), num_heads, W_q, W_k, W_v, W_o)
    return Y + feed_forward(layer_norm(Y, gamma2, beta2, eps), W1, b1, W2, b2)
