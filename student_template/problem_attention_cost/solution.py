"""problem_attention_cost in PyTorch: the parameters, FLOPs and activation memory of a multi-head
attention layer.

Read the statement with `judge show problem_attention_cost`, then replace the stub below.
Judge your work with `judge submit problem_attention_cost --file solution.py`.
Every argument is a Python int (bias a bool). Return four ints (or 0-d int64 tensors) as a tuple
(docs/python.md).
"""
import torch  # noqa: F401


def attention_cost(batch, length, d_model, num_heads, bias):
    """Returns (params, projection_flops, attention_flops, activations) for self-attention on
    `batch` sequences of `length` tokens of `d_model` features with `num_heads` heads; `bias` says
    whether the projections have biases."""
    raise NotImplementedError("attention_cost: not implemented yet")
