"""summary.html in headless Chromium: no console error, a bar per trap, two clusters. Exit 77 when
Chromium cannot start."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from cdp import start_or_skip  # noqa: E402

b = start_or_skip()
try:
    errors = b.open("file://" + os.path.abspath(sys.argv[1]))
    if errors:
        print("FAIL: summary.html logs", errors, file=sys.stderr)
        sys.exit(1)
    bars = b.evaluate("[...document.querySelectorAll('table.traps .bar')].map(e => "
                      "[e.dataset.trap, +e.dataset.passed, +e.dataset.failed, +e.dataset.blocked])")
    if len(bars) != 9 or any(p + f + k != 12 for _, p, f, k in bars):
        print("FAIL: trap bars", bars, file=sys.stderr)
        sys.exit(1)
    sizes = b.evaluate("[...document.querySelectorAll('section.cluster')].map(e => +e.dataset.size)")
    if sizes != [5, 4]:
        print("FAIL: clusters", sizes, file=sys.stderr)
        sys.exit(1)
    print("ok: summary.html: no console error, 9 trap bars over 12 attempts, clusters of 5 and 4")
finally:
    b.close()
