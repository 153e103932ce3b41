# expect: accepted
# tiers: bubblewrap fallback
# check: relay_not_in_report
# Issue #39, in Python: a hidden test leaves what it was given under a fixed name beside its own
# output folder (its working folder's parent) for a sample test, which would raise it. The sample
# tests run, and are read, before any hidden test starts: the sample test finds nothing.
import time

RELAY = "../judge-relay-@TAG@"


def probe(x):
    if tuple(x.shape) == (2, 2):  # the sample test
        for _ in range(20):
            try:
                with open(RELAY) as f:
                    raise RuntimeError("RELAY-@TAG@ " + f.read())
            except OSError:
                time.sleep(0.05)
        return x
    try:
        with open(RELAY, "w") as f:
            f.write("a hidden x of %d elements\n" % x.size)
    except OSError:
        pass
    return x
