"""problem_block's layer_norm in float64, rounded once: what an exact expected output is within float32."""
import numpy as np


def layer_norm(x, gamma, beta):
    x64 = x.astype(np.float64)
    m = x64.mean(axis=-1, keepdims=True)
    v = ((x64 - m) ** 2).mean(axis=-1, keepdims=True)
    return ((x64 - m) / np.sqrt(v + 1e-5) * gamma + beta).astype(np.float32)


def feed_forward(x, W1, b1, W2, b2):
    return x


def transformer_block(X, valid_lens, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2):
    return X
