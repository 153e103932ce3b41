// evaluate, misconception matching and trap assembly, on hand-made runs: no compiler, no files.
#include "catch.hpp"

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "traps/evaluate.hpp"
#include "traps/misconception.hpp"
#include "traps/seeded_bugs.hpp"
#include "traps/trap_report.hpp"
#include "util/text.hpp"

#include <limits>
#include <map>
#include <set>

namespace evaluate_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::TestRun;
using judge::Verdict;

namespace {

const judge::Problem& prob() {
    static const judge::Problem p = fixtures::problem();
    return p;
}

TestRun reference() { return fixtures::ok_run(fixtures::array({2, 3}, {0, 1, 2, 3, 4, 5}), fixtures::array({1}, {1})); }

constexpr size_t t_values = 0, t_sample = 1, t_throws = 2;

// The fixture with every test shown, as a sample test is: the words a hidden test withholds.
const judge::Problem& shown() {
    static const judge::Problem p = [] {
        judge::Problem q = fixtures::problem();
        for (judge::TestSpec& t : q.tests) t.hidden = false;
        return q;
    }();
    return p;
}

const std::string hidden_error = "f stopped with an error (hidden test: only its verdict is shown)";

// A C++ submission's outcome: the words of the other languages are tested apart, at the end.
judge::TestOutcome evaluate_cpp(const judge::Problem& p, size_t t, const TestRun& run, const TestRun* ref) {
    return judge::evaluate(p, t, run, ref, judge::Language::cpp);
}

}  // namespace

TEST_CASE("a run equal to the reference's is accepted with the test's points", "[evaluate]") {
    const TestRun ref = reference();
    const judge::TestOutcome o = evaluate_cpp(prob(), t_values, reference(), &ref);
    CHECK(o.verdict == Verdict::accepted);
    CHECK(o.points == 2);
    CHECK(o.max_points == 2);
    CHECK(o.message.empty());
    CHECK(o.inputs.empty());  // a hidden test shows no inputs
}

TEST_CASE("a wrong value on a hidden test says its verdict only", "[evaluate]") {
    const TestRun ref = reference();
    const TestRun got = fixtures::ok_run(fixtures::array({2, 3}, {0, 2, 2, 3, 4, 5}), fixtures::array({1}, {1}));
    const judge::TestOutcome o = evaluate_cpp(prob(), t_values, got, &ref);
    CHECK(o.verdict == Verdict::wrong_answer);
    CHECK(o.points == 0);
    CHECK(o.message == "f's result is wrong (hidden test: only its verdict is shown)");
    CHECK(evaluate_cpp(shown(), t_values, got, &ref).message ==
          "out[0,1] is 2, expected 1 (at row 0, col 1; 1 of 6 elements differ; largest error 1)");
}

TEST_CASE("a hidden test's words depend on its verdict alone, never on what the run did", "[evaluate][hostile]") {
    // Issue #62: a hidden test runs after everything whose words are shown, so whatever it chose
    // (an exit code, a signal, an exception, its outputs' shape, dtype or values) could carry its
    // inputs out. Runs that differ in each of those give the same message for the same verdict.
    const TestRun ref = reference();
    std::vector<TestRun> runs;
    for (const float v : {2.0F, -1.0F, 1e30F})
        runs.push_back(fixtures::ok_run(fixtures::array({2, 3}, {0, v, 2, 3, 4, 5}), fixtures::array({1}, {1})));
    runs.push_back(fixtures::ok_run(fixtures::array({3, 2}, {0, 1, 2, 3, 4, 5}), fixtures::array({1}, {1})));
    runs.push_back(fixtures::ok_run(fixtures::array({7}, {0, 1, 2, 3, 4, 5, 6}), fixtures::array({1}, {1})));
    for (const char* type : {"invalid_argument", "out_of_range", "logic_error", "exception", "x=[0.1]"})
        runs.push_back(fixtures::exception_run(type, "k = 7"));
    for (const char* detail : {"crashed with SIGSEGV", "crashed with SIGUSR1", "exited with code 42 before finishing",
                               "exited with code 7 before finishing"}) {
        TestRun r;
        r.status = TestRun::Status::crashed;
        r.detail = detail;
        r.stderr_tail = "num_heads = 7\n";
        runs.push_back(r);
    }
    std::map<Verdict, std::set<std::string>> words;
    for (const TestRun& r : runs) {
        const judge::TestOutcome o = evaluate_cpp(prob(), t_values, r, &ref);
        words[o.verdict].insert(o.message);
        CHECK(o.message.find('7') == std::string::npos);
        CHECK(o.message.find("42") == std::string::npos);
        CHECK(o.message.find("SIG") == std::string::npos);
    }
    CHECK(words.size() == 2);  // wrong_answer and runtime_error
    for (const auto& [verdict, said] : words) CHECK(said.size() == 1);
    CHECK(words[Verdict::runtime_error] == std::set<std::string>{hidden_error});
}

