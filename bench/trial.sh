#!/usr/bin/env bash
# The trial's figures (issue #21): the judge tried as students would, on every shipped seeded bug,
# the realistic mistakes of tests/e2e/mistakes.tsv, the e2e suite's broken submissions and the
# accepted alternatives.
#
#   bash bench/trial.sh [JUDGE] [ROOT]     (default: build/dev/bin/judge and this checkout)
#
# Per problem, it prints:
#   submissions   how many were judged (bugs + mistakes + e2e submissions + accepted alternatives)
#   false_rejects accepted alternatives that were rejected (must be 0)
#   missed        wrong submissions that were accepted (must be 0)
#   fix_right     wrong submissions whose "Fix first" names their own trap with confidence
#   said_less     ... whose "Fix first" names no known mistake (first_fix_explained false)
#   fix_wrong     ... whose confident "Fix first" names another trap (must be 0)
#   no_fix        ... with no "Fix first" at all (nothing ran: a compile error)
#   collateral    traps failed, not blocked, besides the first one, summed over the bugs and mistakes
#   named         wrong submissions whose report names a misconception
#   cx_shown      failed hidden tests (wrong answer or crash) that came with a counterexample / all
#   cx_same       counterexamples whose expected and got values are the same (must be 0)
set -euo pipefail
JUDGE=$(realpath "${1:-build/dev/bin/judge}")
ROOT=$(realpath "${2:-.}")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
list="$TMP/list.tsv"  # problem, name, expected trap(s) or "accepted" or "-", file
for dir in "$ROOT"/reference/*/; do
    p=$(basename "$dir")
    for f in "$dir"bugs/*; do
        b=$(basename "${f%.*}")
        "$JUDGE" -q --root "$ROOT" show "$p" --bug "$b" >"$TMP/$p-bug-$b.cpp"
        printf '%s\tbug %s\t%s\t%s\n' "$p" "$b" "$(sed -n 's|^// trap: ||p' "$f" | head -1)" "$TMP/$p-bug-$b.cpp" >>"$list"
    done
    for f in "$dir"accepted/*; do  # C++ and Python alike
        printf '%s\taccepted %s\taccepted\t%s\n' "$p" "$(basename "$f")" "$f" >>"$list"
    done
done
while IFS=$'\t' read -r p name traps script; do
    case "$p" in '#'* | '') continue ;; esac
    sed "$script" "$ROOT/reference/$p/solution.cpp" >"$TMP/$p-mistake-$name.cpp"
    printf '%s\tmistake %s\t%s\t%s\n' "$p" "$name" "$traps" "$TMP/$p-mistake-$name.cpp" >>"$list"
done <"$ROOT/tests/e2e/mistakes.tsv"
# The e2e suite's broken submissions (a crash, a NaN, a time-out...): no trap's mistake ("-").
for f in "$ROOT"/tests/e2e/submissions/*/solution.cpp; do
    printf 'problem_mha\te2e %s\t-\t%s\n' "$(basename "$(dirname "$f")")" "$f" >>"$list"
done
n=$(wc -l <"$list")
i=0
while IFS=$'\t' read -r p name traps file; do
    i=$((i + 1))
    printf '\rtrial: %d/%d %s %s' "$i" "$n" "$p" "$name" >&2
    "$JUDGE" -q --root "$ROOT" submit "$p" --file "$file" --format json >"$TMP/r$i.json" 2>/dev/null || true
    printf '%s\t%s\t%s\t%s\n' "$p" "$name" "$traps" "$TMP/r$i.json" >>"$TMP/reports.tsv"
done <"$list"
printf '\r%*s\r' 60 '' >&2
python3 - "$TMP/reports.tsv" <<'PY'
import collections, json, sys
rows = collections.OrderedDict()
bad = []
for line in open(sys.argv[1]):
    p, name, traps, path = line.rstrip("\n").split("\t")
    r = json.load(open(path))
    s = rows.setdefault(p, collections.Counter())
    s["submissions"] += 1
    if traps == "accepted":
        if r["verdict"] != "accepted":
            s["false_rejects"] += 1
            bad.append(f"{p} {name}: rejected")
        continue
    if r["verdict"] == "accepted":
        s["missed"] += 1
        bad.append(f"{p} {name}: accepted")
        continue
    s["wrong"] += 1
    fix, sure = r["first_fix"], r.get("first_fix_explained", True)  # before #21 every one was
    if fix is None:
        s["no_fix"] += 1  # nothing ran: a compile error
    elif not sure:
        s["said_less"] += 1
    elif traps == "-" or fix not in traps.split(","):
        s["fix_wrong"] += 1
        bad.append(f"{p} {name}: Fix first {fix}, expected {traps}")
    else:
        s["fix_right"] += 1
    failed = [t["id"] for t in r["traps"] if t["status"] == "failed"]
    if traps != "-":  # a crash everywhere fails every trap: not one mistake told of another
        s["collateral"] += max(0, len(failed) - 1)
    s["named"] += any(t["misconception"] for t in r["tests"])
    for t in r["tests"]:
        if t["hidden"] and t["verdict"] in ("wrong_answer", "runtime_error"):
            s["cx_failed"] += 1
            c = t.get("counterexample")
            if c:
                s["cx_shown"] += 1
                if not c.get("expected_exception") and c["expected"] == c["got"]:
                    s["cx_same"] += 1
cols = ["submissions", "false_rejects", "missed", "fix_right", "said_less", "fix_wrong", "no_fix", "collateral",
        "named"]
print("| problem | " + " | ".join(cols) + " | cx_shown | cx_same |")
print("|---" * (len(cols) + 3) + "|")
total = collections.Counter()
for p, s in rows.items():
    total.update(s)
    print(f"| {p} | " + " | ".join(str(s[c]) for c in cols) + f" | {s['cx_shown']}/{s['cx_failed']} | {s['cx_same']} |")
print("| all | " + " | ".join(str(total[c]) for c in cols) + f" | {total['cx_shown']}/{total['cx_failed']} | {total['cx_same']} |")
for b in bad:
    print("  !", b)
PY
