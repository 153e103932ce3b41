import json
import sys
for t in json.load(open(sys.argv[1]))["tests"]:
    for key in ("counterexample", "values"):
        c = t.get(key)
        if c and not c.get("expected_exception"):
            assert c["expected"] != c["got"], (t["id"], key, c)
