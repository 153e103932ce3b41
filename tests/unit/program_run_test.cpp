// Running one test through a Runner, with fake runners: what the judge records when a test
// process cannot start.
#include <cerrno>
#include "catch.hpp"

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "runs/program_run.hpp"
#include "util/files.hpp"

namespace program_run_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

// A runner whose every start fails with `err`, as a box whose process limit is used up does.
class FailingRunner final : public judge::Runner {
public:
    explicit FailingRunner(int err) : m_err(err) {}
    judge::ProcessResult run(judge::ProcessSpec, const std::vector<judge::Mount>&) const override {
        judge::ProcessResult r;
        r.start_error = "prog: cannot start";
        r.start_errno = m_err;
        return r;
    }
    void prepare_writable(const std::filesystem::path&) const override {}
    std::filesystem::path share(const std::filesystem::path& s, const std::filesystem::path&) const override {
        return s;
    }

private:
    int m_err;
};

}  // namespace

TEST_CASE("a test that cannot start because its box's processes are used up is the submission's failure",
          "[program_run][hostile]") {
    judge::TempDir tmp("judge-test-process-test");
    const judge::Problem p = fixtures::problem();
    const judge::FunctionSpec& fn = p.functions[0];
    const judge::TestRun run = judge::run_test(tmp.path() / "prog", fn, tmp.path() / "in", tmp.path() / "out", p.limits,
                                               FailingRunner(EAGAIN), tmp.path());
    CHECK(run.status == judge::TestRun::Status::crashed);
    CHECK(run.detail == "could not be started: the submission's own processes had used up its process limit");
}

TEST_CASE("any other failure to start a test is the judge's", "[program_run]") {
    judge::TempDir tmp("judge-test-process-test");
    const judge::Problem p = fixtures::problem();
    CHECK_THROWS_AS(judge::execute_test(tmp.path() / "prog", "f", tmp.path() / "in", tmp.path() / "out", p.limits,
                                        FailingRunner(ENOENT), tmp.path()),
                    judge::JudgeFailure);
}

TEST_CASE("a test's output folder replaced by a link is never written through (issue #20)", "[program_run][hostile]") {
    // The fallback tier runs as root: a link planted for a test's folder, or for a folder above it,
    // must not take the judge's judge_status, stdout.txt or stderr.txt elsewhere.
    judge::TempDir tmp("judge-test-process-test");
    const judge::Problem p = fixtures::problem();
    const std::filesystem::path box = tmp.path() / "box", elsewhere = tmp.path() / "elsewhere";
    std::filesystem::create_directories(box / "out");
    std::filesystem::create_directories(elsewhere / "t1");
    std::filesystem::create_symlink(elsewhere / "t1", box / "out" / "t1");   // the test's own folder
    std::filesystem::create_symlink(elsewhere, box / "out2");                // a folder above it
    std::filesystem::create_symlink(elsewhere / "new", box / "out" / "t2");  // a link to nothing yet
    for (const std::filesystem::path& dir : {box / "out" / "t1", box / "out2" / "t1", box / "out" / "t2"}) {
        CHECK_THROWS_AS(
            judge::execute_test(box / "prog", "f", tmp.path() / "in", dir, p.limits, FailingRunner(EAGAIN), box),
            judge::BoxFolderGone);
    }
    CHECK(std::filesystem::is_empty(elsewhere / "t1"));
    CHECK_FALSE(std::filesystem::exists(elsewhere / "new"));  // not made through the link
}

}  // namespace program_run_test
