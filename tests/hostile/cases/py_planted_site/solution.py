# expect: accepted
# tiers: bubblewrap fallback
# Plants a sitecustomize.py and a .pth file in $HOME, the box's /tmp and the working folder, each of
# which would leave a mark if Python ever ran it. A later test looks for the mark: the interpreter
# is started with -I before any test, and each test is a fork of it, so none ever runs.
import os

import numpy as np

MARK = "4242-planted-code-ran"
CODE = "import os; open(os.path.join('/tmp', '%s'), 'w').close()\n" % MARK


def plant(folder):
    try:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "sitecustomize.py"), "w") as f:
            f.write(CODE)
        with open(os.path.join(folder, "zz-judge.pth"), "w") as f:
            f.write(CODE)
    except OSError:
        pass


def probe(x):
    home = os.environ.get("HOME", "/tmp")
    for folder in (home, os.path.join(home, ".local/lib/python3.11/site-packages"), "/tmp", os.getcwd()):
        plant(folder)
    if os.path.exists(os.path.join("/tmp", MARK)):
        return x + 1  # planted code ran: a wrong answer
    return np.array(x)
