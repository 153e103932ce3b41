# shellcheck shell=bash
# Issue #41, point 8: a submission whose outputs change from run to run (dropout left on) is not
# diagnosed from one run. Every wrong answer is run again on the same inputs; when the outputs
# change, the report says so first, names no trap to fix first and no mistake, and gives no
# counterexample. A deterministic wrong answer is not told so.
# The shipped references with dropout left on, made here so that they stay in step with them.
python3 - "$ROOT/reference/problem_sdpa" "$TMP" <<'PY' || fail "the references changed: the dropout copies cannot be made"
import sys
ref, out = sys.argv[1], sys.argv[2]
def edit(src, dst, old, new, head=""):
    text = open(f"{ref}/{src}").read()
    assert text.count(old) == 1, (src, old)
    open(f"{out}/{dst}", "w").write(head + text.replace(old, new))
# PyTorch: F.dropout trains by default.
edit("solution.py", "dropout.py", "weights = torch.softmax(scores, dim=-1)",
     "weights = torch.nn.functional.dropout(torch.softmax(scores, dim=-1), p=0.5)")
# C++: a dropout of its own, drawn from the system's entropy.
edit("solution.cpp", "dropout.cpp", "    Tensor weights = judge::softmax(scores, -1);\n",
     "    Tensor weights = judge::softmax(scores, -1);\n"
     "    std::random_device entropy;\n"
     "    std::bernoulli_distribution keep(0.5);\n"
     "    for (int64_t i = 0; i < weights.numel(); ++i)\n"
     "        weights.data()[i] = keep(entropy) ? 2 * weights.data()[i] : 0.0f;\n",
     head="#include <random>\n")
PY
for f in dropout.py dropout.cpp; do
    expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/$f"
    expect_out "Output changes: test "
    expect_out "gave other outputs when run again on the same inputs. Is dropout, or a random draw without a fixed seed, left on?"
    expect_out "the output changes from run to run on the same inputs"
    expect_no_out "Fix first"
    expect_no_out "This is exactly the output of this mistake"
    expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/$f" --format json
    python3 - "$TMP/out" <<'PY' || fail "$f: the JSON report does not say that the output changes"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["first_fix"] is None, r["first_fix"]
changing = [t for t in r["tests"] if t.get("output_changes")]
assert changing, "no test says its output changes"
for t in changing:
    assert not t.get("misconception") and not t.get("counterexample") and "values" not in t, t
PY
done
# The second run is in the same box, by the same Python server (issue #65), whose children draw
# afresh each time as new processes do; in the fallback tier too. An unseeded draw that a fork
# would copy (torch's generator, NumPy's) still changes from run to run.
JUDGE_SANDBOX=fallback expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/dropout.py"
expect_out "Output changes: test "
expect_no_out "Fix first"
python3 - "$TMP/dropout.py" "$TMP/rand_draw.py" <<'PY'
import sys
text = open(sys.argv[1]).read()
assert text.count("import torch\n") == 1
# torch.rand from the generator every child of the server inherits.
open(sys.argv[2], "w").write(text.replace("torch.nn.functional.dropout(torch.softmax(scores, dim=-1), p=0.5)",
                                          "torch.softmax(scores, dim=-1) * (1 + torch.rand(1).item())"))
PY
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/rand_draw.py"
expect_out "Output changes: test "
# A seeded bug's wrong answers do not change: it is diagnosed, and not told its output changes.
bug_source "$ROOT" problem_sdpa no_scale "$TMP/no_scale.cpp"
expect_exit 1 "$JUDGE" -q --root "$ROOT" submit problem_sdpa --file "$TMP/no_scale.cpp"
expect_out "Fix first: scale"
expect_no_out "Output changes"
echo "  outputs that change from run to run are said, not diagnosed"
