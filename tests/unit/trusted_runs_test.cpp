// The store of trusted runs: a run is computed once, then read from the cache. The "trusted
// program" here is a shell script that follows the harness's protocol, so no compiler is needed.
#include <cstdlib>
#include "catch.hpp"

#include "compile/builder.hpp"
#include "fixtures.hpp"
#include "pipeline/box_check.hpp"
#include "pipeline/input_files.hpp"
#include "pipeline/trusted_runs.hpp"
#include "sandbox/sandbox.hpp"
#include "util/files.hpp"

namespace trusted_runs_test {  // a unity batch is one translation unit: this file's names stay its own

namespace fs = std::filesystem;

namespace {

// Sets JUDGE_CACHE for the test's lifetime.
class ScopedCache {
public:
    explicit ScopedCache(const fs::path& dir) {
        const char* old = std::getenv("JUDGE_CACHE");
        if (old != nullptr) m_old = old;
        ::setenv("JUDGE_CACHE", dir.c_str(), 1);
    }
    ~ScopedCache() {
        if (m_old.empty())
            ::unsetenv("JUDGE_CACHE");
        else
            ::setenv("JUDGE_CACHE", m_old.c_str(), 1);
    }

private:
    std::string m_old;
};

// The runs published in the cache: a file each, under runs/<two hex digits>/.
size_t cached_runs(const fs::path& cache) {
    size_t n = 0;
    for (const auto& e : fs::recursive_directory_iterator(cache / "runs"))
        n += e.is_regular_file() && e.path().parent_path().filename() != "locks" &&
             e.path().string().find(".tmp.") == std::string::npos;
    return n;
}

// The lock files of the cache's runs: one a program and draw.
size_t run_locks(const fs::path& cache) {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(cache / "runs" / "locks")) n += e.path().extension() == ".lock";
    return n;
}

// The machine's own sandbox: the trusted program runs in a box, as every course program does.
const judge::Sandbox& machine_sandbox() {
    static const std::unique_ptr<judge::Sandbox> sandbox = judge::make_sandbox(judge::probe_sandbox());
    return *sandbox;
}

}  // namespace

