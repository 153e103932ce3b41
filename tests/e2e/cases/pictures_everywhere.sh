# shellcheck shell=bash
# cost: 40
# Pictures where each place shows them (issue #25): shaded grids on a terminal or with --pictures,
# never in the machine formats; PNG heatmaps in PrairieLearn's images[], in Gradescope's html
# output, and beside saved counterexamples.
bug="$ROOT/reference/problem_mha/bugs/mask_after_softmax.cpp"
# A pipe gets no pictures; --pictures asks for them; a terminal gets them anyway.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug"
expect_no_out "Pictures"
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --pictures
expect_out "Pictures (the weights, shaded):"
expect_out "  test masking_sample weights at example 0: rows are query, columns key; ·· is 0, ██ is 1"
expect_out "    head 3     expected       yours"
if command -v script >/dev/null; then
    script -qec "'$JUDGE' --root '$ROOT' -q submit problem_mha --file '$bug'" /dev/null >"$TMP/out" 2>&1
    expect_out "Pictures (the weights, shaded):"
else
    echo "  (no script(1): the terminal check is skipped)"
fi
# The machine formats are unchanged by --pictures, and carry no picture and no digest.
for f in json junit codegrade classroom; do
    "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$bug" --format "$f" >"$TMP/plain.$f"
    "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$bug" --format "$f" --pictures >"$TMP/pict.$f"
    cmp -s "$TMP/plain.$f" "$TMP/pict.$f" || fail "--pictures changes --format $f"
    grep -qE '░|▒|▓|digest|pictured' "$TMP/plain.$f" && fail "--format $f holds a picture or a digest"
done
# PrairieLearn: the failed trap's test carries its heatmaps as PNG data URLs.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format prairielearn
python3 - "$TMP/out" <<'PY' || fail "PrairieLearn's images are wrong"
import base64, json, sys
raw = open(sys.argv[1]).read()
r = json.loads(raw)
assert len(raw) < 1000000, len(raw)
with_images = [t for t in r["tests"] if t.get("images")]
assert [t["name"].split(":")[0] for t in with_images] == ["masking"], [t["name"] for t in with_images]
img = with_images[0]["images"][0]
assert img["label"].startswith("test masking_sample: weights at example 0 ("), img["label"]
assert img["url"].startswith("data:image/png;base64,"), img["url"][:40]
assert base64.b64decode(img["url"].split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
print("  PrairieLearn: masking's test has", len(with_images[0]["images"]), "PNG images")
PY
# Gradescope: that trap's output is html with the images; the others stay text.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --format gradescope
python3 - "$TMP/out" <<'PY' || fail "Gradescope's html output is wrong"
import json, sys
r = json.load(open(sys.argv[1]))
html = [t for t in r["tests"] if t["output_format"] == "html"]
assert [t["name"].split(":")[0] for t in html] == ["masking"], [t["name"] for t in html]
out = html[0]["output"]
assert out.startswith("<pre>test masking_sample (sample) in multi_head_attention_per_head: "), out[:80]
assert out.count('<img alt="test masking_sample: ') == 2 and 'src="data:image/png;base64,' in out
assert all(t["output_format"] == "text" for t in r["tests"] if t not in html)
print("  Gradescope: masking's output is html with 2 PNG images")
PY
# --save-counterexamples: a PNG of each differing output beside the folders.
expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$bug" --save-counterexamples "$TMP/cx"
expect_err "and a .png heatmap of each differing output"
[ "$(head -c 8 "$TMP/cx/masking_zero_weights/weights.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] \
    || fail "no PNG beside the counterexample of masking_zero_weights"
[ -f "$TMP/cx/masking_zero_weights/output.png" ] || fail "no PNG of the output beside the counterexample"
[ -d "$TMP/cx/masking_zero_weights/inputs" ] || fail "the counterexample's inputs are gone"
