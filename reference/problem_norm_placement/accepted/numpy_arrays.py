"""problem_norm_placement in NumPy: post-norm and pre-norm Transformer blocks."""
import math

import numpy as np


def layer_norm(x, gamma, beta, eps):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + np.float32(eps)) * gamma + beta


def feed_forward(x, W1, b1, W2, b2):
    return np.maximum(x @ W1 + b1, np.float32(0)) @ W2 + b2


def _softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _self_attention(x, num_heads, W_q, W_k, W_v, W_o):
    B, L, D = x.shape
    dk = D // num_heads

    def split(t):
        return t.reshape(B, L, num_heads, dk).transpose(0, 2, 1, 3)

    q, k, v = split(x @ W_q), split(x @ W_k), split(x @ W_v)
    heads = _softmax(q @ k.transpose(0, 1, 3, 2) / np.float32(math.sqrt(dk))) @ v
    return heads.transpose(0, 2, 1, 3).reshape(B, L, D) @ W_o


def _check(X, num_heads):
    if X.ndim != 3:
        raise ValueError(f"expected X of shape (B, L, D), got {X.shape}")
    if num_heads < 1 or X.shape[2] % num_heads != 0:
        raise ValueError(f"{num_heads} heads do not divide the width of X {X.shape}")


def post_norm_block(X, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2, eps):
    _check(X, num_heads)
    Z = layer_norm(X + _self_attention(X, num_heads, W_q, W_k, W_v, W_o), gamma1, beta1, eps)
    return layer_norm(Z + feed_forward(Z, W1, b1, W2, b2), gamma2, beta2, eps)


def pre_norm_block(X, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2, eps):
    _check(X, num_heads)
    Y = X + _self_attention(layer_norm(X, gamma1, beta1, eps), num_heads, W_q, W_k, W_v, W_o)
    return Y + feed_forward(layer_norm(Y, gamma2, beta2, eps), W1, b1, W2, b2)
