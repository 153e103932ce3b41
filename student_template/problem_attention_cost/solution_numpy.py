"""problem_attention_cost in NumPy: the parameters, FLOPs and activation memory of a multi-head
attention layer.

Read the statement with `judge show problem_attention_cost`, then replace the stub below.
Judge your work with `judge submit problem_attention_cost --file solution_numpy.py`
(hand it in as solution.py: a file that does not import torch is judged as NumPy).
Every argument is a Python int (bias a bool). Return four ints (or NumPy integers) as a tuple
(docs/python.md).
"""
import numpy as np  # noqa: F401


def attention_cost(batch, length, d_model, num_heads, bias):
    """Returns (params, projection_flops, attention_flops, activations) for self-attention on
    `batch` sequences of `length` tokens of `d_model` features with `num_heads` heads; `bias` says
    whether the projections have biases."""
    raise NotImplementedError("attention_cost: not implemented yet")
