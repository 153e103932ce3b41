"""problem_decoder in PyTorch: the causal self-attention and the cross-attention of a Transformer
decoder block.

Read the statement with `judge show problem_decoder`, then replace the stub below.
Judge your work with `judge submit problem_decoder --file solution.py`.
X and enc_outputs are fresh float32 torch.Tensors; the lengths are int64 torch.Tensors. Return float32
tensors as a tuple (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import torch  # noqa: F401


def decoder_attention(X, enc_outputs, enc_valid_lens, dec_valid_lens):
    """Returns (output (B, Lq, D), self_weights (B, Lq, Lq), cross_weights (B, Lq, Lk))."""
    raise NotImplementedError("decoder_attention: not implemented yet")
