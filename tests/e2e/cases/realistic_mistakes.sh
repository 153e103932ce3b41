# shellcheck shell=bash
# Issue #10: realistic wrong solutions, none of them a seeded bug. Values from the keys (or keys from
# the values) were accepted 32/32 while every whole-block test fed identical keys and values; a
# transpose slip and a lens indexed by head were told they made a seeded bug's mistake. Each is now
# caught, and none gets a misconception line that is not its own.
ref="$ROOT/reference/problem_mha/solution.cpp"
sed 's|judge::matmul(values, W_v)|judge::matmul(keys, W_v)|' "$ref" >"$TMP/values_from_keys.cpp"
sed 's|judge::matmul(keys, W_k)|judge::matmul(values, W_k)|' "$ref" >"$TMP/keys_from_values.cpp"
sed 's|judge::matmul(queries, W_q)|judge::matmul(queries, W_q.transpose(0, 1))|' "$ref" >"$TMP/wq_transposed.cpp"
sed 's|judge::matmul(q, k.transpose(2, 3))|judge::matmul(q, k.transpose(1, 2))|' "$ref" >"$TMP/k_transpose_slip.cpp"
sed 's|valid_lens.at(static_cast<size_t>(b)); j < Lk|valid_lens.at(static_cast<size_t>(h % B)); j < Lk|' "$ref" >"$TMP/lens_by_head.cpp"
for m in values_from_keys keys_from_values wq_transposed k_transpose_slip lens_by_head; do
    cmp -s "$ref" "$TMP/$m.cpp" && fail "$m: the edit did not apply"
    expect_exit 1 "$JUDGE" --root "$ROOT" submit problem_mha --file "$TMP/$m.cpp"
    grep -q "This is exactly the output of this mistake" "$TMP/out" && { cat "$TMP/out"; fail "$m was told it made a seeded bug's mistake"; }
done
return 0
