#!/usr/bin/env bash
# Issue #45: the total each platform shows for the same six submissions of problem_mha (accepted,
# partial, compile error, missing, time-out, PyTorch), read as each platform reads its file: the
# judge's report, Gradescope's results.json, JUnit's score property, GitHub Classroom's notice
# (the sum of tests[].score) and its reporter's console figure (tests passed / tests x max_score),
# PrairieLearn's score x max_points, CodeGrade's points line, Canvas's and Moodle's import cells.
# One `judge grade` of the six (with a roster and both exports), and one `judge submit` per
# student with --also for the formats grade does not write.
#   bash bench/platform_totals.sh [JUDGE_BINARY]   (default build/dev/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=$(realpath "${1:-build/dev/bin/judge}")
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
C="$OUT/class"
mkdir -p "$C"/{accepted,partial,compile_error,missing,time_out,pytorch}
cp reference/problem_mha/solution.cpp "$C/accepted/"
"$JUDGE" -q show problem_mha --bug lens_repeat_not_interleave >"$C/partial/solution.cpp"
cp tests/e2e/submissions/compile_error/solution.cpp "$C/compile_error/"
cp tests/e2e/submissions/time_limit/solution.cpp "$C/time_out/"
cp reference/problem_mha/solution.py "$C/pytorch/"
printf 'identifier,github_username,github_id,name\n' >"$OUT/roster.csv"
for s in accepted partial compile_error missing time_out pytorch; do echo "$s@uni.edu,$s,1,$s" >>"$OUT/roster.csv"; done
"$JUDGE" -q grade problem_mha --class "$C" --out "$OUT/grade" --roster "$OUT/roster.csv" \
    --export canvas "$OUT/canvas.csv" >/dev/null 2>&1 || true
"$JUDGE" -q merge "$OUT/grade" --out "$OUT/merged" --roster "$OUT/roster.csv" --export moodle "$OUT/moodle.csv" >/dev/null 2>&1
for s in accepted partial compile_error missing time_out pytorch; do
    mkdir -p "$OUT/submit/$s"
    "$JUDGE" -q submit problem_mha --dir "$C/$s" --format json --also classroom="$OUT/submit/$s/classroom" \
        --also prairielearn="$OUT/submit/$s/prairielearn" --also codegrade="$OUT/submit/$s/codegrade" \
        >"$OUT/submit/$s/json" 2>/dev/null || true
done
python3 - "$OUT" <<'PY'
import base64, csv, json, os, sys
import xml.etree.ElementTree as ET
out = sys.argv[1]
grades = {r["student"]: r for r in csv.DictReader(open(f"{out}/grade/grades.csv"))}
junit = {s.attrib["name"]: s for s in ET.parse(f"{out}/grade/junit.xml").getroot()}
canvas = {r["SIS Login ID"]: r["problem_mha"] for r in list(csv.DictReader(open(f"{out}/canvas.csv")))[1:]}
moodle = {r["Identifier"]: r["problem_mha"] for r in csv.DictReader(open(f"{out}/moodle.csv"))}
print("| submission | verdict | judge | Gradescope | JUnit | Classroom notice | Classroom console | PrairieLearn | CodeGrade | Canvas | Moodle |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for s in ["accepted", "partial", "compile_error", "missing", "time_out", "pytorch"]:
    r = json.load(open(f"{out}/grade/students/{s}/report.json"))
    gs = json.load(open(f"{out}/grade/students/{s}/results.json"))
    props = {p.attrib["name"]: p.attrib["value"] for p in junit[s].iter("property")}
    d = f"{out}/submit/{s}"
    cl = json.loads(base64.b64decode(open(f"{d}/classroom").read().strip()))
    notice = sum(t["score"] for t in cl["tests"])
    console = sum(t["status"] == "pass" for t in cl["tests"]) / len(cl["tests"]) * cl["max_score"]
    pl = json.load(open(f"{d}/prairielearn"))
    pl_total = f'{pl.get("score", 0) * pl.get("max_points", r["max_score"]):g}' + ("" if pl["gradable"] else " (not gradable)")
    cg = json.loads(open(f"{d}/codegrade").read())
    m = r["max_score"]
    print(f'| {s} | {r["verdict"]} | {r["score"]}/{m} | {gs["score"]:g}/{sum(t["max_score"] for t in gs["tests"]):g} '
          f'| {props["score"]}/{props["max_score"]} | {notice}/{cl["max_score"]} | {console:.2f}/{cl["max_score"]} '
          f'| {pl_total}/{m} | {cg["points"]} | {canvas[s + "@uni.edu"] or "(empty)"} | {moodle[s + "@uni.edu"] or "(empty)"} |')
PY
