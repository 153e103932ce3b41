import json
import sys
p = json.load(open(sys.argv[1]))
p["functions"][0]["domain"]["lengths"]["valid_lens"]["max"] = "scores[x]"
json.dump(p, open(sys.argv[1], "w"), indent=1)
