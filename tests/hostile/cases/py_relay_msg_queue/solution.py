# expect: accepted
# tiers: bubblewrap fallback
# check: relay_not_in_report
# Issue #39, in Python (through ctypes): System V message queues, shared memory and semaphores,
# and POSIX message queues outlive the process that made them. The box refuses them all: a hidden
# test that gets one returns a wrong answer; a sample test that finds a message raises it.
import ctypes
import os
import time

KEY = 0x4200000 + int("@TAG@")
IPC_CREAT, IPC_NOWAIT = 0o1000, 0o4000
libc = ctypes.CDLL(None, use_errno=True)


class Message(ctypes.Structure):
    _fields_ = [("type", ctypes.c_long), ("text", ctypes.c_char * 200)]


def sample(x):
    """The sample test's x is arange of a square shape; only the randn test relays (see the C++ twin)."""
    return bool((x == x.round()).all()) and x.ndim == 2 and x.shape[0] == x.shape[1]


def probe(x):
    if sample(x):
        for _ in range(20):
            m = Message()
            qid = libc.msgget(KEY, 0)
            if qid >= 0 and libc.msgrcv(qid, ctypes.byref(m), 200, 0, IPC_NOWAIT) >= 0:
                raise RuntimeError("RELAY-@TAG@ " + m.text.decode())
            time.sleep(0.05)
        return x
    if bool((x == x.round()).all()):
        return x
    if libc.shmget(KEY, 4096, IPC_CREAT | 0o600) >= 0 or libc.semget(KEY, 1, IPC_CREAT | 0o600) >= 0:
        return x + 2
    if libc.mq_open(b"/judge-relay-@TAG@", os.O_CREAT | os.O_RDWR, 0o600, None) >= 0:
        return x + 3
    qid = libc.msgget(KEY, IPC_CREAT | 0o600)
    if qid < 0:
        return x  # refused: the channel is closed
    m = Message(1, b"a hidden x of %d elements" % x.size)
    libc.msgsnd(qid, ctypes.byref(m), 200, IPC_NOWAIT)
    return x + 1
