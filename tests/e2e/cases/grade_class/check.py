import csv
import json
import sys
import xml.etree.ElementTree as ET
out = sys.argv[1]
rows = list(csv.DictReader(open(f"{out}/grades.csv")))
assert [r["student"] for r in rows] == ["alice", "bob", "carol", "dave", "eve", "mallory"]
root = ET.parse(f"{out}/junit.xml").getroot()
assert root.tag == "testsuites" and len(root) == 6 and all(len(s.findall("testcase")) == 9 for s in root)
r = json.load(open(f"{out}/students/bob/results.json"))
assert r["score"] == 29 and "execution_time" in r and len(r["tests"]) == 9
assert {t["status"] for t in r["tests"]} == {"passed", "failed"}
assert json.load(open(f"{out}/students/bob/report.json"))["verdict"] == "wrong_answer"
