# expect: accepted
# tiers: bubblewrap fallback
# check: needs_root
# Waits so that its siblings run beside it, then opens every other process's /proc/<pid>/fd (the
# server's, the clients', the other tests'), their working folders and environment, looking for
# another test's input folder (one that holds an x.npy that is not its own). Python processes are
# dumpable unless the server says otherwise: finding one returns a wrong answer.
import os
import time

import numpy as np


def others_inputs():
    found = []
    mine = os.readlink("/proc/self/fd/3") if os.path.exists("/proc/self/fd/3") else ""
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        for place in ["/proc/%s/cwd" % pid] + ["/proc/%s/fd/%s" % (pid, fd) for fd in range(64)]:
            try:
                if os.path.isfile(os.path.join(place, "x.npy")) and os.path.realpath(place) != mine:
                    found.append(place)
            except OSError:
                pass
        try:
            with open("/proc/%s/environ" % pid, "rb") as f:
                if b"/in/" in f.read():
                    found.append("/proc/%s/environ" % pid)
        except OSError:
            pass
    return found


def probe(x):
    time.sleep(0.3)
    return x + 1 if others_inputs() else np.array(x)
