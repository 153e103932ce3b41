import sys
import xml.etree.ElementTree as ET
allowed = {
    "testsuites": {"name", "time", "tests", "failures", "disabled", "errors"},
    "testsuite": {"name", "tests", "failures", "errors", "time", "disabled", "skipped", "timestamp", "hostname",
                  "id", "package"},
    "properties": set(), "property": {"name", "value"},
    "testcase": {"name", "assertions", "time", "classname", "status"},
    "failure": {"message", "type"}, "error": {"message", "type"}, "skipped": {"message"},
    "system-out": set(), "system-err": set(),
}
children = {"testsuites": {"testsuite"}, "testsuite": {"properties", "testcase", "system-out", "system-err"},
            "properties": {"property"}, "testcase": {"skipped", "error", "failure", "system-out", "system-err"},
            "failure": set(), "error": set(), "skipped": set(), "property": set()}


def walk(e):
    assert e.tag in allowed, e.tag
    assert set(e.attrib) <= allowed[e.tag], (e.tag, set(e.attrib) - allowed[e.tag])
    for c in e:
        assert c.tag in children[e.tag], (e.tag, c.tag)
        walk(c)


for path in sys.argv[1:3]:
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites"
    walk(root)
    for suite in root:
        assert "name" in suite.attrib and "tests" in suite.attrib
        for case in suite.findall("testcase"):
            float(case.attrib["time"])  # every case has a time, a number
        for f in suite.iter("failure"):
            if f.attrib["type"] == "blocked":
                assert (f.text or "").startswith("not assessed until "), f.text
            else:
                assert f.text and "hint: " in f.text, f.text
submit = ET.parse(sys.argv[1]).getroot()
assert [s.attrib["name"] for s in submit] == [sys.argv[3]], [s.attrib["name"] for s in submit]
body = next(f.text or "" for f in submit.iter("failure") if f.attrib["type"] == "wrong_answer")
assert "\n" in body, body
assert "This is exactly the output of this mistake: leaving out the output projection W_o." in body, body
