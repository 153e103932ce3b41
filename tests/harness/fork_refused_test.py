"""The Python fork server (judge/harness/python_server.py), driven outside any box as the judge's
runner and client drive it: a test whose fork the box's process limit refuses (EAGAIN, while a
sibling's threads hold the limit) waits for a free slot and then runs; the server lives on and
runs the next test. A fork refused for another reason is said to that test's client.
Usage: python3 fork_refused_test.py HARNESS_DIR
"""
import errno
import json
import os
import socket
import sys
import tempfile

import numpy as np

HARNESS = sys.argv[1]
SOLUTION = "def probe(x):\n    return x * 2\n"
TABLE = {"problem": "probe",
         "functions": {"probe": {"params": [["x", "tensor"]], "outputs": [["output", "tensor"]], "single": True}},
         "exceptions": [["ValueError", "invalid_argument"]]}


def start_server(tmp, refusals):
    """Forks a process that runs the server with os.fork refusing the first forks: `refusals` is
    a list of errnos, one per refused fork, in order. Returns (pid, control socket)."""
    with open(os.path.join(tmp, "table.json"), "w") as f:
        json.dump(TABLE, f)
    with open(os.path.join(tmp, "solution.py"), "w") as f:
        f.write(SOLUTION)
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:
        ours.close()
        sys.path.insert(0, HARNESS)
        import python_server
        real_fork = os.fork
        left = list(refusals)

        def fork():
            if left:
                e = left.pop(0)
                raise (BlockingIOError if e == errno.EAGAIN else OSError)(e, os.strerror(e))
            return real_fork()

        os.fork = fork
        code = python_server.serve(os.path.join(tmp, "table.json"), os.path.join(tmp, "solution.py"), "numpy",
                                   theirs.fileno(), "1000", "256", "64")
        os._exit(code)
    theirs.close()
    assert ours.recv(16) == b"ready", "the server did not say ready"
    return pid, ours


def run_test(control, tmp, name, x):
    """What the runner and the client do for one test: returns the server's reply and the status."""
    base = os.path.join(tmp, name)
    os.makedirs(base + "/in")
    os.makedirs(base + "/out")
    np.save(base + "/in/x.npy", x)
    conn, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    socket.send_fds(control, [b"t"], [theirs.fileno()])
    theirs.close()
    in_fd = os.open(base + "/in", os.O_RDONLY | os.O_DIRECTORY)
    out_fd = os.open(base + "/out", os.O_RDONLY | os.O_DIRECTORY)
    log = os.open(base + "/log", os.O_WRONLY | os.O_CREAT, 0o644)
    socket.send_fds(conn, [b'{"function": "probe"}'], [in_fd, out_fd, log, log])
    for fd in (in_fd, out_fd, log):
        os.close(fd)
    conn.settimeout(30)
    reply = conn.recv(64).decode()
    conn.close()
    status = open(base + "/out/status").read() if os.path.exists(base + "/out/status") else ""
    return reply, status, base


def main():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    with tempfile.TemporaryDirectory() as tmp:
        # Two forks refused for the process limit: the test waits, then runs; so does the next one.
        pid, control = start_server(tmp, [errno.EAGAIN, errno.EAGAIN])
        reply, status, base = run_test(control, tmp, "a", x)
        assert reply == "exit 0", "a test whose fork was refused twice for the limit ended %r" % reply
        assert status.startswith("ok"), "its status is %r" % status
        out = np.load(base + "/out/output.npy")
        assert (out == x * 2).all(), "its output is %r" % out
        reply, status, _ = run_test(control, tmp, "b", x)
        assert reply == "exit 0" and status.startswith("ok"), "the server did not live on: %r %r" % (reply, status)
        control.close()
        _, code = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(code) == 0, "the server ended with %d" % code
        # A fork refused for another reason: that test's client is told, and the server lives on.
        second = os.path.join(tmp, "second")
        os.makedirs(second)
        pid, control = start_server(second, [errno.ENOMEM])
        reply, status, _ = run_test(control, second, "c", x)
        assert reply == "nostart " + os.strerror(errno.ENOMEM), "a refused fork was answered %r" % reply
        reply, status, _ = run_test(control, second, "d", x)
        assert reply == "exit 0" and status.startswith("ok"), "the server did not live on: %r %r" % (reply, status)
        control.close()
        os.waitpid(pid, 0)
    print("ok: a fork refused for the process limit waits for a slot; another refusal is said; the server lives on")


main()
