import json
import sys
m = json.load(open(sys.argv[1]))["mutants"]
assert m["killed"] >= 1 and m["score"] < 1, m
ids = [s["id"] for s in m["survivors"]]
assert sorted(ids) == ["delete:4:5", "int:3:28:0", "int:3:28:1"], ids
assert "-    const int64_t unused = 7;" in m["survivors"][0]["diff"], m["survivors"][0]
spec = json.load(open(sys.argv[2]))
spec["equivalent_mutants"] = [{"id": i, "reason": "unused"} for i in ids]
json.dump(spec, open(sys.argv[2], "w"))
