import json
import sys
t = next(t for t in json.load(open(sys.argv[1]))["tests"] if t["id"] == "empty_example")
assert t["values"]["expected"]["weights"]["values"][:3] == ["nan", "nan", "nan"], t["values"]
assert t["values"]["inputs"]["valid_lens"]["values"] == [0, 2] and t["evidence"] == "seeded_bug", t
