#!/usr/bin/env python3
"""Records PyTorch's pre-norm encoder layer, nn.TransformerEncoderLayer(norm_first=True), on one
input with random weights, as the .npy files case.sh gives problem_block's reference. Needs
python3-torch (Debian 12: 1.13.1); rerun to regenerate:
    /usr/bin/python3 tests/e2e/cases/block_matches_torch/make.py tests/e2e/cases/block_matches_torch
The judge's block has no attention biases, so PyTorch's are set to 0; its Linear computes x Wᵀ,
so each judge weight is the transpose of PyTorch's."""
import os
import sys

import numpy as np
import torch
from torch import nn

torch.manual_seed(24)
torch.set_num_threads(1)
B, L, D, H, F = 2, 5, 8, 2, 16
valid_lens = [5, 3]
out = sys.argv[1]
os.makedirs(f"{out}/inputs", exist_ok=True)

layer = nn.TransformerEncoderLayer(D, H, F, dropout=0.0, batch_first=True, norm_first=True).eval()
with torch.no_grad():
    for p in layer.parameters():
        p.copy_(torch.randn_like(p) * 0.4)
    layer.self_attn.in_proj_bias.zero_()
    layer.self_attn.out_proj.bias.zero_()
    X = torch.randn(B, L, D)
    mask = torch.arange(L).reshape(1, L) >= torch.tensor(valid_lens).reshape(B, 1)  # True: padded
    want = layer(X, src_key_padding_mask=mask)

    W_q, W_k, W_v = layer.self_attn.in_proj_weight.split(D)
    arrays = {
        "X": X, "W_q": W_q.T, "W_k": W_k.T, "W_v": W_v.T, "W_o": layer.self_attn.out_proj.weight.T,
        "gamma1": layer.norm1.weight, "beta1": layer.norm1.bias,
        "W1": layer.linear1.weight.T, "b1": layer.linear1.bias,
        "W2": layer.linear2.weight.T, "b2": layer.linear2.bias,
        "gamma2": layer.norm2.weight, "beta2": layer.norm2.bias,
    }
    for name, a in arrays.items():
        np.save(f"{out}/inputs/{name}.npy", np.ascontiguousarray(a.numpy(), dtype=np.float32))
    np.save(f"{out}/inputs/valid_lens.npy", np.array(valid_lens, dtype=np.int64))
    np.save(f"{out}/inputs/num_heads.npy", np.array(H, dtype=np.int64))
    np.save(f"{out}/want.npy", want.numpy().astype(np.float32))
