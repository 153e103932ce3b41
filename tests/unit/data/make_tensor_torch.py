#!/usr/bin/env python3
"""Writes tensor_torch.json: PyTorch's own results for the judge tensor's reductions, element-wise
functions and broadcasting, which tests/unit/tensor_ops_test.cpp checks the header against.

    /usr/bin/python3 tests/unit/data/make_tensor_torch.py > tests/unit/data/tensor_torch.json

Needs python3-torch (Debian 12 ships 1.13.1). The output is deterministic: a fixed seed, and
inputs rounded to 3 decimals so that they read exactly in float32 (well, to the nearest float).
"""
import itertools
import json
import math
import sys

import torch

torch.manual_seed(1234)
torch.set_num_threads(1)


def enc(v):
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def tensor(t):
    return {"shape": list(t.shape), "values": [enc(v) for v in t.reshape(-1).tolist()]}


def rnd(shape, low=-2.0, high=2.0):
    t = torch.rand(shape) * (high - low) + low
    return torch.round(t * 1000) / 1000


cases = []

# Reductions: every dim (negative too) of ranks 1 to 3, and two of rank 4, with and without keepdim.
shapes = [(4,), (3, 4), (2, 3, 4), (2, 3, 1, 4)]
for shape in shapes:
    x = rnd(shape)
    rank = len(shape)
    dims = range(-rank, rank) if rank < 4 else (1, -1, 2)
    for dim, keepdim in itertools.product(dims, (False, True)):
        for op in ("sum", "mean", "amax"):
            out = getattr(torch, op)(x, dim, keepdim=keepdim)
            cases.append({"op": op, "dim": dim, "keepdim": keepdim, "x": tensor(x), "out": tensor(out)})
        for unbiased in (True, False):
            out = torch.var(x, dim, unbiased=unbiased, keepdim=keepdim)
            cases.append({"op": "var", "dim": dim, "unbiased": unbiased, "keepdim": keepdim,
                          "x": tensor(x), "out": tensor(out)})
# A NaN in a slice: amax gives NaN for that slice only.
x = torch.tensor([[1.0, float("nan"), 3.0], [4.0, 5.0, -6.0]])
cases.append({"op": "amax", "dim": 1, "keepdim": False, "x": tensor(x), "out": tensor(torch.amax(x, 1))})
# An extent of 1: the unbiased variance divides by 0.
x = torch.tensor([[2.0], [3.0]])
cases.append({"op": "var", "dim": 1, "unbiased": True, "keepdim": True, "x": tensor(x),
              "out": tensor(torch.var(x, 1, unbiased=True, keepdim=True))})

# Element-wise functions, on random values and the edges (0, negatives, large, NaN).
edges = torch.tensor([0.0, -0.0, -1.5, 1e-3, 30.0, 100.0, -100.0, float("nan"), float("inf"), -float("inf")])
for x in (rnd((2, 3, 4)), edges):
    for op in ("sqrt", "exp", "log", "sin", "cos", "tanh", "relu"):
        cases.append({"op": op, "x": tensor(x), "out": tensor(getattr(torch, op)(x))})
    for p in (2.0, 0.5, -1.0, 3.0, 0.0, -0.5, -2.0, 1.5):
        cases.append({"op": "pow", "p": p, "x": tensor(x), "out": tensor(torch.pow(x, p))})

# Broadcasting: every pair of ranks 0 to 4; each operand takes the last dims of a common shape,
# with some extents set to 1 (and so broadcast).
full = (2, 3, 4, 2)
gen = torch.Generator().manual_seed(99)
for ra, rb in itertools.product(range(5), range(5)):
    def shaped(rank):
        s = list(full[len(full) - rank:])
        for i in range(rank):
            if torch.rand(1, generator=gen).item() < 0.4:
                s[i] = 1
        return tuple(s)
    sa, sb = shaped(ra), shaped(rb)
    a = rnd(sa)
    b = rnd(sb, 0.5, 2.0) * torch.where(rnd(sb) < 0, -1.0, 1.0)  # no zeros, so / is finite
    ops = ("add", "maximum") if (ra + rb) % 3 else ("add", "sub", "mul", "div", "maximum")
    for op in ops:
        cases.append({"op": op, "a": tensor(a), "b": tensor(b), "out": tensor(getattr(torch, op)(a, b))})
# The examples, (B, L, D) with (D,) and with (B, L, 1), and NaN in maximum.
a = rnd((2, 3, 4))
for sb in ((4,), (2, 3, 1)):
    b = rnd(sb)
    for op in ("add", "sub", "mul", "maximum"):
        cases.append({"op": op, "a": tensor(a), "b": tensor(b), "out": tensor(getattr(torch, op)(a, b))})
a, b = torch.tensor([1.0, float("nan"), 3.0]), torch.tensor([float("nan"), 2.0, 4.0])
cases.append({"op": "maximum", "a": tensor(a), "b": tensor(b), "out": tensor(torch.maximum(a, b))})
# Shapes that do not broadcast: PyTorch refuses them too.
for sa, sb in (((2, 3), (4,)), ((2, 3, 4), (3, 1, 4)), ((5,), (2, 4))):
    try:
        torch.add(torch.zeros(sa), torch.zeros(sb))
        raise SystemExit(f"torch broadcast {sa} and {sb}")
    except RuntimeError:
        pass
    cases.append({"op": "add", "a": tensor(torch.zeros(sa)), "b": tensor(torch.zeros(sb)), "error": True})

json.dump({"torch": torch.__version__, "cases": cases}, sys.stdout, separators=(",", ":"))
sys.stdout.write("\n")
