# shellcheck shell=bash
# cost: 20
# Issue #62, point 6: a sequence's record is copied as each call returns. A KV cache that nudges
# its kept entries (by 1e-6, within the tolerance of every compared output) fails the `unchanged`
# checks of the decoding tests; before, one that also rewrote, in place, the cache it was handed
# (the previous call's result, which the harness kept and wrote at the end) made the record agree,
# and was accepted: in C++ through a const_cast, in NumPy by writing into the argument.
sed 's|^    check_inputs(x, K_cache, V_cache, num_heads);|&\
    for (Tensor* c : {\&const_cast<Tensor\&>(K_cache), \&const_cast<Tensor\&>(V_cache)})\
        for (int64_t i = 0; i < c->numel(); ++i) c->data()[i] += 1e-6f;|' \
    "$ROOT/reference/problem_kv_cache/solution.cpp" >"$TMP/rewrites.cpp"
grep -q 'const_cast' "$TMP/rewrites.cpp" || fail "the rewrite was not written into the C++ submission"
sed 's|^    K_new = np.concatenate(\[K_cache, x @ W_k\], axis=1)|    K_cache += 1e-6\
    V_cache += 1e-6\
&|' "$ROOT/reference/problem_kv_cache/accepted/numpy_arrays.py" >"$TMP/rewrites.py"
grep -q 'K_cache += 1e-6' "$TMP/rewrites.py" || fail "the rewrite was not written into the NumPy submission"
for f in rewrites.cpp rewrites.py; do
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_kv_cache --file "$TMP/$f" --format json
    python3 - "$TMP/out" <<'PY' || fail "$f: the rewritten history was not caught"
import json
import sys

report = json.load(open(sys.argv[1]))
tests = {t["id"]: t for t in report["tests"]}
failed = sorted(t for t, o in tests.items() if not o["passed"])
# Every single call is right within tolerance: only the sequences' exact history check fails, and
# chunk_weights_sample's exact zeros (its output is the weights times the one-hot values, which the
# nudge moved by 1e-6, so a hidden key's weight of 0 shows as 1e-6).
assert failed == ["chunk_weights_sample", "decode_hidden", "decode_sample", "prefill_decode_hidden",
                  "prefill_decode_sample"], failed
sample = tests["decode_sample"]["message"]
assert "kept entries must not change" in sample, sample
print("%s: %d/%d, failing %s" % (sys.argv[1], report["score"], report["max_score"], ", ".join(failed)))
PY
done
