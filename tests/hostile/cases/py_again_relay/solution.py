# expect: wrong_answer
# tiers: bubblewrap fallback
# check: second_run_clean
# Issue #65, in Python (see the C++ twin again_relay): the randn hidden test leaves what it was given
# in the box's /tmp and /dev/shm and under a fixed name beside its own output folder; the sample
# test, wrong on purpose, would return another wrong answer on its second run (in the same box, by
# the same server, after the hidden tests) if it found one of them, and the report would say that
# its output changes. Those places are emptied before the second runs: it finds nothing. The hidden
# test checks that it could leave one of them, so the case cannot pass because nothing was written.
RELAYS = ("/tmp/judge-again-@TAG@", "/dev/shm/judge-again-@TAG@", "../judge-again-@TAG@")


def integers(x):
    return bool((x == x.round()).all())


def sample(x):
    """The sample test's x is arange of a square shape; only the randn test relays."""
    return integers(x) and x.ndim == 2 and x.shape[0] == x.shape[1]


def probe(x):
    if sample(x):
        for relay in RELAYS:
            try:
                with open(relay):
                    return x + 2  # what a hidden test left: another wrong answer
            except OSError:
                continue
        return x + 1
    if integers(x):
        return x
    left = False
    for relay in RELAYS:
        try:
            with open(relay, "w") as f:
                f.write("a hidden x of %d elements\n" % x.size)
            with open(relay) as f:
                left = left or bool(f.read())
        except OSError:
            pass
    return x if left else x + 1  # nowhere to write: the case would prove nothing
