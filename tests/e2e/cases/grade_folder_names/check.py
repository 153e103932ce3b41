import csv
import sys
import xml.etree.ElementTree as ET
out = sys.argv[1]
rows = {r["student"]: r for r in csv.DictReader(open(f"{out}/grades.csv", encoding="utf-8"))}
assert sorted(rows) == sorted(["grades.csv", "grade.json", "a:b", 'q"<>|*?', "students", "x..y"]), sorted(rows)
assert rows["grades.csv"]["verdict"] == "accepted" and rows["a:b"]["verdict"] == "missing", rows
names = {s.get("name") for s in ET.parse(f"{out}/junit.xml").getroot()}
assert "a:b" in names and "grades.csv" in names, names
