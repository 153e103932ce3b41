import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
# Leaving out W_o fails projections; the traps assessed after it, whose tests run the whole block,
# are blocked: skipped, and worth 0.
assert root.tag == "testsuites" and root.attrib["failures"] == "1" and root.attrib["errors"] == "0", root.attrib
suite = root.find("testsuite")
assert suite is not None
cases = suite.findall("testcase")
assert [c.attrib["name"] for c in cases][0] == "shapes" and len(cases) == 9
failed = {c.attrib["name"]: f for c in cases if (f := c.find("failure")) is not None}
assert list(failed) == ["projections"], failed
skipped = {c.attrib["name"]: s for c in cases if (s := c.find("skipped")) is not None}
assert list(skipped) == ["cross_attention", "masking", "mask_head_alignment"], skipped
assert suite.attrib["skipped"] == "3"
assert failed["projections"].attrib["type"] == "wrong_answer"
body = failed["projections"].text or ""
assert "This is exactly the output of this mistake: leaving out the output projection W_o." in body, body
assert "rerun: judge run problem_mha --test projections_self_wide" in body and "hint: " in body, body
for t, points in [("cross_attention", 3), ("masking", 4), ("mask_head_alignment", 3)]:
    assert skipped[t].attrib["message"] == f"not assessed until projections passes (0 of {points} points until then)"
    case = next(c for c in cases if c.attrib["name"] == t)
    assert case.findtext("system-out") == f"points: 0/{points}", case.findtext("system-out")
