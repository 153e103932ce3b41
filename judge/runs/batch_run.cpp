#include "runs/batch_run.hpp"

#include <sys/stat.h>

#include "runs/box_protocol.hpp"
#include "util/safe_read.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

// Whether the test at `out` ended as its own run would have: see batch_run.hpp.
bool own_result(const fs::path& out, long long cap) {
    const box::HarnessStatus said =
        box::decode_harness_status(read_below(out, box::harness_status_file, 8192, ReadPart::head).bytes);
    const bool exited = read_below(out, "batch_exit", 16, ReadPart::head).bytes == "0\n";
    const bool clean = said.kind == box::HarnessStatus::Kind::ok ||
                       (said.kind == box::HarnessStatus::Kind::exception && said.type != "bad_alloc");
    const auto under_cap = [&](const char* name) {
        struct stat st {};
        return ::lstat((out / name).c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size < cap;
    };
    return exited && clean && under_cap("stdout.txt") && under_cap("stderr.txt");
}

}  // namespace

std::vector<bool> execute_batch(const fs::path& exe, const std::vector<BatchTest>& tests, const Limits& limits,
                                const Runner& runner, const InBox& in_box) {
    std::vector<bool> kept(tests.size(), false);
    if (tests.empty()) return kept;
    for (const BatchTest& t : tests) box::reserve(t.out_dir / box::status_file);
    ProcessSpec ps;
    ps.argv = {exe.string(), "--batch", std::to_string(limits.time_per_test_ms)};
    for (const BatchTest& t : tests) {
        ps.argv.push_back(t.function);
        ps.argv.push_back(t.in_dir.string());
        ps.argv.push_back(t.out_dir.string());
    }
    ps.cwd = tests.front().out_dir;
    ps.stdout_path = tests.front().out_dir / "stdout.txt";  // the harness points them at each test's in turn
    ps.stderr_path = tests.front().out_dir / "stderr.txt";
    set_test_limits(ps, limits, static_cast<int>(tests.size()), in_box.cgroup);
    const ProcessResult r = runner.run(ps, {});
    if (!r.started || r.oom_kills > 0) return kept;  // the OOM killer may have ended any of its children
    const std::string exited = box::encode_status({box::TestStatus::Kind::exited, 0, {}});
    for (size_t i = 0; i < tests.size(); ++i)
        kept[i] = own_result(tests[i].out_dir, ps.file_size_bytes) &&
                  box::write_reserved(tests[i].out_dir / box::status_file, exited);
    return kept;
}

void empty_folder(const fs::path& dir) {
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) fs::remove_all(e.path(), ec);
}

}  // namespace judge
