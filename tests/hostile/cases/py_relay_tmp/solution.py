# expect: accepted
# tiers: bubblewrap fallback
# check: relay_not_in_report
# Issue #39, in Python: a hidden test leaves what it was given in /tmp for a sample test, which
# would raise it (its words are shown in every format). The sample tests run, and are read, before
# any hidden test starts: the sample test, waiting a second for it, finds nothing. The hidden
# tests check that they could write there, so the case cannot pass because /tmp was missing.
import time

RELAY = "/tmp/judge-relay-@TAG@"


def probe(x):
    if tuple(x.shape) == (2, 2):  # the sample test
        for _ in range(20):
            try:
                with open(RELAY) as f:
                    raise RuntimeError("RELAY-@TAG@ " + f.read())
            except OSError:
                time.sleep(0.05)
        return x
    with open(RELAY, "w") as f:
        f.write("a hidden x of %d elements, x[0] = %r\n" % (x.size, float(x.flat[0])))
    with open(RELAY) as f:
        if not f.read():
            return x + 1
    return x
