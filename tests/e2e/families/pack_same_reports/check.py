"""check.py REPORT.json [WHAT ...]: what the report of one shipped submission must say.

  bug ID TRAP [LANG]   rejected; TRAP is the only trap failed (the others pass or are blocked by
                       it), the one to fix first, and a test of it names the seeded bug ID
  accepted LANG        accepted, judged as LANG (cpp, numpy or torch)
  rejected LANG        not accepted
Always: a counterexample (or a failed sample test's values) shows a difference (issue #21).
"""
import json
import sys

report = json.load(open(sys.argv[1]))
what = sys.argv[2:]
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
