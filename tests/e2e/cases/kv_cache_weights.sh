# shellcheck shell=bash
# cost: 2
# Issue #64, point 7: problem_kv_cache shows its attention. attend_step returns no weights, so three
# sample tests make its output the weights (every value a one-hot row, W_o = I: the spec's
# "weights"); a prompt attended without a causal mask is drawn as a query-by-key weights panel on
# the 0-to-1 scale, the later key marked causal, each cell's number in 9 px type; and two heads
# split wrong, a panel per head.
"$JUDGE" -q --root "$ROOT" show problem_kv_cache --bug no_mask_for_prompt >"$TMP/nomask.cpp" || fail "show --bug"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_kv_cache --file "$TMP/nomask.cpp" --html "$TMP/page.html"
expect_out "test chunk_weights_sample (sample) in attend_step: "
expect_out "has weight 0."
python3 - "$TMP/page.html" <<'EOF' || fail "the page draws no weights panel"
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
panels = re.findall(r'<svg class="panel"[^>]*data-test="chunk_weights_sample"[^>]*>.*?</svg>', page, re.S)
assert len(panels) == 3, len(panels)
got = [p for p in panels if 'data-role="got"' in p][0]
assert 'data-rows="2" data-cols="5" data-scale="sequential" data-min="0" data-max="1"' in got, got[:400]
assert "query →" in got and "key →" in got, got[:600]
assert 'data-causal="1"' in got, "no causally masked key marked"
assert re.search(r'<text class="value" [^>]*font-size="9"', got), "no cell numbers"
EOF
# Heads split wrong: heads_weights_sample (two heads, each one-hot in its own features) is drawn as
# a panel per head.
"$JUDGE" -q --root "$ROOT" show problem_kv_cache --bug heads_without_permute >"$TMP/heads.cpp" || fail "show --bug"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_kv_cache --file "$TMP/heads.cpp" --html "$TMP/heads.html"
expect_out "test heads_weights_sample (sample) in attend_step: "
python3 - "$TMP/heads.html" <<'EOF' || fail "the page draws no panel per head"
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
got = re.findall(r'<svg class="panel"[^>]*data-test="heads_weights_sample"[^>]*data-role="got"[^>]*>', page)
heads = sorted(re.search(r'data-head="(\d+)"', p).group(1) for p in got)
assert heads == ["0", "1"], heads
assert all('data-rows="1" data-cols="4" data-scale="sequential"' in p for p in got), got
EOF
