"""problem_decoder in NumPy: the causal self-attention and the cross-attention of a Transformer
decoder block.

Read the statement with `judge show problem_decoder`, then replace the stub below.
Judge your work with `judge submit problem_decoder --file solution_numpy.py`
(hand it in as solution.py: a file that does not import torch is judged as NumPy).
X and enc_outputs are fresh float32 ndarrays; the lengths are int64 ndarrays. Return float32
arrays as a tuple (docs/python.md).
"""
import math  # noqa: F401 (for the scale)

import numpy as np  # noqa: F401


def decoder_attention(X, enc_outputs, enc_valid_lens, dec_valid_lens):
    """Returns (output (B, Lq, D), self_weights (B, Lq, Lq), cross_weights (B, Lq, Lk))."""
    raise NotImplementedError("decoder_attention: not implemented yet")
