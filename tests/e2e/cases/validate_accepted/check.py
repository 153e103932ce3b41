import json
import sys
v = json.load(open(sys.argv[1]))
assert not v["sound"]
assert {a["id"]: a["accepted"] for a in v["accepted"]} == {
    "doubled": False, "numpy_copy": True, "plus_zero": True, "times_one": True}, v["accepted"]
assert any(e.startswith("reference/probe/accepted/doubled.cpp: fails test ") for e in v["errors"]), v["errors"]