TEST_CASE("outputs of another dtype fail before any value is compared", "[evaluate][hostile]") {
    const TestRun ref = reference();
    judge::npy::Array ints;
    ints.dtype = judge::npy::Dtype::int64;
    ints.shape = {2, 3};
    ints.i64 = {0, 1, 2, 3, 4, 5};
    const TestRun got = fixtures::ok_run(ints, fixtures::array({1}, {1}));
    const judge::TestOutcome o = evaluate_cpp(shown(), t_values, got, &ref);
    CHECK(o.verdict == Verdict::wrong_answer);
    CHECK(o.message == "out holds int64 values; expected float32");
    CHECK_FALSE(judge::same_behaviour(got, ref, judge::Tolerance{}, false));
}

TEST_CASE("a wrong shape is said before anything else", "[evaluate]") {
    const TestRun ref = reference();
    const TestRun got = fixtures::ok_run(fixtures::array({3, 2}, {0, 1, 2, 3, 4, 5}), fixtures::array({1}, {1}));
    CHECK(evaluate_cpp(prob(), t_sample, got, &ref).message == "out has shape (3, 2); expected (2, 3)");
    CHECK(evaluate_cpp(prob(), t_values, got, &ref).message ==
          "f's result is wrong (hidden test: only its verdict is shown)");
}

TEST_CASE("on a traced sample test, a wrong element is traced to its source", "[evaluate]") {
    const TestRun ref = reference();
    const TestRun got = fixtures::ok_run(fixtures::array({2, 3}, {3, 4, 5, 0, 1, 2}), fixtures::array({1}, {1}));
    const judge::TestOutcome o = evaluate_cpp(prob(), t_sample, got, &ref);
    CHECK(o.verdict == Verdict::wrong_answer);
    CHECK(o.message == "row 0 holds x[1,0:3]; expected x[0,0:3] (6 of 6 elements differ)");
    CHECK(o.inputs == "x (2, 3) from arange, k = 1, lens = [3, 3], s = 1.5");
}

