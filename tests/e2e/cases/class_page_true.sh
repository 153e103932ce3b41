# shellcheck shell=bash
# cost: 8
# Issue #64, point 8: the class page is true to its students. A class of six on problem_mha: ann
# right, bob without the output projection (a seeded bug of trap projections, which masking's tests
# also see), cat's file does not compile, dan has two named mistakes, eve a scale no seeded bug
# makes, and fay (on the roster) handed in nothing. summary.md and summary.html list cat and fay
# by why, file bob's misconception under projections (never masking), list eve under her trap as
# explained by no known mistake, make every count equal the students listed, draw a score
# histogram, link each student's page to the file judged, and with --previous say who changed.
mkdir -p "$TMP"/class/{ann,bob,cat,dan,eve}
cp "$ROOT/reference/problem_mha/solution.cpp" "$TMP/class/ann/"
"$JUDGE" -q --root "$ROOT" show problem_mha --bug no_output_projection >"$TMP/class/bob/solution.cpp" ||
    fail "show --bug"
echo 'int x = ;' >"$TMP/class/cat/solution.cpp"
sed -e '/^    if .*:$/{N;/raise ValueError(f"split_heads/d}' -e 's|math.sqrt(dk)|math.sqrt(dk * num_heads)|' \
    "$ROOT/reference/problem_mha/solution.py" >"$TMP/class/dan/solution.py"
sed 's|scores = q @ k.transpose(2, 3) / math.sqrt(dk)|scores = q @ k.transpose(2, 3) / math.sqrt(dk) * 1.5|' \
    "$ROOT/reference/problem_mha/solution.py" >"$TMP/class/eve/solution.py"
printf 'ann\nbob\ncat\ndan\neve\nfay\n' >"$TMP/roster.txt"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --roster "$TMP/roster.txt"
md=$TMP/g/summary.md
for line in "- No submission (1): fay" "- Did not compile (1): cat" \
    "- \`projections\` (W_q, W_k, W_v and W_o are each applied where specified): failed by 1 of the" \
    "  - leaving out the output projection W_o (1): bob" "  - no known mistake of this trap (1): eve" \
    "  - scaling the scores by the square root of the full width D instead of d_k (1): dan" "| 32 | 1 |"; do
    grep -qF -- "$line" "$md" || { cat "$md"; fail "summary.md lacks: $line"; }
done
python3 - "$TMP/g" "$TMP/class" <<'EOF' || fail "summary.html is not true to its students"
import re, sys
from pathlib import Path
out, cls = Path(sys.argv[1]), Path(sys.argv[2])
page = (out / "summary.html").read_text()
kinds = dict(re.findall(r'<li data-kind="(\w+)" data-count="(\d+)"', page))
assert kinds == {"missing": "1", "compile_error": "1"}, kinds
for li in re.findall(r'<li data-trap="[^"]+" data-failed="\d+">.*?</ul></li>', page):
    failed = int(re.search(r'data-failed="(\d+)"', li).group(1))
    listed = re.findall(r'data-count="(\d+)"', li)
    students = re.findall(r'class="student"[^>]*>([^<]+)<', li)
    assert failed == len(set(students)) and sum(map(int, listed)) == len(students), (failed, listed, students)
    assert "masking" not in li or "bob" not in li, li
bins = [int(n) for n in re.findall(r'<tr data-bin="\d+" data-count="(\d+)">', page)]
assert len(bins) == 11 and sum(bins) == 6, bins
for who, name in (("dan", "solution.py"), ("bob", "solution.cpp")):
    student = (out / "students" / who / "report.html").read_text()
    assert f'href="submitted/{name}"' in student, who
    assert (out / "students" / who / "submitted" / name).read_bytes() == (cls / who / name).read_bytes(), who
EOF
# eve fixes her scale; the next run, given the last one's output, says so.
cp -r "$TMP/g" "$TMP/last"
cp "$ROOT/reference/problem_mha/solution.py" "$TMP/class/eve/solution.py"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --roster "$TMP/roster.txt" \
    --previous "$TMP/last"
expect_out "(1 graded, 5 unchanged)"
grep -qF "| eve | wrong_answer 16/32 | accepted 32/32 |" "$md" || { cat "$md"; fail "summary.md does not say eve changed"; }
grep -qF '<table class="changes" data-count="1">' "$TMP/g/summary.html" || fail "summary.html does not say one changed"
expect_exit 2 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --previous "$TMP/g"
expect_err "judge: error: --previous: $TMP/g is --out itself, which this run rewrites; give a copy of the last run's output"
expect_exit 2 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g" --previous "$TMP/class"
expect_err "judge: error: --previous: $TMP/class is not the output of judge grade or merge (it has no grade.json)"
