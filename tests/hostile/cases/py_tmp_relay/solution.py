# expect: accepted
# tiers: bubblewrap fallback
# check: shared_places_closed
# The Python twin of tmp_relay (issue #62): read what an earlier submission left in the host's
# /tmp and /dev/shm, and leave files there for the next. Anything it can open makes the answer
# wrong; the runner checks afterwards that nothing was left.
import os

import numpy as np


def probe(x):
    for p in ("/tmp/judge-left-@TAG@", "/dev/shm/judge-left-@TAG@"):
        try:
            with open(p, "rb"):
                return x + 1.0
        except OSError:
            pass
    for p in ("/tmp/judge-relay-@TAG@", "/var/tmp/judge-relay-@TAG@", "/dev/shm/judge-relay-@TAG@"):
        try:
            with open(p, "w") as f:
                f.write("relay")
        except OSError:
            pass
    try:
        os.mkdir("/tmp/judge-relay-dir-@TAG@")
    except OSError:
        pass
    return np.asarray(x)
