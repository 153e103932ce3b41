#!/usr/bin/env bash
# Remakes the screenshots in docs/images/ (issues #25, #42): the submit page of the one-reshape fold
# of problem_mha (desktop and phone width), `judge heads` on it, problem_masks' page for D2L's -1e6
# fill (a causal NaN row expected), problem_kv_cache's page for a prompt's tokens attended
# without a causal mask (its weights panel, issue #64), and summary.html of a class of 36 (two
# clusters of unnamed mistakes, every seeded bug of problem_mha, a mistake alone, three correct, a
# file that does not compile and a roster student with none). Needs chromium.
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
"$JUDGE" -q submit problem_mha --file "$bugs/fold_one_reshape.cpp" --html "$TMP/submit.html" >/dev/null || true
"$JUDGE" -q heads problem_mha --file "$bugs/fold_one_reshape.cpp" --html "$TMP/heads.html" >/dev/null || true
"$JUDGE" -q show problem_masks --bug d2l_fill >"$TMP/d2l_fill.cpp"
"$JUDGE" -q submit problem_masks --file "$TMP/d2l_fill.cpp" --html "$TMP/masks.html" >/dev/null || true
"$JUDGE" -q show problem_kv_cache --bug no_mask_for_prompt >"$TMP/kv_mask.cpp"
"$JUDGE" -q submit problem_kv_cache --file "$TMP/kv_mask.cpp" --html "$TMP/kv_cache.html" >/dev/null || true
c=$TMP/class
for i in 1 2 3 4 5; do
    mkdir -p "$c/scale$i"
    sed 's|/ std::sqrt(static_cast<float>(dk));|/ static_cast<float>(dk);|' "$ref" >"$c/scale$i/solution.cpp"
done
for i in 1 2 3 4; do
    mkdir -p "$c/mask$i"
    sed 's|scores.at({b, h, i, j}) = -1e6f;|scores.at({b, h, i, j}) = -2.0f;|' "$ref" >"$c/mask$i/solution.cpp"
done
mkdir -p "$c/alone"
sed 's|scores.at({b, h, i, j}) = -1e6f;|scores.at({b, h, i, j}) = -5.0f;|' "$ref" >"$c/alone/solution.cpp"
for f in "$bugs"/*; do
    b=$(basename "${f%.*}")
    mkdir -p "$c/$b"
    "$JUDGE" -q show problem_mha --bug "$b" >"$c/$b/solution.cpp"
done
for b in fold_one_reshape lens_repeat_not_interleave mask_after_softmax; do
    mkdir -p "$c/${b}_2"
    cp "$c/$b/solution.cpp" "$c/${b}_2/solution.cpp"
done
for i in 1 2 3; do mkdir -p "$c/right$i"; cp "$ref" "$c/right$i/solution.cpp"; done
mkdir -p "$c/broken"
sed 's|return|retrun|' "$ref" >"$c/broken/solution.cpp"
find "$c" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort >"$TMP/roster.txt"
echo "absent" >>"$TMP/roster.txt"
echo "screenshots: grading $(wc -l <"$TMP/roster.txt") students" >&2
"$JUDGE" -q grade problem_mha --class "$c" --out "$TMP/grade" --jobs 2 --roster "$TMP/roster.txt" >/dev/null
python3 scripts/screenshot.py "$TMP/submit.html" "$OUT/submit_page.png" 1280 1300
python3 scripts/screenshot.py "$TMP/submit.html" "$OUT/submit_page_phone.png" 390 2400
python3 scripts/screenshot.py "$TMP/heads.html" "$OUT/heads_page.png" 1000
python3 scripts/screenshot.py "$TMP/masks.html" "$OUT/masks_page.png" 1280 1600
python3 scripts/screenshot.py "$TMP/kv_cache.html" "$OUT/kv_cache_page.png" 1280 1600
python3 scripts/screenshot.py "$TMP/kv_cache.html" "$OUT/kv_cache_page_phone.png" 390 2400
python3 scripts/screenshot.py "$TMP/grade/summary.html" "$OUT/summary_page.png" 1000 4000