TEST_CASE("exceptions: expected, unexpected, out of memory", "[evaluate]") {
    const TestRun ref = reference();
    SECTION("the expected exception passes") {
        CHECK(evaluate_cpp(prob(), t_throws, fixtures::exception_run("invalid_argument", "k < 0"), nullptr).passed());
    }
    SECTION("returning normally where an exception is expected") {
        const auto o = evaluate_cpp(shown(), t_throws, reference(), nullptr);
        CHECK(o.verdict == Verdict::wrong_answer);
        CHECK(o.message == "returned normally; expected it to throw std::invalid_argument");
        CHECK(evaluate_cpp(prob(), t_throws, reference(), nullptr).message ==
              "f did not throw std::invalid_argument as the spec asks (hidden test: only its verdict is shown)");
    }
    SECTION("another exception where one is expected") {
        const auto o = evaluate_cpp(prob(), t_throws, fixtures::exception_run("logic_error", "todo"), nullptr);
        CHECK(o.verdict == Verdict::wrong_answer);
        // hidden: not even the type
        CHECK(o.message ==
              "f did not throw std::invalid_argument as the spec asks (hidden test: only its verdict is shown)");
        CHECK(evaluate_cpp(shown(), t_throws, fixtures::exception_run("logic_error", "todo"), nullptr).message ==
              "threw std::logic_error: todo; expected std::invalid_argument");
    }
    SECTION("an exception where none is expected: its words on a sample test, the verdict on a hidden one") {
        const auto o = evaluate_cpp(prob(), t_values, fixtures::exception_run("invalid_argument", "bad"), &ref);
        CHECK(o.verdict == Verdict::runtime_error);
        CHECK(o.message == hidden_error);
        // Not even the tensor header's own words: they name shapes, which a grading seed draws anew.
        CHECK(evaluate_cpp(prob(), t_values,
                           fixtures::exception_run("invalid_argument", "reshape: cannot reshape (2, 3) into (4)"), &ref)
                  .message == hidden_error);
        CHECK(evaluate_cpp(prob(), t_values, fixtures::exception_run("invalid_argument", "reshape: x=\"0.1\""), &ref)
                  .message == hidden_error);
        CHECK(evaluate_cpp(prob(), t_sample, fixtures::exception_run("invalid_argument", "bad"), &ref).message ==
              "threw std::invalid_argument: bad");
    }
    SECTION("a hidden test never shows text the submission wrote") {
        // A forged status whose "type" line carries the hidden inputs out.
        CHECK(evaluate_cpp(prob(), t_values, fixtures::exception_run("x=[0.1, 0.2]", ""), &ref).message ==
              hidden_error);
        TestRun bad;
        bad.status = TestRun::Status::bad_output;
        bad.detail = "its output out.npy could not be read: out.npy: unsupported dtype 'x=[0.1, 0.2]'";
        CHECK(evaluate_cpp(prob(), t_values, bad, &ref).message == hidden_error);
        CHECK(evaluate_cpp(prob(), t_sample, bad, &ref).message == bad.detail);
    }
    SECTION("std::bad_alloc is the memory limit") {
        const auto o = evaluate_cpp(shown(), t_values, fixtures::exception_run("bad_alloc", "std::bad_alloc"), &ref);
        CHECK(o.verdict == Verdict::memory_limit);
        CHECK(o.message == "ran out of memory (std::bad_alloc): the limit is 1024 MB");
        CHECK(evaluate_cpp(prob(), t_values, fixtures::exception_run("bad_alloc", "std::bad_alloc"), &ref).message ==
              "f ran out of memory, over the 1024 MB limit (hidden test: only its verdict is shown)");
    }
}

TEST_CASE("stderr is shown for sample tests only", "[evaluate]") {
    const TestRun ref = reference();
    TestRun crash;
    crash.status = TestRun::Status::crashed;
    crash.detail = "crashed with SIGSEGV";
    crash.stderr_tail = "oops\n";
    CHECK(evaluate_cpp(prob(), t_sample, crash, &ref).message ==
          "crashed with SIGSEGV\nlast output on stderr:\noops\n");
    CHECK(evaluate_cpp(prob(), t_values, crash, &ref).message == hidden_error);
    CHECK(evaluate_cpp(prob(), t_values, crash, &ref).verdict == Verdict::runtime_error);
}

TEST_CASE("limits map to their verdicts", "[evaluate]") {
    const TestRun ref = reference();
    TestRun r;
    r.detail = "did not finish";
    r.status = TestRun::Status::timed_out;
    CHECK(evaluate_cpp(prob(), t_values, r, &ref).verdict == Verdict::time_limit);
    r.status = TestRun::Status::cpu_limit;
    CHECK(evaluate_cpp(prob(), t_values, r, &ref).verdict == Verdict::time_limit);
    r.status = TestRun::Status::output_limit;
    CHECK(evaluate_cpp(prob(), t_values, r, &ref).verdict == Verdict::output_limit);
    r.status = TestRun::Status::no_result;
    CHECK(evaluate_cpp(prob(), t_values, r, &ref).verdict == Verdict::runtime_error);
}

TEST_CASE("a reference that fails a test is the course's fault", "[evaluate]") {
    const TestRun broken = fixtures::exception_run("runtime_error", "boom");
    CHECK_THROWS_AS(evaluate_cpp(prob(), t_values, reference(), &broken), judge::InputError);
    CHECK_THROWS_WITH(
        evaluate_cpp(prob(), t_values, reference(), &broken),
        "reference/fixture/solution.cpp: fails test t_values (x (2, 3) from randn, k = 2, lens = [1, 2], s = "
        "0.5): threw "
        "std::runtime_error: boom");
}

