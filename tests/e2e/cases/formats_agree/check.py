"""Every format's total is the JSON report's, read as each platform reads it: check.py GRADE FORMATS.
GRADE is `judge grade`'s output (the JSON report, grades.csv, JUnit and Gradescope for every
student); FORMATS/<student>/ holds `judge submit --format` classroom, prairielearn and codegrade for
the students case.sh asked them of."""
import base64
import csv
import json
import os
import sys
import xml.etree.ElementTree as ET

grade, formats = sys.argv[1], sys.argv[2]
# The keys each consumer defines (Gradescope's docs/specs.md, PrairieLearn's externalGrading.md,
# the fields classroom-resources' graders write): nothing else is written.
GS_TOP = {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
          "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
GS_TEST = {"score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags",
           "visibility", "extra_data"}
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
CL_TEST = {"name", "status", "score", "message", "test_code", "filename", "line_no", "duration"}
PL_TOP = {"gradable", "score", "format_errors", "message", "output", "images", "tests", "points", "max_points"}
PL_TEST = {"name", "description", "points", "max_points", "message", "output", "images"}
rows = {r["student"]: r for r in csv.DictReader(open(os.path.join(grade, "grades.csv")))}
junit_all = {s.attrib["name"]: s for s in ET.parse(os.path.join(grade, "junit.xml")).getroot()}
blocked_seen = 0
platforms_seen = 0
for student in sorted(rows):
    d = os.path.join(formats, student)
    report = json.load(open(os.path.join(grade, "students", student, "report.json")))
    score, top = report["score"], report["max_score"]
    where = f"{student} ({report['verdict']}, {score}/{top})"
    # The rule: a blocked trap scores nothing.
    blocked = {t["id"] for t in report["traps"] if t["status"] == "blocked"}
    blocked_seen += len(blocked)
    assert all(t["points"] == 0 for t in report["tests"] if t["trap"] in blocked), where
    assert sum(t["points"] for t in report["tests"]) == score, where
    assert int(rows[student]["score"]) == score and int(rows[student]["max_score"]) == top, where
    # Gradescope: the tests' scores add up to the top-level score.
    gs = json.load(open(os.path.join(grade, "students", student, "results.json")))
    assert gs["score"] == score and sum(t["score"] for t in gs["tests"]) == score, where
    assert sum(t["max_score"] for t in gs["tests"]) == top, where
    assert set(gs) <= GS_TOP and all(set(t) <= GS_TEST for t in gs["tests"]), where
    assert gs["visibility"] in VISIBILITY and gs["stdout_visibility"] in VISIBILITY, where
    assert all(t["visibility"] in VISIBILITY and t["status"] in ("passed", "failed") for t in gs["tests"]), where
    assert all(isinstance(tag, str) for t in gs["tests"] for tag in t["tags"]), where
    assert all(t["extra_data"]["trap"] == t["tags"][0] for t in gs["tests"]), where
    # JUnit (grade's, the same renderer as submit's): the suite's score property and the cases' points.
    for suite in (junit_all[student],):
        props = {p.attrib["name"]: int(p.attrib["value"]) for p in suite.iter("property")}
        assert props == {"score": score, "max_score": top}, (where, props)
        points = [(case.findtext("system-out") or "").split(": ")[1].split("/") for case in suite.iter("testcase")]
        assert sum(int(k) for k, _ in points) == score and sum(int(n) for _, n in points) == top, where
        skipped = [case.attrib["name"] for case in suite.iter("testcase") if case.find("skipped") is not None]
        assert set(skipped) == blocked, (where, skipped, blocked)
        assert int(suite.attrib["skipped"]) == len(blocked), where
    if not os.path.isdir(d):
        continue  # submit's own formats were asked for some students only (case.sh says which)
    platforms_seen += 1
    # GitHub Classroom: the reporter's NotifyClassroom adds tests[].score; max_score is the runner's.
    cl = json.loads(base64.b64decode(open(os.path.join(d, "classroom")).read().strip(), validate=True))
    assert cl["version"] == 1 and cl["max_score"] == top and set(cl) == {"version", "status", "max_score", "tests"}
    assert all(set(t) == CL_TEST for t in cl["tests"]), where
    assert sum(t["score"] for t in cl["tests"]) == score, where
    want = "pass" if report["verdict"] == "accepted" else "fail" if report["tests"] and \
        report["verdict"] not in ("compile_error", "judge_error", "invalid_submission") else "error"
    assert cl["status"] == want, (where, cl["status"])
    for t in cl["tests"]:
        assert t["status"] in ("pass", "fail", "error") and t["line_no"] == 0 and isinstance(t["name"], str), t
        assert (t["status"] == "pass") == (t["message"] == "passed"), t
    # PrairieLearn: score in [0, 1] is points / max_points; not gradable when nothing ran.
    raw = open(os.path.join(d, "prairielearn"), "rb").read()
    assert len(raw) < 1_000_000, where
    pl = json.loads(raw)
    assert set(pl) <= PL_TOP and all(set(t) <= PL_TEST for t in pl.get("tests", [])), where
    if report["verdict"] == "compile_error":
        assert pl["gradable"] is False and "did not compile" in pl["format_errors"][0], where
        assert "score" not in pl
    else:
        assert pl["gradable"] is True and 0 <= pl["score"] <= 1, where
        assert abs(pl["score"] - score / top) < 1e-12 and pl["points"] == score, where
        assert sum(t["points"] for t in pl["tests"]) == score, where
        assert sum(t["max_points"] for t in pl["tests"]) == top, where
    # CodeGrade: one custom-test line.
    cg = json.loads(open(os.path.join(d, "codegrade")).read())
    assert cg == {"tag": "points", "points": f"{score}/{top}"}, (where, cg)
assert blocked_seen > 0, "no submission had a blocked trap: the rule was not tried"
assert platforms_seen == len(os.listdir(formats)) > 0, "a student with submit's formats is not in the gradebook"
