# expect: accepted
# tiers: bubblewrap fallback
# check: relay_not_in_report
# Issue #39, in Python: a hidden test leaves what it was given under a fixed name beside its own
# output folder (its working folder's parent) for a sample test, which would raise it. The sample
# tests run, and are read, before any hidden test starts: the sample test finds nothing.
import time

RELAY = "../judge-relay-@TAG@"


def sample(x):
    """The sample test's x is arange of a square shape; only the randn test relays (see the C++ twin)."""
    return bool((x == x.round()).all()) and x.ndim == 2 and x.shape[0] == x.shape[1]


def probe(x):
    if sample(x):
        for _ in range(20):
            try:
                with open(RELAY) as f:
                    raise RuntimeError("RELAY-@TAG@ " + f.read())
            except OSError:
                time.sleep(0.05)
        return x
    if bool((x == x.round()).all()):
        return x
    try:
        with open(RELAY, "w") as f:
            f.write("a hidden x of %d elements\n" % x.size)
    except OSError:
        pass
    return x
