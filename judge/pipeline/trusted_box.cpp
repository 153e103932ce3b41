#include "pipeline/trusted_box.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <map>

#include "pipeline/box_launch.hpp"
#include "runs/program_run.hpp"
#include "runs/run_files.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"

namespace judge {

namespace fs = std::filesystem;

fs::path place_program(const fs::path& exe, const fs::path& box, const std::string& name) {
    const fs::path prog = box / name;
    fs::copy_file(exe, prog);
    fs::permissions(prog, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
    return prog;
}

namespace {

// Runs the jobs `which` (indices into `jobs`) in one box, each program's tests a few to a process
// when `together` (runs/batch_run.hpp), else a process a test, and leaves each result in `out`;
// returns the jobs the box gave no result (a batch that did not keep it, or a runner stopped early).
std::vector<size_t> in_one_box(const Sandbox& shared, const Problem& p, const InputFiles& inputs,
                               const std::vector<TrustedJob>& all, const std::vector<size_t>& which, bool together,
                               std::vector<RunFiles>& out_files, bool& timed_out) {
    std::vector<TrustedJob> jobs;
    for (const size_t i : which) jobs.push_back(all[i]);
    const std::unique_ptr<Sandbox> boxed = shared.for_one_box();  // before the box: the uid outlives it
    const TempDir box("judge-trusted");
    boxed->prepare_writable(box.path());
    // Each program copied in once, as prog-<k>; the launch names the first job's.
    std::map<fs::path, std::string> programs;
    for (const TrustedJob& j : jobs)
        if (!programs.contains(j.exe)) {
            const std::string name = "prog-" + std::to_string(programs.size());
            place_program(j.exe, box.path(), name);
            programs.emplace(j.exe, name);
        }
    LaunchSpec launch;
    launch.program = (box.path() / programs.at(jobs.front().exe)).string();
    // The tests' output folders, each made by the judge under a random name, as a submission's are.
    const fs::path out = box.path() / "out";
    const std::unique_ptr<BoundedDir> bounded = boxed->bound_writable(out, out_folder_mb(p, jobs.size()));
    std::vector<box::PlannedTest> planned;
    for (const TrustedJob& j : jobs) {
        const TestSpec& t = p.tests[j.test];
        planned.push_back(
            {t.id, t.function, inputs.name(j.test), random_name(), random_name(), "/box/" + programs.at(j.exe)});
        boxed->make_box_folder(out, planned.back().out);
    }
    BoxRun settings;
    settings.together = together;
    const BoxEnd end = run_in_box(p, box.path(), launch, inputs, *boxed, tests_side_by_side(), planned, settings,
                                  static_cast<int>(jobs.size()));
    const size_t cutoff = end.cutoff;
    timed_out = timed_out || end.timed_out;
    std::vector<size_t> left;
    for (size_t i = 0; i < jobs.size(); ++i) {
        const fs::path dir = fs::path("out") / planned[i].out;
        const SafeRead status = read_below(box.path(), dir / box::status_file, 4096, ReadPart::head);
        const std::optional<box::TestStatus> how =
            i < cutoff && status.ok() ? box::decode_status(status.bytes) : std::nullopt;
        if (!how) {
            left.push_back(which[i]);
            continue;
        }
        RunFiles& files = out_files[which[i]];
        files = copy_run_files(box.path(), dir, p.function(p.tests[jobs[i].test].function));
        files[box::status_file] = box::encode_status(*how);
    }
    return left;
}

}  // namespace

std::vector<RunFiles> run_trusted_batch(const Sandbox& shared, const Problem& p, const InputFiles& inputs,
                                        const std::vector<TrustedJob>& jobs) {
    std::vector<RunFiles> files(jobs.size());
    const auto alone = [&](size_t i) {
        const TrustedJob& j = jobs[i];
        files[i] = run_trusted(shared, j.exe, p.function(p.tests[j.test].function), inputs.dir(j.test), p.limits);
    };
    if (shared.tier() != Tier::bubblewrap || jobs.size() < 2) {
        for (size_t i = 0; i < jobs.size(); ++i) alone(i);
        return files;
    }
    const auto start = std::chrono::steady_clock::now();
    bool timed_out = false;
    std::vector<size_t> all(jobs.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    std::vector<size_t> left = in_one_box(shared, p, inputs, jobs, all, true, files, timed_out);
    const size_t again = left.size();
    // What a batch did not keep (a crash, an exit, a time-out, a bad_alloc): a process a test, as a
    // submission's tests run, then alone what even that box gave no result.
    if (left.size() >= 2) left = in_one_box(shared, p, inputs, jobs, left, false, files, timed_out);
    for (const size_t i : left) alone(i);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    spdlog::debug("trusted runs: {} tests in one box in {:.3f}s, {} again a process each, {} alone{}", jobs.size(),
                  took.count(), again, left.size(), timed_out ? " (a box ran out of time)" : "");
    return files;
}

RunFiles run_trusted(const Sandbox& shared, const fs::path& exe, const FunctionSpec& fn, const fs::path& in_dir,
                     const Limits& limits) {
    const std::unique_ptr<Sandbox> boxed = shared.for_one_box();  // before the box: the uid outlives it
    const TempDir box("judge-trusted");
    boxed->prepare_writable(box.path());  // its own uid's alone (mode 0700), as a submission's box is
    const fs::path prog = place_program(exe, box.path());
    boxed->make_box_folder(box.path(), "out");
    // Its own copy of the inputs: the box's uid needs no way into the judge's folders (`judge run`'s
    // inputs are in another box's). Unisolated, the folders go by descriptor: no other process
    // reads their names off the command line.
    const fs::path in = box.path() / "in";
    fs::create_directories(in);
    fs::copy(in_dir, in, fs::copy_options::recursive);
    InBox in_box;
    in_box.folders_by_descriptor = boxed->tier() == Tier::fallback;
    const box::TestStatus how = execute_test(prog, fn.name, in, box.path() / "out", limits, *boxed, box.path(), in_box);
    RunFiles files = copy_run_files(box.path(), "out", fn);
    files[box::status_file] = box::encode_status(how);
    return files;
}

BuildResult build_trusted(Builder& builder, const Sandbox& shared, const Problem& p, const std::string& text,
                          const std::string& what, bool say) {
    return builder.build_trusted_source(p, text, what, *shared.for_one_box(), say);
}

}  // namespace judge
