import json
import sys
r = json.load(open(sys.argv[1]))
t = next(t for t in r["tests"] if t["id"] == "merge_order_arange")
c = t["counterexample"]
assert c["function"] == "merge_heads", c
assert c["inputs"]["x"] == {"shape": [1, 2, 2, 2], "values": [0, 1, 2, 3, 4, 5, 6, 7]}, c["inputs"]
assert c["expected"]["output"]["values"] == [0, 1, 4, 5, 2, 3, 6, 7], c["expected"]
assert c["got"]["output"]["values"] == [0, 1, 2, 3, 4, 5, 6, 7], c["got"]
assert t["counterexample_tried"] >= 1 and "inputs" not in t
for t in r["tests"]:
    assert ("counterexample" in t) == (t["hidden"] and not t["passed"]), t["id"]
    for v in (t.get("counterexample") or {}).get("inputs", {}).values():
        assert not isinstance(v, dict) or len(v["values"]) <= 64
