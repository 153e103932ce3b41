#include "run/test_run.hpp"

#include <csignal>
#include <sstream>

#include "run/process.hpp"
#include "util/errors.hpp"
#include "util/files.hpp"
#include "util/parallel.hpp"

namespace judge {

namespace fs = std::filesystem;

void write_inputs(const fs::path& dir, const InputArrays& inputs) {
    fs::create_directories(dir);
    for (const auto& [name, a] : inputs) npy::write((dir / (name + ".npy")).string(), a);
}

TestRun run_test(const fs::path& exe, const FunctionSpec& fn, const fs::path& in_dir, const fs::path& out_dir,
                 const Limits& limits, const Sandbox* sandbox, const fs::path& box) {
    execute_test(exe, fn.name, in_dir, out_dir, limits, sandbox, box);
    return read_test_run(fn, out_dir);
}

size_t run_in_order(size_t n, size_t batch, int max_timeouts, const std::function<void(size_t)>& run,
                    const std::function<bool(size_t)>& timed_out) {
    size_t cutoff = n;
    int timeouts = 0;
    for (size_t start = 0; start < cutoff; start += batch) {
        const size_t end = std::min(cutoff, start + batch);
        parallel_for(end - start, static_cast<unsigned>(end - start), [&](size_t i) { run(start + i); });
        for (size_t t = start; t < end && cutoff == n; ++t) {
            if (timed_out(t) && ++timeouts >= max_timeouts) cutoff = t + 1;
        }
    }
    return cutoff;
}

void execute_test(const fs::path& exe, const std::string& function, const fs::path& in_dir, const fs::path& out_dir,
                  const Limits& limits, const Sandbox* sandbox, const fs::path& box) {
    fs::create_directories(out_dir);
    if (sandbox != nullptr) sandbox->prepare_writable(out_dir);
    ProcessSpec ps;
    ps.argv = {exe.string(), function, fs::absolute(in_dir).string(), fs::absolute(out_dir).string()};
    ps.cwd = out_dir;
    ps.stdout_path = out_dir / "stdout.txt";
    ps.stderr_path = out_dir / "stderr.txt";
    ps.wall_limit = std::chrono::milliseconds(limits.time_per_test_ms);
    ps.cpu_seconds = (limits.time_per_test_ms + 999) / 1000 + 1;
    ps.address_space_mb = limits.memory_mb;
    ps.file_size_bytes = static_cast<long long>(limits.output_kb) * 1024;
    ps.max_open_files = 64;
    const ProcessResult r = sandbox != nullptr
                                ? sandbox->run(ps, {{box, "/box", true}, {fs::absolute(in_dir), "/in", false}})
                                : run_process(ps);
    if (!r.started) throw JudgeFailure(r.start_error);
    std::string how;
    if (r.timed_out) how = "timed_out " + std::to_string(limits.time_per_test_ms);
    else if (r.signal == SIGXCPU) how = "cpu_limit " + std::to_string(ps.cpu_seconds);
    else if (r.signal == SIGXFSZ) how = "output_limit " + std::to_string(limits.output_kb);
    else if (r.signal != 0) how = "signal " + std::to_string(r.signal);
    else how = "exit " + std::to_string(r.exit_code);
    // A program that ignores SIGXFSZ is stopped at the cap all the same: a full stdout or stderr counts.
    const auto full = [&](const char* f) {
        std::error_code ec;
        return fs::file_size(out_dir / f, ec) >= static_cast<uintmax_t>(ps.file_size_bytes);
    };
    if (how.rfind("exit", 0) == 0 && (full("stdout.txt") || full("stderr.txt"))) how = "output_limit " + std::to_string(limits.output_kb);
    // Time wins over output (first match in the verdict table), but the message says both.
    if (how.rfind("timed_out", 0) == 0 && (full("stdout.txt") || full("stderr.txt"))) how += " " + std::to_string(limits.output_kb);
    write_file_atomic(out_dir / "judge_status", how + "\n");
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
        long output_kb = 0;
        if (how >> output_kb) run.detail += "; its output had reached the limit of " + std::to_string(output_kb) + " KB";
        return run;
    }
    if (kind == "cpu_limit") {
        run.status = TestRun::Status::cpu_limit;
        run.detail = "used more than the CPU time limit of " + std::to_string(value) + " s";
        return run;
    }
    if (kind == "output_limit") {
        run.status = TestRun::Status::output_limit;
        run.detail = "wrote more than the output limit of " + std::to_string(value) + " KB (stdout, stderr or a file)";
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
