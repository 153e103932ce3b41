# shellcheck shell=bash
# cost: 30
# Issue #41, point 2: validate warns when a seeded bug fails a hidden test but no small input of
# that test's function shows it: a student with that mistake would get no counterexample.
make_course
C=$TMP/course
python3 - "$C/problems/problem_decoder/problem.json" <<'PY'
import json, sys
path = sys.argv[1]
spec = json.load(open(path))
small = spec["functions"][0]["small_inputs"]
spec["functions"][0]["small_inputs"] = [s for s in small if s["dec_valid_lens"] != [[1, 1, 3]]]
assert len(spec["functions"][0]["small_inputs"]) == len(small) - 1
json.dump(spec, open(path, "w"), indent=2)
PY
expect_exit 1 "$JUDGE" --root "$C" validate problem_decoder --strict --seeds 0
expect_out "problems/problem_decoder/problem.json: seeded bug self_lens_per_key [self_lengths] fails hidden test self_lens_inside, but no small input of decoder_attention shows it, so a student with this mistake gets no counterexample: add one to decoder_attention's small_inputs"
expect_out "validate: 1 warning (--strict)"
echo "  validate names a seeded bug no small input shows"
