"""problem_block in PyTorch: a pre-norm Transformer encoder block (unit 7.5).

Read the statement with `judge show problem_block`, then replace each stub below.
Judge your work with `judge submit problem_block --file solution.py`.
Every tensor argument is a fresh float32 torch.Tensor; valid_lens is a list of ints; num_heads is an
int. Return float32 tensors (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import torch  # noqa: F401


def layer_norm(x, gamma, beta):
    """LayerNorm over the last axis: (x - mean) / sqrt(var + 1e-5) * gamma + beta, var divided by D."""
    raise NotImplementedError("layer_norm: not implemented yet")


def feed_forward(x, W1, b1, W2, b2):
    """relu(x W1 + b1) W2 + b2."""
    raise NotImplementedError("feed_forward: not implemented yet")


def transformer_block(X, valid_lens, num_heads, W_q, W_k, W_v, W_o, gamma1, beta1, W1, b1, W2, b2, gamma2, beta2):
    """Y = X + MHA(LN1(X)), then Y + FFN(LN2(Y)); keys j >= valid_lens[b] are masked with -1e6.

    Raise ValueError when X is not 3-D, num_heads does not divide its width, or valid_lens does not
    have one length per example.
    """
    raise NotImplementedError("transformer_block: not implemented yet")
