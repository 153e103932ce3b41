# expect: accepted
# tiers: bubblewrap fallback
# check: relay_not_in_report
# Issue #39, in Python: a hidden test leaves what it was given in /tmp for a sample test, which
# would raise it (its words are shown in every format). The sample tests run, and are read, before
# any hidden test starts: the sample test, waiting a second for it, finds nothing. The hidden
# tests check that they could write there, so the case cannot pass because /tmp was missing.
import time

RELAY = "/tmp/judge-relay-@TAG@"


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
    with open(RELAY, "w") as f:
        f.write("a hidden x of %d elements, x[0] = %r\n" % (x.size, float(x.flat[0])))
    with open(RELAY) as f:
        if not f.read():
            return x + 1
    return x
