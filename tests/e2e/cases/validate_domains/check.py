import json
import sys
root = sys.argv[1]


def edit(name, change):
    path = f"{root}/{name}/problem.json"
    p = json.load(open(path))
    change(p)
    json.dump(p, open(path, "w"), indent=1)


def square(p):
    for t in p["tests"]:
        s = t["inputs"]["scores"]
        if t["inputs"]["causal"] and isinstance(s, str):
            dims = s[s.index("(") + 1:s.index(")")].split(", ")
            t["inputs"]["scores"] = f"randn({dims[0]}, {dims[1]}, {dims[1]})"
            n = int(dims[1])
            v = t["inputs"]["valid_lens"]
            t["inputs"]["valid_lens"] = [[min(x, n) for x in r] if isinstance(r, list) else min(r, n) for r in v]


def no_zero(p):
    p["tests"] = [t for t in p["tests"] if t["id"] != "mask_zero_length"]


def small(p):
    p["tests"] = [t for t in p["tests"] if t["id"] != "large"]
    p["traps"] = [t for t in p["traps"] if t["id"] != "large_counts"]


edit("problem_masks", square)
edit("problem_mha_d2l", no_zero)
edit("problem_attention_cost", small)
