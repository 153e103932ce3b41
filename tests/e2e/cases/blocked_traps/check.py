import json
import sys
r = json.load(open(sys.argv[1]))
assert r["first_fix"] == "chunk_order", r["first_fix"]
st = {t["id"]: (t["status"], t["blocked_by"]) for t in r["traps"]}
assert st["chunk_order"] == ("failed", []), st
assert st["shapes"] == ("passed", []), st
for t in ["per_head_loop", "projections", "cross_attention", "masking", "mask_head_alignment"]:
    assert st[t] == ("blocked", ["chunk_order"]), (t, st[t])
assert all(t["passed"] == (t["status"] == "passed") for t in r["traps"])
