#!/usr/bin/env bash
# Writes every report the judge gives for the shipped problems into one folder, so that two builds
# can be compared byte for byte (a refactoring must not change a single report):
#   bash scripts/report_snapshot.sh JUDGE_BINARY OUT_DIR
#   diff -r OUT_BEFORE OUT_AFTER
# Covers, for each problem: the reference, the student template, every seeded bug and the e2e
# submissions, each in every format (text, json, junit, gradescope, classroom, prairielearn,
# codegrade, html); `validate`, `show` and `list`;
# and a small class through `grade`. Timings (Gradescope's execution_time) are zeroed.
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=$(realpath "$1")
OUT=$2
mkdir -p "$OUT"
export NO_COLOR=1 JUDGE_CACHE="${JUDGE_CACHE:-$(mktemp -d)}"

submissions() {  # problem -> "label path" lines
    local p=$1
    echo "reference reference/$p/solution.cpp"
    echo "template student_template/$p/solution.cpp"
    for b in reference/"$p"/bugs/*.cpp; do echo "bug_$(basename "$b" .cpp) $b"; done
    if [ "$p" = problem_mha ]; then
        for s in tests/e2e/submissions/*/solution.cpp; do echo "e2e_$(basename "$(dirname "$s")") $s"; done
    fi
}

one() {  # problem label path
    local p=$1 label=$2 src=$3 f
    for f in text json junit gradescope classroom prairielearn codegrade html; do
        set +e
        "$JUDGE" -q submit "$p" --file "$src" --format "$f" >"$OUT/$p.$label.$f" 2>"$OUT/$p.$label.$f.err"
        echo "exit $?" >>"$OUT/$p.$label.$f.err"
        set -e
    done
    sed -i 's/"execution_time": [0-9]*/"execution_time": 0/' "$OUT/$p.$label.gradescope"
}
export -f one
export JUDGE OUT

"$JUDGE" list >"$OUT/list"
for p in problem_mha problem_sdpa; do
    "$JUDGE" show "$p" >"$OUT/$p.show"
    "$JUDGE" -q validate "$p" >"$OUT/$p.validate" 2>&1 || true
    submissions "$p" | while read -r label src; do echo "$p $label $src"; done
done | xargs -P 2 -L 1 bash -c 'one "$@"' _

# A small class: a correct student, a seeded bug, a compile error and a missing submission.
CLASS=$(mktemp -d)
mkdir -p "$CLASS/ada" "$CLASS/bob" "$CLASS/cy" "$CLASS/dee"
cp reference/problem_mha/solution.cpp "$CLASS/ada/solution.cpp"
cp reference/problem_mha/bugs/lens_repeat_not_interleave.cpp "$CLASS/bob/solution.cpp"
cp tests/e2e/submissions/compile_error/solution.cpp "$CLASS/cy/solution.cpp"
"$JUDGE" -q grade problem_mha --class "$CLASS" --out "$OUT/class" --jobs 2 | sed "s|$OUT|OUT|" >"$OUT/class.stdout"
sed -i 's/"execution_time": [0-9]*/"execution_time": 0/' "$OUT"/class/students/*/results.json
rm -f "$OUT"/class/students/*/key
rm -rf "$CLASS"
echo "snapshot: $(find "$OUT" -type f | wc -l) files in $OUT"
