# judge: torch
"""problem_norm_placement in PyTorch: post-norm and pre-norm Transformer blocks side by side.

Read the statement with `judge show problem_norm_placement`, then replace each stub below.
Judge your work with `judge submit problem_norm_placement --file solution.py`.
Every tensor argument is a float32 torch.Tensor of its own; num_heads is an int and eps a float.
Return float32 tensors of shape (B, L, D) (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import torch  # noqa: F401


def layer_norm(x, gamma, beta, eps):
    """LayerNorm over the last axis: (x - mean) / sqrt(var + eps) * gamma + beta, var divided by D."""
    raise NotImplementedError("layer_norm: not implemented yet")


def feed_forward(x, W1, b1, W2, b2):
    """relu(x W1 + b1) W2 + b2."""
    raise NotImplementedError("feed_forward: not implemented yet")


def post_norm_block(X, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2, eps):
    """Post-norm: Z = LN1(X + MHA(X)), then LN2(Z + FFN(Z)).

    Raise ValueError when X is not 3-D, or num_heads is below 1 or does not divide its width.
    """
    raise NotImplementedError("post_norm_block: not implemented yet")


def pre_norm_block(X, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2, eps):
    """Pre-norm: Y = X + MHA(LN1(X)), then Y + FFN(LN2(Y)); the output is not normalised.

    Raise ValueError when X is not 3-D, or num_heads is below 1 or does not divide its width.
    """
    raise NotImplementedError("pre_norm_block: not implemented yet")
