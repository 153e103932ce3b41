import json
import sys
r = json.load(open(sys.argv[1]))
assert isinstance(r["execution_time"], int) and r["output_format"] == "text"
assert r["score"] == sum(x["score"] for x in r["tests"]) and r["score"] < 32
t = {x["name"].split(":")[0]: x for x in r["tests"]}
assert t["projections"]["status"] == "failed" and t["projections"]["max_score"] == 2 and t["projections"]["score"] == 0
assert "hint: " in t["projections"]["output"] and "test projections_self_wide (sample)" in t["projections"]["output"]
assert t["masking"]["status"] == "failed" and t["masking"]["score"] == 0
assert t["masking"]["output"] == "not assessed until projections passes (0 of 4 points until then)", t["masking"]
assert t["masking"]["tags"] == ["masking", "blocked"] and t["masking"]["extra_data"]["blocked_by"] == ["projections"]
assert t["projections"]["tags"] == ["projections", "failed", "no_output_projection", "first_fix"], t["projections"]
assert t["projections"]["extra_data"]["misconception"] == "no_output_projection"
assert r["visibility"] == "visible" and r["stdout_visibility"] == "hidden", r
assert r["extra_data"]["first_fix"] == "projections", r
assert r["output"].startswith(
    "problem_mha: wrong_answer, ") and "\nFix first: projections (" in r["output"], r["output"]
assert t["shapes"]["status"] == "passed" and t["shapes"]["score"] == t["shapes"]["max_score"]
