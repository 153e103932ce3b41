import csv
import os
import sys
import xml.etree.ElementTree as ET
out, long = sys.argv[1], sys.argv[2]
rows = {r["student"]: r for r in csv.DictReader(open(f"{out}/grades.csv", encoding="utf-8"))}
assert rows[long]["verdict"] == "accepted", rows.keys()          # a 270-byte folder name, capped
assert rows["zed"]["verdict"] == "wrong_answer"                     # the students after it were graded
assert "e\\x1b[2Jx" in rows and not any("\x1b" in k for k in rows)  # no raw ESC in the CSV
tab = [k for k in rows if "HYPERLINK" in k][0]
assert tab.startswith("\\x09=") or tab.startswith("'"), tab          # no formula after a TAB
assert "a\ufffdb\ufffd" in rows, rows.keys()                        # noncharacters replaced
ET.parse(f"{out}/junit.xml")                                        # well-formed
assert all(len(f.encode()) <= 255 for f in os.listdir(f"{out}/students"))