TEST_CASE("a trusted run is computed once, then read from the cache", "[trusted_runs]") {
    judge::TempDir tmp("judge-trusted-test");
    const ScopedCache cache(tmp.path() / "cache");
    const judge::Problem p = fixtures::problem();
    // A builder whose compiler never works: the run cache needs no build.
    judge::Toolchain tc;
    tc.cxx = "/bin/false";
    judge::Builder builder(tc, tmp.path() / "cache");
    // File names of trusted programs are content hashes; the cache key uses it.
    const fs::path exe = tmp.path() / "0123abcd";
    const std::string script =
        "#!/bin/sh\ncp \"$2/x.npy\" \"$3/out.npy\"\ncp \"$2/x.npy\" \"$3/aux.npy\"\nprintf 'ok\\n' > \"$3/status\"\n";
    judge::write_file_atomic(exe, script);
    fs::permissions(exe, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);

    judge::InputFiles inputs(p, 0);
    judge::TrustedRuns store(p, 0, builder, machine_sandbox(), inputs);
    const judge::TestRun first = store.cached_run(exe, 1);
    INFO(first.detail << " / " << first.stderr_tail << " / " << first.stdout_head);
    REQUIRE(first.status == judge::TestRun::Status::ok);
    CHECK(first.outputs.at("out").f32 == std::vector<float>{0, 1, 2, 3, 4, 5});
    CHECK(cached_runs(tmp.path() / "cache") == 1);

    fs::remove(exe);  // run again, it would fail: it is read back
    const judge::TestRun again = store.cached_run(exe, 1);
    CHECK(again.status == judge::TestRun::Status::ok);
    CHECK(again.outputs.at("out").f32 == first.outputs.at("out").f32);

    judge::write_file_atomic(exe, script);
    fs::permissions(exe, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    judge::InputFiles other_inputs(p, 5);
    judge::TrustedRuns other_seed(p, 5, builder, machine_sandbox(), other_inputs);
    other_seed.cached_run(exe, 1);
    CHECK(cached_runs(tmp.path() / "cache") == 2);  // another seed is another key

    for (const auto& e : fs::recursive_directory_iterator(tmp.path() / "cache" / "runs")) {
        CHECK(e.path().string().find(".tmp.") == std::string::npos);  // nothing left half-published
    }

    // A garbled entry (a disk that lost its end, an older judge's) is run again, never misread.
    std::vector<fs::path> entries;
    for (const auto& e : fs::recursive_directory_iterator(tmp.path() / "cache" / "runs"))
        if (e.is_regular_file() && e.path().parent_path().filename() != "locks") entries.push_back(e.path());
    for (const fs::path& e : entries) judge::write_file_atomic(e, "judge run files 1\nstatus\n99\nok\n");
    judge::TrustedRuns fresh(p, 0, builder, machine_sandbox(), inputs);
    const judge::TestRun rerun = fresh.cached_run(exe, 1);
    CHECK(rerun.status == judge::TestRun::Status::ok);
    CHECK(rerun.outputs.at("out").f32 == first.outputs.at("out").f32);
}

TEST_CASE("a course program's runs on several tests share one box, each the run it would be alone", "[trusted_runs]") {
    judge::TempDir tmp("judge-trusted-test");
    const judge::Problem p = fixtures::problem();
    judge::Toolchain tc;
    tc.cxx = "/bin/false";
    judge::Builder builder(tc, tmp.path() / "cache");
    const fs::path exe = tmp.path() / "4567cdef";
    // (In the bubblewrap tier the box's runner is the judge itself, which this test binary is not:
    // the box ends at once and every run goes alone. e2e trusted_batch runs the real one.)
    judge::write_file_atomic(exe,
                             "#!/bin/sh\ncp \"$2/x.npy\" \"$3/out.npy\"\ncp \"$2/x.npy\" \"$3/aux.npy\"\n"
                             "printf 'ok\\n' > \"$3/status\"\n");
    fs::permissions(exe, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    judge::InputFiles inputs(p, 3);
    std::vector<judge::TestRun> together, alone;
    {
        const ScopedCache cache(tmp.path() / "batch");
        judge::cache_runs(p, 3, inputs, exe, {0, 1, 2}, machine_sandbox());
        CHECK(cached_runs(tmp.path() / "batch") == 3);
        CHECK(run_locks(tmp.path() / "batch") == 1);  // one lock for the program's runs, not one a run
        judge::TrustedRuns store(p, 3, builder, machine_sandbox(), inputs);
        for (size_t t = 0; t < 3; ++t) together.push_back(store.cached_run(exe, t));
        judge::cache_runs(p, 3, inputs, exe, {0, 1, 2}, machine_sandbox());  // all cached: nothing runs
        CHECK(cached_runs(tmp.path() / "batch") == 3);
    }
    {
        const ScopedCache cache(tmp.path() / "alone");
        judge::TrustedRuns store(p, 3, builder, machine_sandbox(), inputs);
        for (size_t t = 0; t < 3; ++t) alone.push_back(store.cached_run(exe, t));
    }
    for (size_t t = 0; t < 3; ++t) {
        INFO("test " << t << ": " << together[t].detail << " / " << together[t].stderr_tail);
        REQUIRE(together[t].status == judge::TestRun::Status::ok);
        CHECK(together[t].status == alone[t].status);
        CHECK(together[t].outputs.at("out").f32 == alone[t].outputs.at("out").f32);
        CHECK(together[t].outputs.at("aux").f32 == alone[t].outputs.at("aux").f32);
    }
}

TEST_CASE("a course program runs in a box: never as root, nothing of the judge's in reach, regular files out",
          "[trusted_runs]") {
    judge::TempDir tmp("judge-trusted-test");
    const ScopedCache cache(tmp.path() / "cache");
    const judge::Problem p = fixtures::problem();
    judge::Toolchain tc;
    tc.cxx = "/bin/false";
    judge::Builder builder(tc, tmp.path() / "cache");
    // The judge's own file, as the grading seed's is: its owner's alone.
    const fs::path secret = tmp.path() / "grading_seed";
    judge::write_file_atomic(secret, "s3cret\n");
    fs::permissions(secret, fs::perms::owner_read | fs::perms::owner_write);
    const fs::path exe = tmp.path() / "4567cdef";
    judge::write_file_atomic(exe, "#!/bin/sh\nid -u\ncat " + secret.string() +
                                      "\nenv\ncp \"$2/x.npy\" \"$3/out.npy\"\nln -s /etc/passwd \"$3/aux.npy\"\n"
                                      "printf 'ok\\n' > \"$3/status\"\n");
    fs::permissions(exe, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    ::setenv("JUDGE_TRUSTED_TEST_MARK", "visible", 1);
    judge::InputFiles inputs(p, 0);
    judge::TrustedRuns store(p, 0, builder, machine_sandbox(), inputs);
    const judge::TestRun run = store.cached_run(exe, 1);
    ::unsetenv("JUDGE_TRUSTED_TEST_MARK");
    CHECK(run.stdout_head.find("s3cret") == std::string::npos);
    CHECK(run.stdout_head.find("JUDGE_TRUSTED_TEST_MARK") == std::string::npos);  // a clean environment
    if (::geteuid() == 0 && machine_sandbox().tier() == judge::Tier::fallback)
        CHECK(run.stdout_head.rfind("0\n", 0) != 0);
    // The link it left for an output is not copied out of its box: that output is missing.
    CHECK(run.status == judge::TestRun::Status::bad_output);
    CHECK(run.detail.find("aux.npy") != std::string::npos);
}

TEST_CASE("a missing reference is the course's fault, named by its path", "[trusted_runs]") {
    judge::TempDir tmp("judge-trusted-test");
    judge::Problem p = fixtures::problem();
    p.reference = tmp.path() / "nowhere.cpp";
    judge::Toolchain tc;
    tc.cxx = "/bin/false";
    judge::Builder builder(tc, tmp.path() / "cache");
    judge::InputFiles inputs(p, 0);
    judge::TrustedRuns store(p, 0, builder, machine_sandbox(), inputs);
    CHECK_THROWS_WITH(store.reference_exe(), "reference/fixture/solution.cpp: the reference solution is missing");
}

TEST_CASE("test inputs are written once, one folder per test under a random name, none listable", "[trusted_runs]") {
    const judge::Problem p = fixtures::problem();
    judge::InputFiles inputs(p, 0);
    inputs.ensure();
    inputs.ensure();
    CHECK(fs::exists(inputs.dir(0) / "x.npy"));
    CHECK(fs::exists(inputs.dir(2) / "lens.npy"));
    CHECK(inputs.dir(1) == inputs.root() / inputs.name(1));
    CHECK(inputs.name(1).size() == 32);
    CHECK(inputs.name(1).find(p.tests[1].id) == std::string::npos);
    CHECK(inputs.name(0) != inputs.name(1));
    // Crossed, never listed, by anyone but their owner: the box mounts the root whole.
    const auto others = fs::perms::others_read | fs::perms::others_write | fs::perms::others_exec;
    CHECK((fs::status(inputs.root()).permissions() & others) == fs::perms::others_exec);
    CHECK((fs::status(inputs.dir(1)).permissions() & others) == fs::perms::others_exec);
    // Another judge of the same problem names its folders afresh.
    judge::InputFiles again(p, 0);
    CHECK(again.name(1) != inputs.name(1));
}

TEST_CASE("a course program's run is checked against the box before it is kept when the box may have failed it",
          "[trusted_runs][box_check]") {
    using judge::box::TestStatus;
    const auto run = [](const TestStatus& how, bool harness) {
        judge::RunFiles files{{judge::box::status_file, judge::box::encode_status(how)}};
        if (harness) files[judge::box::harness_status_file] = "ok\n";
        return files;
    };
    // The harness wrote its status: the program ran, whatever it then did.
    CHECK_FALSE(judge::may_be_box_failure(run({TestStatus::Kind::exited, 0, {}}, true)));
    CHECK_FALSE(judge::may_be_box_failure(run({TestStatus::Kind::signalled, 11, {}}, true)));
    // Limits are the program's own doing.
    CHECK_FALSE(judge::may_be_box_failure(run({TestStatus::Kind::timed_out, 2000, {}}, false)));
    CHECK_FALSE(judge::may_be_box_failure(run({TestStatus::Kind::memory_limit, 1024, {}}, false)));
    // Not started, or ended before its harness said anything (bubblewrap could not start it), or no
    // status at all: the box may be at fault.
    CHECK(judge::may_be_box_failure(run({TestStatus::Kind::not_started, 13, {}}, false)));
    CHECK(judge::may_be_box_failure(run({TestStatus::Kind::exited, 1, {}}, false)));
    CHECK(judge::may_be_box_failure(run({TestStatus::Kind::signalled, 9, {}}, false)));
    CHECK(judge::may_be_box_failure({}));
}

}  // namespace trusted_runs_test
