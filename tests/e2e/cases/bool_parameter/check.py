import json
import sys
r = json.load(open(sys.argv[1]))
t = {x["id"]: x for x in r["tests"]}
assert t["sample_true"]["inputs"] == "x (2, 3) from arange, negate = true", t["sample_true"]["inputs"]
assert t["hidden_false"]["passed"] and not t["hidden_true"]["passed"]
assert t["hidden_true"]["counterexample"]["inputs"]["negate"] is True, t["hidden_true"]["counterexample"]
