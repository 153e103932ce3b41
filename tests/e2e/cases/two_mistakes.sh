# shellcheck shell=bash
# cost: 4
# Issue #64, point 2: two mistakes in one function both named where their tests say so. A PyTorch
# attempt at problem_mha with the one-reshape fold, a sqrt(D) scale and no ValueError check was
# told "no known mistake of chunk_order explains it", right under a hint that describes its line:
# the fold is now named on chunk_order's tests (each is exactly its output, and no other test of
# the trap fails), the missing check on input_validation's, and the top of the report says both.
# Made from the PyTorch reference: its three checks in split_heads dropped, the scale sqrt(D); and
# for the first, the one-reshape fold.
sed -e '/^    if .*:$/{N;/raise ValueError(f"split_heads/d}' -e 's|math.sqrt(dk)|math.sqrt(dk * num_heads)|' \
    "$ROOT/reference/problem_mha/solution.py" >"$TMP/scale_nocheck.py"
sed 's|return x.reshape(B, L, num_heads, D // num_heads).permute(0, 2, 1, 3)|return x.reshape(B, num_heads, L, D // num_heads)|' \
    "$TMP/scale_nocheck.py" >"$TMP/fold_scale_nocheck.py"
grep -q 'raise ValueError(f"split_heads' "$TMP/scale_nocheck.py" && fail "the checks were not dropped"
grep -q 'reshape(B, num_heads, L' "$TMP/fold_scale_nocheck.py" || fail "the fold was not made"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$TMP/fold_scale_nocheck.py"
expect_out "Fix first: chunk_order (Each head holds one consecutive chunk of features) in split_heads"
expect_no_out "no known mistake"
expect_out "Your output on 3 tests is exactly the output of this mistake: folding heads with one reshape"
expect_out "Your output on 5 tests is exactly the output of this mistake: not checking num_heads"
# The fold fixed, the scale shows (per_head_loop), named too, with the missing check.
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_mha --file "$TMP/scale_nocheck.py"
expect_out "Fix first: per_head_loop (Each head is single-head attention on its own slice)"
expect_out "is exactly the output of this mistake: scaling the scores by the square root of the full width D"
expect_out "Your output on 5 tests is exactly the output of this mistake: not checking num_heads"
expect_no_out "no known mistake"
# The same two in grade's class files: each student's misconceptions column lists both.
mkdir -p "$TMP/class/ann" "$TMP/class/bob"
cp "$TMP/fold_scale_nocheck.py" "$TMP/class/ann/solution.py"
cp "$TMP/scale_nocheck.py" "$TMP/class/bob/solution.py"
expect_exit 0 "$JUDGE" -q --root "$ROOT" grade problem_mha --class "$TMP/class" --out "$TMP/g"
grep -q '^ann,wrong_answer,.*,chunk_order,fold_one_reshape no_head_check,' "$TMP/g/grades.csv" ||
    fail "ann's two mistakes are not both in grades.csv: $(cat "$TMP/g/grades.csv")"
grep -q '^bob,wrong_answer,.*,per_head_loop,.*scale_by_sqrt_D' "$TMP/g/grades.csv" ||
    fail "bob's scale is not named in grades.csv: $(cat "$TMP/g/grades.csv")"
