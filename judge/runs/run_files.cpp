#include "runs/run_files.hpp"

#include <cerrno>
#include <functional>
#include <string_view>
#include <system_error>

#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

using Kind = box::TestStatus::Kind;

namespace {

// How much of each file the judge reads, and which part.
struct Cap {
    const char* name;
    size_t max;
    ReadPart part;
};
constexpr Cap judge_status_cap{box::status_file, 256, ReadPart::head};
constexpr Cap harness_status_cap{box::harness_status_file, 8192, ReadPart::head};
constexpr Cap stdout_cap{"stdout.txt", 4000, ReadPart::head};
constexpr Cap stderr_cap{"stderr.txt", 1500, ReadPart::tail};
// (Its name lives as long as `npy_name`.)
Cap output_cap(const std::string& npy_name) {
    return {npy_name.c_str(), static_cast<size_t>(npy::max_file_bytes), ReadPart::whole};
}

// Reads one file of a run, as its Cap says.
using ReadFile = std::function<SafeRead(const Cap&)>;

// What a run left, read through `read` with `how` as the way its process ended.
TestRun read_with(const FunctionSpec& fn, const ReadFile& read, const box::TestStatus& how) {
    // Everything here may have been written, or replaced by a link or a FIFO, by the program: the
    // reader refuses links and non-regular files, and caps what it reads. Text the program
    // controls is made printable UTF-8 here, where it is captured.
    TestRun run;
    run.stderr_tail = printable(read(stderr_cap).bytes);
    run.stdout_head = printable(read(stdout_cap).bytes);
    // One text for both ways of running out of time, so that the report does not depend on how busy
    // the machine was (which of the two clocks ran out first).
    const auto out_of_time = [&] {
        std::string s = "did not finish within the time limit of " + std::to_string(how.value) + " ms (CPU time; " +
                        std::to_string(how.value * box::wall_clock_factor) + " ms of wall-clock time at most)";
        if (how.output_kb) s += "; its output had reached the limit of " + std::to_string(*how.output_kb) + " KB";
        return s;
    };
    switch (how.kind) {
        case Kind::timed_out:
            run.status = TestRun::Status::timed_out;
            run.detail = out_of_time();
            return run;
        case Kind::cpu_limit:
            run.status = TestRun::Status::cpu_limit;
            run.detail = out_of_time();
            return run;
        case Kind::output_limit:
            run.status = TestRun::Status::output_limit;
            run.detail =
                "wrote more than the output limit of " + std::to_string(how.value) + " KB (stdout, stderr or a file)";
            return run;
        case Kind::disk_full:
            run.status = TestRun::Status::output_limit;
            run.detail = "filled all the space it may write in (a folder of " + std::to_string(how.value) + " MB)";
            return run;
        case Kind::memory_limit:
            run.status = TestRun::Status::memory_limit;
            run.detail = "ran out of memory: its processes together used more than the memory limit of " +
                         std::to_string(how.value) + " MB";
            return run;
        case Kind::not_started:
            run.status = TestRun::Status::crashed;
            run.not_started = true;
            run.detail = how.value == EAGAIN
                             ? "could not be started: the submission's own processes had used up its process limit"
                             : "could not be started: " + std::system_category().message(static_cast<int>(how.value));
            return run;
        case Kind::exited:
        case Kind::signalled: break;
    }
    const SafeRead status_file = read(harness_status_cap);
    if (status_file.fault == ReadFault::symlink || status_file.fault == ReadFault::not_regular) {
        run.status = TestRun::Status::bad_output;
        run.detail = "its status file is " + describe(status_file.fault) + "; it must be the harness's regular file";
        return run;
    }
    const box::HarnessStatus said = box::decode_harness_status(status_file.bytes);
    switch (said.kind) {
        case box::HarnessStatus::Kind::ok:
            run.status = TestRun::Status::ok;
            for (const OutputSpec& o : fn.outputs) {
                const std::string name = o.name + ".npy";
                const SafeRead bytes = read(output_cap(name));
                try {
                    if (bytes.fault == ReadFault::missing) throw npy::NpyError(name + ": cannot open");
                    if (!bytes.ok())
                        throw npy::NpyError(name + ": " + describe(bytes.fault) + "; expected a regular .npy file");
                    run.outputs[o.name] = npy::decode(bytes.bytes, name);
                } catch (const npy::NpyError& e) {
                    run.status = TestRun::Status::bad_output;
                    run.detail = "its output " + name + " could not be read: " + printable(e.what());
                    return run;
                }
            }
            return run;
        case box::HarnessStatus::Kind::exception:
            run.status = TestRun::Status::exception;
            run.exception_type = printable(said.type);
            run.exception_message = printable(said.text);
            return run;
        case box::HarnessStatus::Kind::library_error:
            // The Python harness's words on the library's failure (harness/python_server.py).
            run.status = TestRun::Status::exception;
            run.exception_type = "exception";
            run.exception_message = printable(said.text);
            run.library = true;
            return run;
        case box::HarnessStatus::Kind::wrong_return:
            // The Python harness refused the value the call returned (harness/python_server.py).
            run.status = TestRun::Status::wrong_return;
            run.detail = printable(said.text);
            return run;
        case box::HarnessStatus::Kind::harness_error:
            // The harness's words, or a forgery by the program: either way this run has no result. (A
            // trusted run that says it makes evaluate report the course as broken.)
            run.status = TestRun::Status::bad_output;
            run.detail = "its status file says the harness could not read its inputs: " + printable(said.text);
            return run;
        case box::HarnessStatus::Kind::none: break;
    }
    if (how.kind == Kind::signalled) {
        run.status = TestRun::Status::crashed;
        run.detail = "crashed with " + describe_signal(static_cast<int>(how.value));
    } else if (how.value != 0) {
        run.status = TestRun::Status::crashed;
        run.detail = "exited with code " + std::to_string(how.value) + " before finishing (is exit() called?)";
    } else {
        run.status = TestRun::Status::no_result;
        run.detail = "exited (code 0) without finishing the call; is exit() or quick_exit() called?";
    }
    return run;
}

// The run read through `read`, when its judge_status was recorded.
std::optional<TestRun> read_finished(const FunctionSpec& fn, const ReadFile& read) {
    const SafeRead status = read(judge_status_cap);
    if (status.fault == ReadFault::missing) return std::nullopt;
    // Still as reserved (all spaces): the test's end was never recorded.
    if (status.ok() && status.bytes.find_first_not_of(" \n") == std::string::npos) return std::nullopt;
    // A garbled judge_status reads as a plain exit: then only the harness's status counts.
    return read_with(fn, read, box::decode_status(status.bytes).value_or(box::TestStatus{}));
}

ReadFile folder_reader(const fs::path& base, const fs::path& dir) {
    return [&base, &dir](const Cap& c) { return read_below(base, dir / c.name, c.max, c.part); };
}

// The header of an encoded RunFiles; then, for each file, its name, a newline, its size in
// decimal, a newline and its bytes.
constexpr std::string_view run_files_magic = "judge run files 1\n";

}  // namespace

