// Running one test through a Runner, with fake runners: what the judge records when a test
// process cannot start.
#include <cerrno>
#include "catch.hpp"

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "runs/batch_run.hpp"
#include "runs/program_run.hpp"
#include "runs/run_files.hpp"
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

TEST_CASE("any other failure to start a test is recorded with its errno, for the box check to judge", "[program_run]") {
    // Whose failure it is, the judge learns by starting its own program (pipeline/box_check.hpp).
    judge::TempDir tmp("judge-test-process-test");
    const judge::Problem p = fixtures::problem();
    const judge::box::TestStatus how = judge::execute_test(
        tmp.path() / "prog", "f", tmp.path() / "in", tmp.path() / "out", p.limits, FailingRunner(ENOENT), tmp.path());
    CHECK(how.kind == judge::box::TestStatus::Kind::not_started);
    CHECK(how.value == ENOENT);
    const judge::TestRun run = judge::run_test(tmp.path() / "prog", p.functions[0], tmp.path() / "in",
                                               tmp.path() / "out2", p.limits, FailingRunner(EACCES), tmp.path());
    CHECK(run.not_started);
    CHECK(run.detail == "could not be started: Permission denied");
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

TEST_CASE("a run's files kept as one value read back as the run in its folder", "[run_files]") {
    const judge::Problem p = fixtures::problem();
    const judge::FunctionSpec& fn = p.function("f");
    judge::TempDir tmp("judge-run-files-test");
    const std::filesystem::path dir = tmp.path() / "out";
    const std::string out_npy = judge::npy::encode(fixtures::array({2, 3}, {0, 1, 2, 3, 4, 5}));
    judge::write_file_atomic(dir / "out.npy", out_npy);
    judge::write_file_atomic(dir / "aux.npy", judge::npy::encode(fixtures::array({1}, {7})));
    judge::write_file_atomic(dir / "status", "ok\n");
    judge::write_file_atomic(dir / "stdout.txt", std::string(5000, 'o'));  // over what the judge reads
    judge::write_file_atomic(dir / "stderr.txt", "last words\n");
    std::filesystem::create_symlink(dir / "stdout.txt", dir / "extra.npy");

    judge::RunFiles files = judge::copy_run_files(tmp.path(), "out", fn);
    CHECK(files.size() == 5);  // status, stdout, stderr, out.npy, aux.npy: no judge_status, no link
    CHECK(files.at("stdout.txt").size() == 4000);
    files[judge::box::status_file] = judge::box::encode_status({judge::box::TestStatus::Kind::exited, 0, {}});
    judge::write_file_atomic(dir / judge::box::status_file, files[judge::box::status_file]);

    const std::optional<judge::RunFiles> back = judge::decode_run_files(judge::encode_run_files(files));
    REQUIRE(back);
    CHECK(*back == files);
    const std::optional<judge::TestRun> kept = judge::read_finished_run(fn, *back);
    const std::optional<judge::TestRun> there = judge::read_finished_run(fn, tmp.path(), "out");
    REQUIRE(kept);
    REQUIRE(there);
    CHECK(kept->status == judge::TestRun::Status::ok);
    CHECK(kept->outputs.at("out").f32 == std::vector<float>{0, 1, 2, 3, 4, 5});
    CHECK(kept->outputs.at("aux").f32 == there->outputs.at("aux").f32);
    CHECK(kept->stdout_head == there->stdout_head);
    CHECK(kept->stderr_tail == "last words\n");

    // No judge_status, or one still as reserved: the run was never recorded.
    judge::RunFiles unrecorded = files;
    unrecorded.erase(judge::box::status_file);
    CHECK_FALSE(judge::read_finished_run(fn, unrecorded));
    unrecorded[judge::box::status_file] = std::string(12, ' ');
    CHECK_FALSE(judge::read_finished_run(fn, unrecorded));

    // An output missing or over the cap is the run's bad output, as in a folder.
    judge::RunFiles no_aux = files;
    no_aux.erase("aux.npy");
    CHECK(judge::read_finished_run(fn, no_aux)->status == judge::TestRun::Status::bad_output);
    no_aux["aux.npy"] = "not an array";
    CHECK(judge::read_finished_run(fn, no_aux)->status == judge::TestRun::Status::bad_output);
}

TEST_CASE("a garbled run-files string decodes to nothing", "[run_files]") {
    const judge::RunFiles files{{"a", "x\ny\n"}, {"stdout.txt", ""}, {"z.npy", std::string("\0\1\n", 3)}};
    const std::string good = judge::encode_run_files(files);
    REQUIRE(judge::decode_run_files(good) == files);
    CHECK(judge::decode_run_files(judge::encode_run_files({})) == judge::RunFiles{});
    CHECK_FALSE(judge::decode_run_files(""));
    CHECK_FALSE(judge::decode_run_files("judge run files 0\n"));
    CHECK_FALSE(judge::decode_run_files(good.substr(0, good.size() - 1)));  // the last file cut short
    CHECK_FALSE(judge::decode_run_files(good + "b\n"));                     // a name without a size
    CHECK_FALSE(judge::decode_run_files(good + "b\n-1\n"));
    CHECK_FALSE(judge::decode_run_files(good + "b\n99999999999999999999999\n"));
    CHECK_FALSE(judge::decode_run_files(good + "a\n0\n"));     // a name twice
    CHECK_FALSE(judge::decode_run_files(good + "../x\n0\n"));  // a path, not a name
    CHECK_FALSE(judge::decode_run_files(good + "\n0\n"));      // no name
}

TEST_CASE("a folder a batch left without a result is emptied, links removed and never followed",
          "[run_files][hostile]") {
    judge::TempDir tmp("judge-empty-folder-test");
    const std::filesystem::path dir = tmp.path() / "out", outside = tmp.path() / "outside";
    judge::write_file_atomic(outside / "keep.txt", "keep");
    judge::write_file_atomic(dir / "status", "ok\n");
    judge::write_file_atomic(dir / "deep" / "er" / "output.npy", "x");
    std::filesystem::create_directory_symlink(outside, dir / "link_to_folder");
    std::filesystem::create_symlink(outside / "keep.txt", dir / "link_to_file");
    judge::empty_folder(dir);
    CHECK(std::filesystem::is_directory(dir));
    CHECK(std::filesystem::is_empty(dir));
    CHECK(judge::read_file(outside / "keep.txt") == "keep");
    judge::empty_folder(tmp.path() / "none");  // a folder that is gone: nothing to do
}

}  // namespace program_run_test
