import json
import sys
j = json.load(open(sys.argv[1]))
assert j["problem"] == "probe" and j["sound"] is True and j["errors"] == [] and j["mutants"] is None, j
kinds = sorted(w["kind"] for w in j["warnings"])
assert kinds == sorted(["identical_parameters", "equal_dimensions", "equal_dimensions", "no_sample_test",
                        "no_hidden_test", "bugs_not_told_apart", "bug_fails_other_traps", "test_catches_nothing",
                        "few_accepted_alternatives", "seed_independent", "constant_parameter",
                        "bug_caught_by_one_test", "bug_caught_only_by_hidden_tests"]), kinds
assert [w["level"] for w in j["warnings"] if w["kind"] in ("test_catches_nothing", "few_accepted_alternatives")] == [
    "info", "info"]
assert [w["level"] for w in j["warnings"] if w["kind"].startswith("bug_caught_")] == ["note", "note"], j["warnings"]
bugs = {b["id"]: b for b in j["bugs"]}
assert bugs["both_wrong"]["caught_by"] == ["sample", "small", "random", "pair_1", "pair_2"], bugs["both_wrong"]
