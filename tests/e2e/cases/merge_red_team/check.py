import json
import sys
r = json.load(open(sys.argv[1]))
t = [t for t in r["tests"] if t.get("misconception")][0]
t["misconception"]["text"] = "a bug\n\n# Everyone passed\n`rm -rf`"
json.dump(r, open(sys.argv[1], "w"))
