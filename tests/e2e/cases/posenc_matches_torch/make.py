#!/usr/bin/env python3
"""Records D2L 11.6's PositionalEncoding (PyTorch, dropout 0) on two inputs, as the .npy files
case.sh compares the reference with. Needs python3-torch (Debian 12: 1.13.1); rerun to regenerate:
    /usr/bin/python3 tests/e2e/cases/posenc_matches_torch/make.py tests/e2e/cases/posenc_matches_torch
D2L's code needs an even D (its P[:, :, 1::2] = cos(X) has one column too many for an odd D), so
the odd-D convention is the statement's own and is not checked here."""
import sys

import numpy as np
import torch
from torch import nn

torch.manual_seed(11)


class PositionalEncoding(nn.Module):  # D2L 11.6, verbatim but for the comments
    def __init__(self, num_hiddens, dropout, max_len=1000):
        super().__init__()
        self.dropout = nn.Dropout(dropout)
        self.P = torch.zeros((1, max_len, num_hiddens))
        X = torch.arange(max_len, dtype=torch.float32).reshape(-1, 1) / torch.pow(
            10000, torch.arange(0, num_hiddens, 2, dtype=torch.float32) / num_hiddens)
        self.P[:, :, 0::2] = torch.sin(X)
        self.P[:, :, 1::2] = torch.cos(X)

    def forward(self, X):
        X = X + self.P[:, :X.shape[1], :].to(X.device)
        return self.dropout(X)


out = sys.argv[1]
cases = {"random": torch.randn(2, 7, 6), "d2l": torch.zeros(1, 60, 32)}
for name, X in cases.items():
    pe = PositionalEncoding(X.shape[2], 0).eval()
    with torch.no_grad():
        np.save(f"{out}/{name}_X.npy", X.numpy().astype(np.float32))
        np.save(f"{out}/{name}_want.npy", pe(X).numpy().astype(np.float32))
