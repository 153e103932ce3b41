# shellcheck shell=bash
# cost: 2
# Issue #64, point 10: a runtime_error verdict always shows one throwing test's words, even when
# every test that throws is in a trap not assessed yet. Here the cache is appended the wrong way
# round (cache_append fails first, so heads is not assessed) and more than two heads divide by
# zero: the report ends with heads_sample's ZeroDivisionError and its rerun line.
sed -e 's|K_new = torch.cat(\[K_cache, x @ W_k\], 1)|K_new = torch.cat([x @ W_k, K_cache], 1)|' \
    -e 's|    dk = D // num_heads$|    dk = D // num_heads + (1 // 0 if num_heads > 2 else 0)|' \
    "$ROOT/reference/problem_kv_cache/solution.py" >"$TMP/crash.py"
grep -q '1 // 0' "$TMP/crash.py" || fail "the crash was not made"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_kv_cache --file "$TMP/crash.py"
expect_out "· heads "
expect_out "The runtime_error comes from a trap not assessed yet (heads):"
expect_out "test heads_sample (sample, runtime_error) in attend_step: raised an exception: ZeroDivisionError"
expect_out "rerun: judge run problem_kv_cache --test heads_sample --file"
expect_out "problem_kv_cache: runtime_error (test heads_sample),"
