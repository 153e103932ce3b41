import json
import sys
path = sys.argv[1]
p = json.load(open(path))
p["functions"].append({"name": "pair", "returns": "tensor", "outputs": [{"name": "output"}],
                       "params": [{"name": "a", "type": "tensor"}, {"name": "b", "type": "tensor"},
                                  {"name": "k", "type": "int"}]})
p["traps"] += [{"id": "diff", "title": "a - b", "hint": "Subtract."},
               {"id": "extra", "title": "a - b again", "hint": "Subtract."}]
p["tests"] += [
    {"id": "zeros", "function": "probe", "trap": "identity", "keep": "all", "inputs": {
        "x": {"gen": "const", "shape": [2, 2], "value": 0.0}}},
    {"id": "pair_1", "function": "pair", "trap": "diff", "inputs": {
        "a": {"gen": "randn", "shape": [2, 3, 6], "seed": 1},
        "b": {"gen": "randn", "shape": [2, 3, 6], "seed": 1}, "k": 2}},
    {"id": "pair_2", "function": "pair", "trap": "extra", "visibility": "sample", "inputs": {
        "a": {"gen": "randn", "shape": [3, 4, 6], "seed": 7},
        "b": {"gen": "randn", "shape": [3, 4, 6], "seed": 7}, "k": 2}}]
json.dump(p, open(path, "w"), indent=2)
