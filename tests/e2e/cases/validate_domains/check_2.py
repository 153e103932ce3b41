import json
import sys
r = json.load(open(sys.argv[1]))
w = [x["message"] for x in r["warnings"] if x["kind"] == "boundary_not_reached"]
for out in ["params", "projection_flops", "attention_flops", "activations"]:
    for bits, who in [(31, "a 32-bit int"), (53, "a double")]:
        assert any(m.startswith(out + " of attention_cost: no test")
                   and f"past 2^{bits}" in m and who in m for m in w), (out, bits, w)
