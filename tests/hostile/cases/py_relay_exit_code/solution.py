# expect: runtime_error
# tiers: bubblewrap fallback
# report: probe stopped with an error (hidden test: only its verdict is shown)
# absent: 112
# absent: KeyError
# absent: Relay_
# Issue #62, in Python: the hidden test with 6 elements leaves with os._exit(100 + 2 x 6), the
# other raises KeyError with its size in its words: the report says each failed, and nothing else.
import os

import numpy as np


def probe(x):
    x = np.asarray(x)
    if x.size == 4:
        return x  # the sample test, 2 x 2
    if x.size == 6:
        os._exit(100 + 2 * x.size)
    raise KeyError("Relay_%d" % x.size)
