"""Looks at judge submit --html pages in headless Chromium: check_pages.py DIR

DIR holds fold_one_reshape.{html,json}, mask_after_softmax.{html,json} and accepted.html (case.sh
writes them). Exits 77, with the reason, when Chromium cannot start; 1 on the first mismatch.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from cdp import png_pixels, start_or_skip  # noqa: E402

d = sys.argv[1]


def fail(msg):
    print("FAIL:", msg, file=sys.stderr)
    sys.exit(1)


def colour(value, scale, lo, hi):
    """The page's colour scale (judge/report/pictures.cpp, ColourScale::colour) in Python."""
    def mix(to, t):
        t = min(max(t, 0.0), 1.0)
        return tuple(int(round(255 + t * (c - 255))) for c in to)
    if value is None:
        return (160, 160, 160)
    if scale == "sequential":
        return mix((8, 48, 107), (value - lo) / (hi - lo) if hi > lo else 0)
    t = value / hi
    return mix((178, 24, 43), -t) if t < 0 else mix((33, 102, 172), t)


PANELS = """[...document.querySelectorAll('svg.panel')].map(s => ({test: s.dataset.test, output: s.dataset.output,
  head: s.dataset.head, role: s.dataset.role, attention: !!s.closest('figure').dataset.attention,
  values: JSON.parse(s.dataset.values), scale: s.dataset.scale, min: +s.dataset.min, max: +s.dataset.max}))"""

