#include "run/test_run.hpp"

#include <sstream>

#include "run/process.hpp"
#include "util/errors.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

void write_inputs(const fs::path& dir, const InputArrays& inputs) {
    fs::create_directories(dir);
    for (const auto& [name, a] : inputs) npy::write((dir / (name + ".npy")).string(), a);
}

TestRun run_test(const fs::path& exe, const FunctionSpec& fn, const fs::path& in_dir, const fs::path& out_dir,
                 int time_limit_ms, int memory_mb) {
    fs::create_directories(out_dir);
    ProcessSpec ps;
    ps.argv = {exe.string(), fn.name, fs::absolute(in_dir).string(), fs::absolute(out_dir).string()};
    ps.cwd = out_dir;
    ps.stdout_path = out_dir / "stdout.txt";
    ps.stderr_path = out_dir / "stderr.txt";
    ps.wall_limit = std::chrono::milliseconds(time_limit_ms);
    ps.cpu_seconds = (time_limit_ms + 999) / 1000 + 1;
    ps.address_space_mb = memory_mb;
    ps.file_size_mb = 64;
    const ProcessResult r = run_process(ps);
    if (!r.started) throw JudgeFailure(r.start_error);
    std::string how;
    if (r.timed_out) how = "timed_out " + std::to_string(time_limit_ms);
    else if (r.signal != 0) how = "signal " + std::to_string(r.signal);
    else how = "exit " + std::to_string(r.exit_code);
    write_file_atomic(out_dir / "judge_status", how + "\n");
    return read_test_run(fn, out_dir);
}

TestRun read_test_run(const FunctionSpec& fn, const fs::path& out_dir) {
    TestRun run;
    std::istringstream how(read_head(out_dir / "judge_status", 256));
    std::string kind;
    long value = 0;
    how >> kind >> value;
    run.stderr_tail = read_tail(out_dir / "stderr.txt", 1500);
    if (kind == "timed_out") {
        run.status = TestRun::Status::timed_out;
        run.detail = "did not finish within the time limit of " + std::to_string(value) + " ms";
        return run;
    }
    std::istringstream status(read_head(out_dir / "status", 8192));
    std::string first;
    std::getline(status, first);
    if (first == "ok") {
        run.status = TestRun::Status::ok;
        for (const OutputSpec& o : fn.outputs) {
            const fs::path file = out_dir / (o.name + ".npy");
            try {
                run.outputs[o.name] = npy::read(file.string());
            } catch (const npy::NpyError& e) {
                run.status = TestRun::Status::bad_output;
                run.detail = "its output " + o.name + ".npy could not be read: " + std::string(e.what()).substr(out_dir.string().size() + 1);
                return run;
            }
        }
        return run;
    }
    if (first == "exception") {
        run.status = TestRun::Status::exception;
        std::getline(status, run.exception_type);
        std::ostringstream rest;
        rest << status.rdbuf();
        run.exception_message = rest.str();
        while (!run.exception_message.empty() && run.exception_message.back() == '\n') run.exception_message.pop_back();
        return run;
    }
    if (first == "harness_error") {
        std::ostringstream rest;
        rest << status.rdbuf();
        throw JudgeFailure("the harness could not read its inputs: " + rest.str());
    }
    if (kind == "signal") {
        run.status = TestRun::Status::crashed;
        run.detail = "crashed with " + describe_signal(static_cast<int>(value));
    } else if (value != 0) {
        run.status = TestRun::Status::crashed;
        run.detail = "exited with code " + std::to_string(value) + " before finishing (is exit() called?)";
    } else {
        run.status = TestRun::Status::no_result;
        run.detail = "exited (code 0) without finishing the call; is exit() or quick_exit() called?";
    }
    return run;
}

}  // namespace judge
