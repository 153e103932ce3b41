#!/usr/bin/env python3
"""Screenshot of a page in headless Chromium: screenshot.py PAGE OUT.png WIDTH [MAX_HEIGHT]

The whole page at WIDTH CSS pixels (cut at MAX_HEIGHT when given), through tests/e2e/cdp.py.
Exits 77 with the reason when Chromium cannot start; 1 when the page logs a console error."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e"))
from cdp import start_or_skip  # noqa: E402

page, out, width = sys.argv[1], sys.argv[2], int(sys.argv[3])
max_height = int(sys.argv[4]) if len(sys.argv) > 4 else None
b = start_or_skip()
try:
    errors = b.open("file://" + os.path.abspath(page), width=width, height=800)
    if errors:
        print(f"screenshot: {page} logs {errors}", file=sys.stderr)
        sys.exit(1)
    height = b.evaluate("document.documentElement.scrollHeight")
    if max_height:
        height = min(height, max_height)
    png = b.screenshot({"x": 0, "y": 0, "width": width, "height": height})
    open(out, "wb").write(png)
    print(f"{out}: {width} x {height}, {len(png)} bytes")
finally:
    b.close()
