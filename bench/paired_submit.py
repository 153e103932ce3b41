#!/usr/bin/env python3
"""Paired timing of two judge binaries: `judge -q submit problem_mha --file SRC`, alternating
A B, B A, ... N times, so that the machine's drift hits both alike. Prints the mean wall time of
each, the mean paired difference with its standard error, and the CPU time (user + sys of all
processes) of each. Run from the repository root; JUDGE_CACHE should be a warm cache.
    python3 bench/paired_submit.py JUDGE_BEFORE JUDGE_AFTER SRC N
"""
import resource
import statistics
import subprocess
import sys
import time
from typing import List, Tuple

A, B, src, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def run(j: str) -> Tuple[float, float]:
    t = time.perf_counter()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([j, "-q", "submit", "problem_mha", "--file", src], stdout=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - t, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


for j in (A, B, A, B):
    run(j)
wa: List[float] = []
wb: List[float] = []
ca: List[float] = []
cb: List[float] = []
for i in range(n):
    for j in ((A, B) if i % 2 == 0 else (B, A)):
        w, c = run(j)
        (wa if j == A else wb).append(w)
        (ca if j == A else cb).append(c)
d = [b - a for a, b in zip(wa, wb)]
print(f"{src}: wall before {statistics.mean(wa):.3f} s, after {statistics.mean(wb):.3f} s, paired difference "
      f"{statistics.mean(d) * 1000:+.0f} ms ± {statistics.stdev(d) / len(d) ** 0.5 * 1000:.0f} (SE, {n} pairs); "
      f"CPU before {statistics.mean(ca):.3f} s, after {statistics.mean(cb):.3f} s")
