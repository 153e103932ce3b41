# expect: time_limit
# tiers: bubblewrap fallback
# Runs a 2-thread region, then forks: the child's torch call can hang forever, and the parent
# waits for it. The wall clock stops the test; no process of it survives.
import os

import torch


def probe(x):
    torch.set_num_threads(2)
    a = torch.randn(512, 512)
    a = a @ a
    pid = os.fork()
    if pid == 0:
        os.execvp("sleep", ["sleep", "4242@TAG@"]) if a.sum() != a.sum() else None
        b = torch.randn(512, 512)
        while True:
            b = (b @ b).clamp(-1, 1)
    os.waitpid(pid, 0)
    return x