namespace {

// One test of a trap, with each bug's run and whether that bug fails the test.
judge::TestEvidence evidence(const TestRun* sub, std::vector<const TestRun*> bugs, std::vector<bool> fails) {
    return {&prob().tests[t_values], sub, std::move(bugs), std::move(fails)};
}

}  // namespace

TEST_CASE("a misconception is named only when exactly one seeded bug explains the failures", "[misconception]") {
    const TestRun x = fixtures::ok_run(fixtures::array({2, 3}, {9, 9, 9, 9, 9, 9}), fixtures::array({1}, {1}));
    const TestRun y = fixtures::ok_run(fixtures::array({2, 3}, {7, 7, 7, 7, 7, 7}), fixtures::array({1}, {1}));
    const TestRun ref = reference();
    SECTION("the same as bug 0 on every test bug 0 fails, and one test tells it from bug 1") {
        CHECK(judge::match_bug({evidence(&x, {&x, &x}, {true, true}), evidence(&x, {&x, &y}, {true, true})}) == 0u);
    }
    SECTION("two bugs with the same outputs on every test: neither is named") {
        CHECK_FALSE(judge::match_bug({evidence(&x, {&x, &x}, {true, true}), evidence(&y, {&y, &y}, {true, true})}));
    }
    SECTION("the same as bug 0 on one test, but not on another test bug 0 fails") {
        CHECK_FALSE(
            judge::match_bug({evidence(&x, {&x, &ref}, {true, false}), evidence(&ref, {&x, &ref}, {true, false})}));
    }
    SECTION("a test bug 0 passes does not count against it") {
        CHECK(judge::match_bug({evidence(&x, {&x, &y}, {true, true}), evidence(&y, {&ref, &y}, {false, true})}) == 0u);
    }
    SECTION("not run, or a bug that does not build") {
        CHECK_FALSE(judge::match_bug({evidence(nullptr, {&x, &y}, {true, true})}));
        CHECK(judge::match_bug({evidence(&x, {&x, nullptr}, {true, false})}) == 0u);
    }
    SECTION("nothing fails") { CHECK_FALSE(judge::match_bug({evidence(&ref, {&ref, &ref}, {false, false})})); }
}

TEST_CASE("two mistakes, each exactly a bug's on the tests it fails, are both named (issue #64)", "[misconception]") {
    const TestRun x = fixtures::ok_run(fixtures::array({2, 3}, {9, 9, 9, 9, 9, 9}), fixtures::array({1}, {1}));
    const TestRun y = fixtures::ok_run(fixtures::array({2, 3}, {7, 7, 7, 7, 7, 7}), fixtures::array({1}, {1}));
    const TestRun ref = reference();
    // Test 1 is bug 0's alone, test 2 bug 1's alone: the submission has both mistakes.
    const std::vector<judge::TestEvidence> both = {evidence(&x, {&x, &ref}, {true, false}),
                                                   evidence(&y, {&ref, &y}, {false, true})};
    CHECK(judge::match_bugs(both) == std::vector<size_t>{0, 1});
    CHECK_FALSE(judge::match_bug(both));  // the one-bug rule names neither
    // One trap's tests: bug 0 fails exactly the failing ones, with the submission's outputs.
    CHECK(judge::match_trap({evidence(&x, {&x, &y}, {true, true}), evidence(&ref, {&ref, &y}, {false, true})},
                            {true, false}) == 0u);  // bug 1 fails a test the submission passes: only bug 0
    CHECK(judge::match_trap({evidence(&x, {&x, &y}, {true, true}), evidence(&ref, {&ref, &ref}, {false, false})},
                            {true, false}) == 0u);
    SECTION("a failing test of the trap the bug passes, or other outputs, contradict it") {
        CHECK_FALSE(judge::match_trap({evidence(&x, {&x}, {true}), evidence(&y, {&ref}, {false})}, {true, true}));
        CHECK_FALSE(judge::match_trap({evidence(&y, {&x}, {true})}, {true}));
    }
    SECTION("two bugs alike on every test of the trap: neither") {
        CHECK_FALSE(judge::match_trap({evidence(&x, {&x, &x}, {true, true})}, {true}));
    }
    SECTION("a bug without a run, or a trap that passed: none") {
        CHECK_FALSE(judge::match_trap({evidence(&x, {nullptr}, {false})}, {true}));
        CHECK_FALSE(judge::match_trap({evidence(&ref, {&x}, {true})}, {false}));
    }
}

