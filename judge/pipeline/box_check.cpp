#include "pipeline/box_check.hpp"

#include <spdlog/spdlog.h>

#include <string>

#include "core/errors.hpp"
#include "pipeline/box_launch.hpp"
#include "pipeline/trusted_box.hpp"
#include "runs/program_run.hpp"
#include "runs/python_server.hpp"
#include "util/files.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// What a check's run says when it is not a plain exit 0; empty when it is.
std::string fault(const std::optional<box::TestStatus>& how) {
    if (!how) return "it left no status";
    if (how->kind == box::TestStatus::Kind::exited && how->value == 0) return "";
    if (how->kind == box::TestStatus::Kind::not_started)
        return "it could not be started: " + std::system_category().message(static_cast<int>(how->value));
    return "it ended as " + box::encode_status(*how);
}

[[noreturn]] void box_failed(const std::string& how) {
    throw JudgeFailure(
        "the sandbox cannot start a program: the judge's own test program, started in a box as a "
        "test is, failed (" +
        how +
        "); the machine's fault, not the submission's, so nothing was judged or kept: `judge doctor` "
        "checks the box");
}

// The check's program, alone in the box `box`, as run_trusted runs a course program.
void alone(const Sandbox& boxed, const fs::path& box, const fs::path& prog, const Limits& limits) {
    boxed.make_box_folder(box, "alone");
    fs::create_directories(box / "alone-in");
    InBox in_box;
    in_box.folders_by_descriptor = boxed.tier() == Tier::fallback;
    const box::TestStatus how =
        execute_test(prog, box_probe_function, box / "alone-in", box / "alone", limits, boxed, box, in_box);
    if (const std::string f = fault(how); !f.empty()) box_failed(f);
}

}  // namespace

std::chrono::milliseconds confirm_box_starts(const Sandbox& sandbox, const Limits& limits) {
    const auto start = std::chrono::steady_clock::now();
    const std::unique_ptr<Sandbox> boxed = sandbox.for_one_box();  // before the box: the uid outlives it
    const TempDir box("judge-check");
    boxed->prepare_writable(box.path());
    const fs::path prog = place_program(python_client_exe(), box.path(), "check");
    alone(*boxed, box.path(), prog, limits);
    if (boxed->tier() == Tier::bubblewrap) {
        Problem p;  // a problem of no tests: its limits are the run's
        p.limits = limits;
        InputFiles inputs(p, 0);
        inputs.ensure();
        const fs::path out = box.path() / "out";
        const std::unique_ptr<BoundedDir> bounded = boxed->bound_writable(out, out_folder_mb(p, 1));
        const std::string name = random_name();
        boxed->make_box_folder(out, name);
        LaunchSpec launch;
        launch.program = "/box/check";
        const BoxEnd end = run_in_box(p, box.path(), launch, inputs, *boxed, 1,
                                      {{"box-check", box_probe_function, "", name, random_name(), ""}});
        const SafeRead status = read_below(box.path(), fs::path("out") / name / box::status_file, 256, ReadPart::head);
        if (end.ended_early || end.timed_out || end.cutoff < 1)
            box_failed("its runner " + std::string(end.timed_out ? "ran out of time" : "ended early") +
                       (end.said.empty() ? "" : ": " + printable(end.said)));
        if (const std::string f = fault(status.ok() ? box::decode_status(status.bytes) : std::nullopt); !f.empty())
            box_failed(f);
    }
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    spdlog::debug("box check: the judge's own program started in {} ms", took.count());
    return took;
}

bool may_be_box_failure(const RunFiles& files) {
    const auto status = files.find(box::status_file);
    const std::optional<box::TestStatus> how =
        status == files.end() ? std::nullopt : box::decode_status(status->second);
    if (!how || how->kind == box::TestStatus::Kind::not_started) return true;
    const bool ended = how->kind == box::TestStatus::Kind::exited || how->kind == box::TestStatus::Kind::signalled;
    return ended && !files.contains(box::harness_status_file);
}

void confirm_runs(const std::vector<RunFiles>& runs, const Sandbox& sandbox, const Limits& limits) {
    for (const RunFiles& files : runs)
        if (may_be_box_failure(files)) {
            confirm_box_starts(sandbox, limits);
            return;
        }
}

}  // namespace judge
