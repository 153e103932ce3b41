#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#include "catch.hpp"

#include "pipeline/phase_watch.hpp"
#include "runs/box_protocol.hpp"
#include "runs/box_runner.hpp"
#include "util/files.hpp"

namespace box_protocol_test {  // a unity batch is one translation unit: this file's names stay its own

namespace box = judge::box;
using Kind = box::TestStatus::Kind;

TEST_CASE("a plan survives its own encoding, limits included", "[box_protocol]") {
    box::Plan plan;
    plan.tests = {{"t1", "split_heads", "0a1b", "4e5f", "9c8d", ""},
                  {"t2", "mha", "2c3d", "6a7b", "1e2f", "/box/prog-1"}};
    plan.limits.time_per_test_ms = 1500;
    plan.limits.memory_mb = 256;
    plan.limits.output_kb = 64;
    plan.batch = 4;
    plan.max_timeouts = 3;
    const box::Plan back = box::decode_plan(box::encode_plan(plan));
    REQUIRE(back.tests.size() == 2);
    CHECK(back.tests[1].id == "t2");
    CHECK(back.tests[1].function == "mha");
    CHECK(back.tests[1].dir == "2c3d");
    CHECK(back.tests[1].out == "6a7b");
    CHECK(back.tests[1].cgroup == "1e2f");
    CHECK(back.tests[0].program.empty());  // the launch's program
    CHECK(back.tests[1].program == "/box/prog-1");
    CHECK(back.limits.time_per_test_ms == 1500);
    CHECK(back.limits.memory_mb == 256);
    CHECK(back.limits.output_kb == 64);
    CHECK(back.batch == 4);
    CHECK(back.max_timeouts == 3);
}

TEST_CASE("a plan's phases and its feedback cases survive its encoding", "[box_protocol]") {
    box::Plan plan;
    plan.tests = {{"s", "f", "a", "b", "", ""}, {"small_f_0_0", "f", "c/d", "e", "", ""}, {"h", "f", "g", "h", "", ""}};
    plan.first_phase = 2;
    plan.phase_fd = 9;
    plan.feedback_from = 1;
    const box::Plan back = box::decode_plan(box::encode_plan(plan));
    CHECK(back.first_phase == 2);
    CHECK(back.phase_fd == 9);
    CHECK(back.feedback_from == 1);
    CHECK(back.tests[1].dir == "c/d");  // a nested input folder (InputFiles's nested constructor)
    plan.feedback_from = SIZE_MAX;
    CHECK(box::decode_plan(box::encode_plan(plan)).feedback_from == SIZE_MAX);
}

TEST_CASE("a plan's last round survives its encoding, with or without a first phase", "[box_protocol]") {
    box::Plan plan;
    plan.tests = {{"s", "f", "a", "b", "", ""}};
    plan.phase_fd = 7;
    plan.again = true;
    box::Plan back = box::decode_plan(box::encode_plan(plan));
    CHECK(back.again);
    CHECK(back.phase_fd == 7);
    CHECK(back.first_phase == 0);
    plan.again = false;
    back = box::decode_plan(box::encode_plan(plan));
    CHECK_FALSE(back.again);
    CHECK(back.phase_fd == -1);  // no phases at all: no socket
}

TEST_CASE("the tests to run again: the judge's answer, read as far as it is well formed", "[box_protocol]") {
    const std::vector<std::pair<size_t, std::string>> again = {{0, "out-a"}, {3, "b9"}};
    const auto back = box::decode_again(box::encode_again(again), 4);
    REQUIRE(back);
    CHECK(*back == again);
    CHECK(box::decode_again(box::encode_again({}), 4)->empty());
    CHECK_FALSE(box::decode_again(box::encode_again(again), 3));  // a position past the plan
    CHECK_FALSE(box::decode_again("1\n0 ..\n", 4));
    CHECK_FALSE(box::decode_again("1\n0 a/b\n", 4));
    CHECK_FALSE(box::decode_again("2\n0 a\n", 4));  // one line short
    CHECK_FALSE(box::decode_again("", 4));
    CHECK_FALSE(box::decode_again("9\n", 4));  // more than the plan's tests
}

TEST_CASE("the phase socket: the first phase's end, then the last round's question and answer", "[box_protocol]") {
    bool read = false;
    judge::PhaseWatch watch([&] { read = true; }, [] { return box::encode_again({{2, "again-2"}}); });
    CHECK(judge::end_first_phase(watch.runner_fd()));
    const auto again = judge::ask_again(watch.runner_fd(), 3);
    CHECK(read);
    REQUIRE(again);
    REQUIRE(again->size() == 1);
    CHECK(again->front() == std::make_pair(size_t{2}, std::string("again-2")));
}

TEST_CASE("the phase socket: a judge that names nothing to run again says so", "[box_protocol]") {
    judge::PhaseWatch watch([] {});
    const auto again = judge::ask_again(watch.runner_fd(), 3);
    REQUIRE(again);
    CHECK(again->empty());
}

TEST_CASE("feedback cases never cut a graded test, and stop after their own time-outs", "[box_protocol]") {
    // Positions: 0-1 sample tests, 2-7 feedback cases (the first phase), 8-11 hidden tests.
    const auto run = [](std::set<size_t> slow, size_t batch) {
        std::mutex m;
        std::set<size_t> ran;
        bool phase_end_seen_before_hidden = true;
        bool phase_ended = false;
        const size_t cutoff = judge::run_in_order(
            12, batch, 2,
            [&](size_t t) {
                const std::lock_guard lock(m);
                ran.insert(t);
                if (t >= 8 && !phase_ended) phase_end_seen_before_hidden = false;
            },
            [&](size_t t) { return slow.count(t) > 0; }, 8, [&] { phase_ended = true; }, 2);
        CHECK(phase_end_seen_before_hidden);
        return std::pair{cutoff, ran};
    };
    for (const size_t batch : {1u, 2u, 3u, 8u}) {
        CAPTURE(batch);
        SECTION("every feedback case timing out: the hidden tests still run") {
            const auto [cutoff, ran] = run({2, 3, 4, 5, 6, 7}, batch);
            CHECK(cutoff == 12u);
            for (size_t t : {0, 1, 8, 9, 10, 11}) CHECK(ran.count(t) == 1);
            CHECK(ran.count(7) == (batch >= 6 ? 1u : 0u));  // skipped once two timed out, unless already running
            CHECK(judge::feedback_cutoff(2, 8, 2, [](size_t t) { return t >= 2; }) == 4u);
        }
        SECTION("two graded time-outs cut the rest, feedback cases between them not counting") {
            const auto [cutoff, ran] = run({1, 3, 9}, batch);
            CHECK(cutoff == 10u);
            CHECK(ran.count(8) == 1);
        }
    }
    CHECK(judge::feedback_cutoff(2, 8, 2, [](size_t t) { return t == 5; }) == 8u);
}

TEST_CASE("a reserved status file reads as nothing until it is written in place", "[box_protocol]") {
    judge::TempDir dir("judge-test");
    const auto file = dir.path() / "judge_status";
    box::reserve(file);
    CHECK(judge::read_file(file) == std::string(box::reserved_bytes, ' '));
    CHECK_FALSE(box::decode_status(judge::read_file(file)));
    CHECK(box::write_reserved(file, box::encode_status({Kind::cpu_limit, 1000, {}})));
    CHECK(judge::read_file(file) == "cpu_limit 1000\n");  // nothing left over after the line
    // A link planted in its place is replaced, never followed.
    std::filesystem::remove(file);
    judge::write_file_atomic(dir.path() / "target", "keep");
    std::filesystem::create_symlink(dir.path() / "target", file);
    CHECK(box::write_reserved(file, "exit 0\n"));
    CHECK(judge::read_file(dir.path() / "target") == "keep");
    CHECK(judge::read_file(file) == "exit 0\n");
    CHECK_FALSE(std::filesystem::is_symlink(file));
    // A folder that is itself a link: nothing is written through it.
    std::filesystem::create_directory(dir.path() / "real");
    std::filesystem::create_directory_symlink(dir.path() / "real", dir.path() / "linked");
    CHECK_FALSE(box::write_reserved(dir.path() / "linked" / "judge_status", "exit 0\n"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "real" / "judge_status"));
}

TEST_CASE("a plan that is not one is an error", "[box_protocol]") {
    SECTION("not JSON") { CHECK_THROWS_WITH(box::decode_plan("t1 split_heads\n"), Catch::Contains("not a test plan")); }
    SECTION("a missing field") {
        CHECK_THROWS_WITH(box::decode_plan(R"({"tests": []})"), Catch::Contains("not a test plan"));
    }
}

TEST_CASE("a test status is one line in the words cached runs already use", "[box_protocol]") {
    CHECK(box::encode_status({Kind::exited, 0, {}}) == "exit 0\n");
    CHECK(box::encode_status({Kind::signalled, 11, {}}) == "signal 11\n");
    CHECK(box::encode_status({Kind::timed_out, 2000, {}}) == "timed_out 2000\n");
    CHECK(box::encode_status({Kind::timed_out, 2000, 1024}) == "timed_out 2000 1024\n");
    CHECK(box::encode_status({Kind::cpu_limit, 3, {}}) == "cpu_limit 3\n");
    CHECK(box::encode_status({Kind::output_limit, 64, {}}) == "output_limit 64\n");
    CHECK(box::encode_status({Kind::not_started, 11, {}}) == "not_started 11\n");
    for (const box::TestStatus s :
         {box::TestStatus{Kind::exited, 3, {}}, box::TestStatus{Kind::signalled, 6, {}},
          box::TestStatus{Kind::timed_out, 10, 5}, box::TestStatus{Kind::cpu_limit, 2, {}},
          box::TestStatus{Kind::output_limit, 1, {}}, box::TestStatus{Kind::not_started, 11, {}}}) {
        const auto back = box::decode_status(box::encode_status(s));
        REQUIRE(back);
        CHECK(back->kind == s.kind);
        CHECK(back->value == s.value);
        CHECK(back->output_kb == s.output_kb);
    }
}

TEST_CASE("only the wall clock and the CPU limit count as time-outs", "[box_protocol]") {
    CHECK(box::TestStatus{Kind::timed_out, 1, {}}.hit_time_limit());
    CHECK(box::TestStatus{Kind::cpu_limit, 1, {}}.hit_time_limit());
    CHECK_FALSE(box::TestStatus{Kind::output_limit, 1, {}}.hit_time_limit());
    CHECK_FALSE(box::TestStatus{Kind::signalled, 9, {}}.hit_time_limit());
}

TEST_CASE("a garbled status or cutoff reads as none", "[box_protocol]") {
    CHECK_FALSE(box::decode_status(""));
    CHECK_FALSE(box::decode_status("accepted 32"));
    CHECK_FALSE(box::decode_status("exit"));
    CHECK(box::decode_cutoff(box::encode_cutoff(17)) == 17u);
    CHECK_FALSE(box::decode_cutoff(""));
    CHECK_FALSE(box::decode_cutoff("all"));
}

TEST_CASE("the harness's status has one reader, for every line its three writers write", "[box_protocol]") {
    using judge::box::HarnessStatus;
    using Said = HarnessStatus::Kind;
    const auto read = [](const std::string& text) { return judge::box::decode_harness_status(text); };
    // harness/support.hpp (C++): ok, a harness error, and one line per exception type it catches.
    CHECK(read("ok\n").kind == Said::ok);
    CHECK(read("harness_error\nx.npy: not a .npy file\n").text == "x.npy: not a .npy file");
    for (const char* type :
         {"invalid_argument", "out_of_range", "logic_error", "bad_alloc", "runtime_error", "exception", "unknown"}) {
        const HarnessStatus s = read(std::string("exception\n") + type + "\nsplit_heads: bad\n");
        CHECK(s.kind == Said::exception);
        CHECK(s.type == type);
        CHECK(s.text == "split_heads: bad");
    }
    // harness/python_server.py: the same, Python's words in the message, and what came back refused.
    const HarnessStatus own = read("exception\ninvalid_argument\nValueError: bad heads\n");
    CHECK((own.kind == Said::exception && own.type == "invalid_argument" && own.text == "ValueError: bad heads"));
    const HarnessStatus lib = read("exception\nexception\nTypeError: x (raised inside torch, not by a raise)\n");
    CHECK((lib.type == "exception" && lib.text == "TypeError: x (raised inside torch, not by a raise)"));
    const HarnessStatus library = read("library_error\ntorch 1.13.0 in the box has no torch.x (called on line 3)\n");
    CHECK((library.kind == Said::library_error &&
           library.text == "torch 1.13.0 in the box has no torch.x (called on line 3)"));
    const HarnessStatus refused = read("wrong_return\nf returned a list; expected a tensor\n");
    CHECK((refused.kind == Said::wrong_return && refused.text == "f returned a list; expected a tensor"));
    CHECK(read("exception\nexception\nsolution.py does not compile: x\n").text == "solution.py does not compile: x");
    // runs/python_client.cpp, when the server could not run the test.
    const HarnessStatus client = read("harness_error\nthe Python harness is not running (no socket)\n");
    CHECK((client.kind == Said::harness_error && client.text == "the Python harness is not running (no socket)"));
    // A message of several lines is kept whole; anything else is no status.
    CHECK(read("exception\nruntime_error\nline 1\nline 2\n").text == "line 1\nline 2");
    CHECK(read("").kind == Said::none);
    CHECK(read("okay\n").kind == Said::none);
    CHECK(read("exception").kind == Said::exception);
    CHECK(read("exception").type.empty());
}

}  // namespace box_protocol_test
