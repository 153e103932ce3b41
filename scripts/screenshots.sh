#!/usr/bin/env bash
# Remakes the screenshots in docs/images/ (issue #25): the submit page of a seeded mask bug of
# problem_mha (desktop and phone width), `judge heads` on a split bug, and summary.html of a small
# class (two clusters of unnamed mistakes, two named ones, three correct). Needs chromium.
#   bash scripts/screenshots.sh [JUDGE_BINARY]   (default: build/dev/bin/judge)
set -euo pipefail
cd "$(dirname "$0")/.."
JUDGE=$(realpath "${1:-build/dev/bin/judge}")
OUT=docs/images
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export NO_COLOR=1
mkdir -p "$OUT"
ref=reference/problem_mha/solution.cpp bugs=reference/problem_mha/bugs
"$JUDGE" -q submit problem_mha --file "$bugs/mask_after_softmax.cpp" --html "$TMP/submit.html" >/dev/null || true
"$JUDGE" -q heads problem_mha --file "$bugs/heads_share_scores.cpp" --html "$TMP/heads.html" >/dev/null || true
c=$TMP/class
for i in 1 2 3 4 5; do
    mkdir -p "$c/scale$i"
    sed 's|/ std::sqrt(static_cast<float>(dk));|/ static_cast<float>(dk);|' "$ref" >"$c/scale$i/solution.cpp"
done
for i in 1 2 3 4; do
    mkdir -p "$c/mask$i"
    sed 's|scores.at({b, h, i, j}) = -1e6f;|scores.at({b, h, i, j}) = -2.0f;|' "$ref" >"$c/mask$i/solution.cpp"
done
for b in mask_after_softmax fold_one_reshape; do mkdir -p "$c/$b"; cp "$bugs/$b.cpp" "$c/$b/solution.cpp"; done
for i in 1 2 3; do mkdir -p "$c/right$i"; cp "$ref" "$c/right$i/solution.cpp"; done
"$JUDGE" -q grade problem_mha --class "$c" --out "$TMP/grade" --jobs 2 >/dev/null
python3 scripts/screenshot.py "$TMP/submit.html" "$OUT/submit_page.png" 1000 2600
python3 scripts/screenshot.py "$TMP/submit.html" "$OUT/submit_page_phone.png" 390 2400
python3 scripts/screenshot.py "$TMP/heads.html" "$OUT/heads_page.png" 1000
python3 scripts/screenshot.py "$TMP/grade/summary.html" "$OUT/summary_page.png" 1000 3000