TEST_CASE("exceptions match by type and failing operation, not by type alone", "[misconception]") {
    CHECK(judge::failing_operation("matmul: shapes [2, 3] and [4, 5] do not match") == "matmul");
    CHECK(judge::failing_operation("operator+: shapes [2] and [3]") == "operator+");
    CHECK(judge::failing_operation("valid_lens has 3 entries for a batch of 2") ==
          "valid_lens has 3 entries for a batch of 2");
    const judge::Tolerance tol;
    CHECK(judge::same_behaviour(fixtures::exception_run("invalid_argument", "matmul: shapes [2, 3] and [4, 5]"),
                                fixtures::exception_run("invalid_argument", "matmul: shapes [1, 3] and [4, 2]"), tol,
                                false));
    CHECK_FALSE(judge::same_behaviour(fixtures::exception_run("invalid_argument", "matmul: shapes [2, 3] and [4, 5]"),
                                      fixtures::exception_run("invalid_argument", "reshape: cannot reshape"), tol,
                                      false));
}

TEST_CASE("same behaviour: the way of ending, the exception type, the crash, the outputs", "[misconception]") {
    const judge::Tolerance tol;
    CHECK(judge::same_behaviour(fixtures::exception_run("invalid_argument", "x"),
                                fixtures::exception_run("invalid_argument", "x"), tol, false));
    CHECK_FALSE(judge::same_behaviour(fixtures::exception_run("invalid_argument", "x"),
                                      fixtures::exception_run("invalid_argument", "y"), tol, false));
    CHECK_FALSE(judge::same_behaviour(fixtures::exception_run("invalid_argument", "x"),
                                      fixtures::exception_run("out_of_range", "x"), tol, false));
    CHECK_FALSE(judge::same_behaviour(reference(), fixtures::exception_run("invalid_argument", "x"), tol, false));
    TestRun close = reference();
    close.outputs["out"].f32[0] = 1e-7f;
    CHECK(judge::same_behaviour(reference(), close, tol, false));
    close.outputs["out"].f32[0] = 0.5f;
    CHECK_FALSE(judge::same_behaviour(reference(), close, tol, false));
    TestRun timeout;
    timeout.status = TestRun::Status::timed_out;
    CHECK_FALSE(judge::can_match(timeout));
    timeout.status = TestRun::Status::output_limit;
    CHECK_FALSE(judge::can_match(timeout));
    CHECK(judge::can_match(fixtures::exception_run("invalid_argument", "x")));
}

TEST_CASE("traps pass when all their tests pass, and speak through the first failure", "[traps]") {
    std::vector<judge::TestOutcome> tests = {judge::not_run(prob().tests[0], Verdict::wrong_answer, "m1"),
                                             judge::not_run(prob().tests[1], Verdict::accepted, ""),
                                             judge::not_run(prob().tests[2], Verdict::runtime_error, "m3")};
    tests[1].points = 1;
    const judge::Report r = judge::assemble_report(prob(), 7, tests);
    CHECK(r.problem == "fixture");
    CHECK(r.seed == 7);
    CHECK(r.score == 1);
    CHECK(r.max_score == 4);
    CHECK(r.verdict == Verdict::runtime_error);  // the worst of wrong_answer and runtime_error
    REQUIRE(r.traps.size() == 2);
    CHECK_FALSE(r.traps[0].passed);
    CHECK(r.traps[0].message == "m1");
    CHECK(r.traps[0].failed_test == "t_values");
    CHECK(r.traps[1].message == "m3");

    const judge::Report c = judge::compile_error_report(prob(), 0, "error: x\n");
    CHECK(c.verdict == Verdict::compile_error);
    CHECK_FALSE(c.compile_ok);
    CHECK(c.compile_log == "error: x\n");
    CHECK(c.tests.size() == 3);
    for (const auto& t : c.traps) CHECK(t.message == "not run: the submission did not compile");
}