b = start_or_skip()
try:
    # A page that logs an error is seen to: the check below can fail.
    probe = os.path.join(d, "probe.html")
    open(probe, "w").write("<!DOCTYPE html><title>p</title><script>console.error('probe')</script>")
    if not any("probe" in e for e in b.open("file://" + probe)):
        fail("the console check does not see a page's console.error")

    for bug in ("fold_one_reshape", "mask_after_softmax"):
        page = os.path.join(d, bug + ".html")
        errors = b.open("file://" + page, width=1280, height=800)
        if errors:
            fail(f"{bug}.html logs: {errors}")
        report = json.load(open(os.path.join(d, bug + ".json")))
        # The page leads with the trap to fix first (issue #42): its section comes before any
        # other, each picture is of a trap that failed (none of a trap not assessed), each is drawn
        # once, and the page fits in two screens at 1280 px.
        order = b.evaluate("[...document.querySelectorAll('section.fix-first, details.trap, ul.traps')]"
                           ".map(e => e.dataset.trap || e.className)")
        if not order or order[0] != report["first_fix"]:
            fail(f"{bug}.html does not lead with the trap to fix first {report['first_fix']}: {order}")
        trap_of = {t["id"]: t["trap"] for t in report["tests"]}
        failed = {t["id"] for t in report["traps"] if t["status"] == "failed"}
        drawn = b.evaluate("[...document.querySelectorAll('figure.picture')].map(f => [f.dataset.test, "
                           "f.dataset.output, [...f.querySelectorAll('svg.panel')].map(s => s.dataset.values)"
                           ".join('|')])")
        if not drawn:
            fail(f"{bug}.html draws no picture")
        for test, output, _ in drawn:
            if trap_of.get(test) not in failed:
                fail(f"{bug}.html draws test {test}, of trap {trap_of.get(test)}, which did not fail")
        if len({values for _, _, values in drawn}) != len(drawn):
            fail(f"{bug}.html draws the same values twice: {[(t, o) for t, o, _ in drawn]}")
        first = b.evaluate("document.querySelector('section.fix-first figure') ? "
                           "document.querySelector('section.fix-first figure').dataset.test : ''")
        if trap_of.get(first) != report["first_fix"]:
            fail(f"{bug}.html: the fix-first section's picture is of test {first!r}")
        height = b.evaluate("document.documentElement.scrollHeight")
        if height > 2 * 800:
            fail(f"{bug}.html is {height} px tall at 1280 px: more than two screens")
        print(f"ok: {bug}.html leads with {report['first_fix']}, {len(drawn)} pictures of failed traps, "
              f"each once, {height} px tall")
        panels = b.evaluate(PANELS)
        figures = {(p["test"], p["output"]) for p in panels if p["attention"]}
        if bug == "mask_after_softmax" and not figures:
            fail(f"{bug}.html has no attention pictures")
        for test, output in sorted(figures):
            # One panel per head per role; the heads are the test's (or its counterexample's) num_heads.
            t = next(x for x in report["tests"] if x["id"] == test)
            shown = t.get("counterexample") or t.get("values")
            spec_path = os.path.join(os.environ["ROOT"], "problems/problem_mha/problem.json")
            heads = shown["inputs"]["num_heads"] if shown else next(
                x for x in json.load(open(spec_path))["tests"] if x["id"] == test)["inputs"]["num_heads"]
            for role in ("expected", "got", "diff"):
                got = sorted(int(p["head"]) for p in panels
                             if (p["test"], p["output"], p["role"]) == (test, output, role))
                if got != list(range(heads)):
                    fail(f"{bug}.html, test {test} {output}: {role} panels for heads {got}, expected 0..{heads - 1}")
        print(f"ok: {bug}.html: no console error; {len(figures)} attention pictures, one panel per head per role")

    # The masked key columns of mask_after_softmax's weights are coloured as their values say.
    b.open("file://" + os.path.join(d, "mask_after_softmax.html"))
    cells = b.evaluate("""[...document.querySelectorAll(
          'figure[data-test="masking_sample"][data-output="weights"] svg.panel[data-role="got"][data-head="0"] rect')]
        .map(r => { const b = r.getBoundingClientRect();
          return {row: +r.dataset.row, col: +r.dataset.col, masked: r.dataset.masked === '1',
                  x: b.x + window.scrollX, y: b.y + window.scrollY, w: b.width, h: b.height}; })""")
    panel = next(p for p in b.evaluate(PANELS) if (p["test"], p["output"], p["role"], p["head"]) ==
                 ("masking_sample", "weights", "got", "0"))
    masked = [c for c in cells if c["masked"]]
    if len(masked) != 4 * 3:  # 4 query rows, keys 3..5 past valid_lens 3
        fail(f"masking_sample head 0: {len(masked)} masked cells marked, expected 12")
    seen = set()
    for c in cells:
        value = panel["values"][c["row"]][c["col"]]
        png = b.screenshot({"x": c["x"] + c["w"] / 2 - 1, "y": c["y"] + c["h"] / 2 - 1, "width": 2, "height": 2})
        _, _, rows = png_pixels(png)
        px = rows[0][0]
        want = colour(value, panel["scale"], panel["min"], panel["max"])
        if max(abs(a - b_) for a, b_ in zip(px, want)) > 3:
            fail(f"cell [{c['row']}, {c['col']}] = {value} is drawn {px}, its value's colour is {want}")
        seen.add(px)
        if c["masked"] and value != 0:
            fail(f"masked cell [{c['row']}, {c['col']}] holds {value}: mask_after_softmax leaves 0 there")
    if len(seen) < 3:
        fail(f"the panel's cells show {len(seen)} colours: the screenshot check cannot tell values apart")
    print(f"ok: the masked key columns are drawn as their value 0 says; {len(cells)} cells checked in a screenshot")

    errors = b.open("file://" + os.path.join(d, "heads.html"))
    if errors:
        fail(f"heads.html logs: {errors}")
    for role in ("expected", "got", "diff"):
        heads = sorted(int(p["head"]) for p in b.evaluate(PANELS) if p["role"] == role)
        if heads != sorted([0, 1, 2, 3, 4] * 2):  # both examples of the D2L toy input
            fail(f"heads.html: {role} panels for heads {heads}, expected 0..4 for each of 2 examples")
    if "heads are not split" not in b.evaluate("document.body.innerText"):
        fail("heads.html does not say the heads are not split")
    print("ok: heads.html: 5 heads per role for each example, and the split bug named")

    errors = b.open("file://" + os.path.join(d, "accepted.html"))
    if errors:
        fail(f"accepted.html logs: {errors}")
    text = b.evaluate("document.body.innerText")
    if "Accepted: every test passes" not in text:
        fail("accepted.html does not say it is accepted: " + text[:300])
    if b.evaluate("document.querySelectorAll('svg.panel').length") != 0:
        fail("accepted.html draws panels")
    print("ok: accepted.html says so")
finally:
    b.close()
