# expect: time_limit
# tiers: bubblewrap fallback
# Asks torch for 64 threads and keeps them all busy: every thread's time is the test's CPU time
# (the box's process limit bounds how many it gets; libgomp hangs, not fails, at that limit), so
# the test stops at its limit, and none of its threads outlives it.
import time

import torch


def probe(x):
    torch.set_num_threads(64)
    a = torch.randn(256, 256)
    end = time.time() + 30
    while time.time() < end:
        a = torch.tanh(a @ a)
    return x.clone()
