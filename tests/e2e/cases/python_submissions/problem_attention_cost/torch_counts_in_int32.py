"""Seeded bug counts_in_int32 in PyTorch: the counts in int32 tensors, which wrap."""
import torch


def attention_cost(batch, length, d_model, num_heads, bias):
    if batch < 1 or length < 1 or d_model < 1 or num_heads < 1:
        raise ValueError("every size must be at least 1")
    if d_model % num_heads != 0:
        raise ValueError("num_heads must divide d_model")
    B, L, D, H = (torch.tensor(v, dtype=torch.int32) for v in (batch, length, d_model, num_heads))
    tokens = B * L
    params = 4 * D * D
    projection_flops = 4 * 2 * tokens * D * D
    if bias:
        params = params + 4 * D
        projection_flops = projection_flops + 4 * tokens * D
    attention_flops = 2 * 2 * B * L * L * D
    activations = 5 * tokens * D + B * H * L * L
    return params, projection_flops, attention_flops, activations