RunFiles copy_run_files(const fs::path& base, const fs::path& dir, const FunctionSpec& fn) {
    RunFiles files;
    const auto copy = [&](const Cap& c) {
        if (SafeRead r = read_below(base, dir / c.name, c.max, c.part); r.ok()) files[c.name] = std::move(r.bytes);
    };
    copy(harness_status_cap);
    copy(stdout_cap);
    copy(stderr_cap);
    for (const OutputSpec& o : fn.outputs) copy(output_cap(o.name + ".npy"));
    return files;
}

std::string encode_run_files(const RunFiles& files) {
    std::string out(run_files_magic);
    for (const auto& [name, bytes] : files) out += name + "\n" + std::to_string(bytes.size()) + "\n" + bytes;
    return out;
}

std::optional<RunFiles> decode_run_files(const std::string& bytes) {
    if (!bytes.starts_with(run_files_magic)) return std::nullopt;
    RunFiles files;
    size_t at = run_files_magic.size();
    while (at < bytes.size()) {
        const size_t name_end = bytes.find('\n', at);
        if (name_end == std::string::npos || name_end == at) return std::nullopt;
        const size_t size_end = bytes.find('\n', name_end + 1);
        if (size_end == std::string::npos || size_end == name_end + 1 || size_end - name_end > 20) return std::nullopt;
        const std::string digits = bytes.substr(name_end + 1, size_end - name_end - 1);
        if (digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
        const unsigned long long size = std::stoull(digits);
        if (size > bytes.size() - size_end - 1) return std::nullopt;
        std::string name = bytes.substr(at, name_end - at);
        if (name.find('/') != std::string::npos || files.contains(name)) return std::nullopt;
        files[std::move(name)] = bytes.substr(size_end + 1, size);
        at = size_end + 1 + size;
    }
    return files;
}

std::optional<TestRun> read_finished_run(const FunctionSpec& fn, const fs::path& base, const fs::path& dir) {
    return read_finished(fn, folder_reader(base, dir));
}

std::optional<TestRun> read_finished_run(const FunctionSpec& fn, const RunFiles& files) {
    return read_finished(fn, [&files](const Cap& c) {
        const auto it = files.find(c.name);
        return it == files.end() ? SafeRead{ReadFault::missing, "", 0} : read_part(it->second, c.max, c.part);
    });
}

TestRun read_run(const FunctionSpec& fn, const fs::path& base, const fs::path& dir, const box::TestStatus& how) {
    return read_with(fn, folder_reader(base, dir), how);
}

}  // namespace judge
