# expect: runtime_error
# tiers: bubblewrap fallback
# report: without finishing the call
# Prints, then leaves with os._exit(0) before returning: the harness never writes the status, so
# no test passes, whatever the exit code says.
import os

import numpy as np


def probe(x):
    print("4242 printed before os._exit", flush=True)
    os._exit(0)
    return np.array(x)
