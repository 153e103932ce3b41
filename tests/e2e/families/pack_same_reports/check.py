"""check.py REPORT.json [WHAT ...]: what the report of one shipped submission must say.

  bug ID TRAP [LANG]   rejected; TRAP is the only trap failed (the others pass or are blocked by
                       it), the one to fix first, and a test of it names the seeded bug ID
  accepted LANG        accepted, judged as LANG (cpp, numpy or torch)
  rejected LANG        not accepted
  ... twin OTHER.json  also: the same verdict, points, traps (each passed, failed or blocked, with its
                       points), fix-first trap and misconception named on each test as OTHER.json,
                       the report of the same mistake in another language (issue #40)
Always: a counterexample (or a failed sample test's values) shows a difference (issue #21).
"""
import json
import sys

report = json.load(open(sys.argv[1]))
what = sys.argv[2:]
twin = None
if "twin" in what:
    twin = json.load(open(what[what.index("twin") + 1]))
    what = what[:what.index("twin")]
for t in report["tests"]:
    for key in ("counterexample", "values"):
        c = t.get(key)
        if c and not c.get("expected_exception"):
            assert c["expected"] != c["got"], ("a counterexample without a difference", t["id"], key, c)


def fail(message):
    sys.stderr.write("check.py: %s: %s\n" % (sys.argv[1], message))
    sys.exit(1)


if what and what[0] == "bug":
    bug, trap = what[1], what[2]
    language = what[3] if len(what) > 3 else "cpp"
    failed = [t["id"] for t in report["traps"] if t["status"] == "failed"]
    if report["verdict"] == "accepted":
        fail("the seeded bug %s is accepted" % bug)
    if failed != [trap]:
        fail("the seeded bug %s fails the traps %s, not %s alone" % (bug, failed, trap))
    if report.get("first_fix") != trap:
        fail("the seeded bug %s: fix first %s, not %s" % (bug, report.get("first_fix"), trap))
    named = [t["id"] for t in report["tests"]
             if t.get("trap") == trap and (t.get("misconception") or {}).get("bug") == bug]
    if not named:
        fail("no test of %s names the seeded bug %s" % (trap, bug))
elif what and what[0] in ("accepted", "rejected"):
    language = what[1]
    if (report["verdict"] == "accepted") != (what[0] == "accepted"):
        fail("%s, expected %s" % (report["verdict"], what[0]))
elif what:
    fail("check.py does not know %s" % what[0])
if what and report.get("language") != language:
    fail("judged as %s, not %s" % (report.get("language"), language))
if twin is not None:
    def summary(r):
        return {"verdict": r["verdict"], "score": r["score"], "first_fix": r.get("first_fix"),
                "traps": [(t["id"], t["status"], t.get("points")) for t in r["traps"]],
                "named": [(t["id"], (t.get("misconception") or {}).get("bug")) for t in r["tests"]]}
    mine, theirs = summary(report), summary(twin)
    for key in mine:
        if mine[key] != theirs[key]:
            fail("its twin in another language differs in %s: %s here, %s there" % (key, mine[key], theirs[key]))
