import json
import sys
bad = []
for p in json.load(open(sys.argv[1])):
    for b in p["bugs"]:
        if b["failed_traps"] != [b["trap"]]:
            bad.append((p["problem"], b["id"], b["failed_traps"]))
    kinds = {w["kind"] for w in p["warnings"]}
    assert "bug_fails_other_traps" not in kinds and "bug_trap_blocked" not in kinds, p["warnings"]
assert not bad, bad
