import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
# Leaving out W_o fails projections; the traps assessed after it, whose tests run the whole block,
# are blocked: failures of type "blocked".
assert root.tag == "testsuites" and root.attrib["failures"] == "4" and root.attrib["errors"] == "0", root.attrib
cases = root.find("testsuite").findall("testcase")
assert [c.attrib["name"] for c in cases][0] == "shapes" and len(cases) == 9
failed = {c.attrib["name"]: c.find("failure") for c in cases if c.find("failure") is not None}
assert list(failed) == ["projections", "cross_attention", "masking", "mask_head_alignment"], failed
assert failed["projections"].attrib["type"] == "wrong_answer"
body = failed["projections"].text
assert "This is exactly the output of this mistake: leaving out the output projection W_o." in body, body
assert "rerun: judge run problem_mha --test projections_self_wide" in body and "hint: " in body, body
for t in ["cross_attention", "masking", "mask_head_alignment"]:
    assert failed[t].attrib["type"] == "blocked" and failed[t].attrib["message"] == "not assessed until projections passes"
