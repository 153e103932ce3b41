# expect: accepted
# tiers: bubblewrap fallback
# check: relay_not_in_report
# Issue #39, in Python: a hidden test leaves what it was given in files for a sample test, which
# would raise it (its words are shown in every format): in /tmp, and under a fixed name beside its
# own output folder (its working folder's parent). The sample tests run, and are read, before any
# hidden test starts: the sample test, waiting a second for them, finds nothing. The hidden test
# checks that it could leave one of them (in the fallback tier Landlock closes the host's /tmp), so
# the case cannot pass because nothing could be written.
import time

RELAYS = ("/tmp/judge-relay-@TAG@", "../judge-relay-@TAG@")


def integers(x):
    return bool((x == x.round()).all())


def sample(x):
    """The sample test's x is arange of a square shape; only the randn test relays (see the C++ twin)."""
    return integers(x) and x.ndim == 2 and x.shape[0] == x.shape[1]


def probe(x):
    if sample(x):
        for _ in range(20):
            for relay in RELAYS:
                try:
                    with open(relay) as f:
                        said = f.read()
                except OSError:
                    continue
                raise RuntimeError("RELAY-@TAG@ " + said)
            time.sleep(0.05)
        return x
    if integers(x):
        return x
    left = False
    for relay in RELAYS:
        try:
            with open(relay, "w") as f:
                f.write("a hidden x of %d elements, x[0] = %r\n" % (x.size, float(x.flat[0])))
            with open(relay) as f:
                left = left or bool(f.read())
        except OSError:
            pass
    return x if left else x + 1  # nowhere to write: the case would prove nothing
