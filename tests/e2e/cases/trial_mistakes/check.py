import json
import sys
r, allowed, who = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
assert r["verdict"] != "accepted", who
fix, sure = r["first_fix"], r["first_fix_explained"]
if allowed == "-":
    assert not sure, f"{who}: a confident Fix first: {fix}"
else:
    assert fix in allowed.split(","), f"{who}: Fix first {fix}, expected one of {allowed}"
for t in r["tests"]:
    c = t.get("counterexample")
    assert not c or c["expected"] != c["got"] or c.get("expected_exception"), (who, t["id"])
