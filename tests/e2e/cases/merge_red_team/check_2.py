import json
import sys
r = json.load(open(sys.argv[1]))
r["sandbox"] = "bubblewrap\n**all isolated**"
json.dump(r, open(sys.argv[1], "w"))