TEST_CASE("a failing trap after a failed one is blocked by it, through chains", "[traps]") {
    judge::Problem p = prob();
    // Three traps in a chain a <- b <- c, and d on its own.
    p.traps = {{"a", "A", "h", {}, "", {}},
               {"b", "B", "h", {"a"}, "", {}},
               {"c", "C", "h", {"b"}, "", {}},
               {"d", "D", "h", {}, "", {}}};
    std::vector<judge::TrapOutcome> traps(4);
    for (size_t i = 0; i < 4; ++i) traps[i].id = p.traps[i].id;
    traps[0].passed = false;  // a fails: c fails too, and is blocked by a though b passed
    traps[2].passed = false;
    traps[3].passed = false;
    judge::block_dependents(p, traps);
    CHECK(traps[0].status() == "failed");
    CHECK(traps[1].status() == "passed");
    CHECK(traps[2].status() == "blocked");
    CHECK(traps[2].blocked_by == std::vector<std::string>{"a"});
    CHECK(traps[3].status() == "failed");  // it comes after nothing
    const auto before = judge::traps_before(p);
    CHECK(before[2] == std::set<size_t>{0, 1});
}

TEST_CASE("a check with \"when\" applies only where its flag is true (issue #21)", "[evaluate]") {
    judge::TestSpec t;
    judge::PropertyCheck causal{judge::CheckKind::zero_above_diagonal, "weights", "", 0, "causal", ""};
    judge::InputSpec flag;
    flag.type = judge::ParamType::boolean;
    flag.int_value = 0;
    t.inputs["causal"] = flag;
    CHECK_FALSE(judge::check_applies(t, causal));
    t.inputs["causal"].int_value = 1;
    CHECK(judge::check_applies(t, causal));
    CHECK(judge::check_applies(t, {judge::CheckKind::rows_sum_to_one, "weights", "", 0, "", ""}));
}

TEST_CASE("a misconception's text fits the sentence the student reads (issue #21)", "[bugs]") {
    CHECK(judge::misconception_form_problem("tiling valid_lens with repeat (e.g [1, 2]) instead of repeat_interleave")
              .empty());
    CHECK(judge::misconception_form_problem("Tiling with repeat") ==
          "it must start with a lower-case letter, as a phrase that follows \"this mistake:\"");
    CHECK(judge::misconception_form_problem("tiling with repeat.") ==
          "it must be one phrase, with no sentence end ('.')");
    CHECK(judge::misconception_form_problem("forgetting the mask. Add it") ==
          "it must be one phrase, with no sentence end ('.')");
    CHECK(judge::misconception_form_problem("forgetting your mask") ==
          "it describes the mistake, not the student: no \"you\"");
    CHECK(judge::misconception_form_problem(std::string(161, 'a')) == "it is 161 characters; keep it to 160");
    CHECK(judge::misconception_sentence("tiling with repeat") ==
          "This is exactly the output of this mistake: tiling with repeat.");
}

TEST_CASE("floats print as PyTorch prints them; counts agree with their nouns", "[text]") {
    CHECK(judge::float_text(std::numeric_limits<double>::quiet_NaN(), 4) == "nan");
    CHECK(judge::float_text(-std::numeric_limits<double>::infinity(), 4) == "-inf");
    CHECK(judge::float_text(std::numeric_limits<double>::infinity(), 6) == "inf");
    CHECK(judge::float_text(-0.0, 4) == "0");
    CHECK(judge::float_text(0.333333333, 4) == "0.3333");
    CHECK(judge::count_words(1, "masked weight is", "masked weights are") == "1 masked weight is");
    CHECK(judge::count_words(3, "masked weight is", "masked weights are") == "3 masked weights are");
}

}  // namespace evaluate_test
