"""summary.html in headless Chromium: no console error, a bar per trap, two clusters. Exit 77 when
Chromium cannot start."""
import html
import os
import sys
import urllib.parse

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
    # Every student's id is a link to their own page, which exists (issue #42): the browser's
    # resolved address, percent-decoded, is the file grade wrote.
    links = b.evaluate("[...document.querySelectorAll('a.student')].map(e => [e.textContent, e.href])")
    linked = {who for who, _ in links}
    if len(linked) != 12 - 3:  # the 9 wrong answers; the 3 correct students are in no list
        print("FAIL: student links", links, file=sys.stderr)
        sys.exit(1)
    for who, href in links:
        path = urllib.parse.unquote(urllib.parse.urlparse(href).path)
        if not href.startswith("file://") or not os.path.isfile(path) or not path.endswith("/report.html"):
            print("FAIL: the link of", who, "is", href, file=sys.stderr)
            sys.exit(1)
        if html.escape(who, quote=False) + "/solution.cpp" not in open(path, encoding="utf-8").read():
            print("FAIL: the page of", who, "is not theirs:", path, file=sys.stderr)
            sys.exit(1)
    teach = b.evaluate("[...document.querySelectorAll('ol.teach-next > li')].map(e => e.dataset.trap)")
    if not teach or teach[0] != "per_head_loop":
        print("FAIL: teach next", teach, file=sys.stderr)
        sys.exit(1)
    print("ok: summary.html: no console error, 9 trap bars over 12 attempts, clusters of 5 and 4, "
          f"{len(links)} student links to pages that exist, teach next {teach}")
finally:
    b.close()
