#include "runs/program_run.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include "core/errors.hpp"
#include "runs/box_protocol.hpp"
#include "runs/launcher.hpp"
#include "runs/run_files.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

using Kind = box::TestStatus::Kind;

namespace {

struct FolderFd {
    int fd = -1;
    // O_PATH: a folder that may be crossed but not read (a test's inputs) can be handed on too.
    void open(const fs::path& dir) {
        fd = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) throw JudgeFailure(dir.string() + ": cannot open: " + std::strerror(errno));
    }
    // `dir` below the trusted folder `base`, one component at a time, following no link on the way:
    // the folders between may be the box user's, who could have replaced one with a link.
    void open_below(const fs::path& base, const fs::path& dir) {
        open(base);
        // Lexically: fs::relative would resolve the very links this refuses to follow.
        for (const fs::path& part : dir.lexically_relative(base)) {
            if (part == ".") continue;
            if (part == ".." || part.empty()) throw BoxFolderGone(dir.string() + ": not below " + base.string());
            const int next = ::openat(fd, part.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            const int err = errno;
            ::close(fd);
            fd = next;
            if (fd < 0)
                throw BoxFolderGone(dir.string() + ": cannot open " + part.string() + ": " + std::strerror(err));
        }
    }
    ~FolderFd() {
        if (fd >= 0) ::close(fd);
    }
};

struct FileFd {
    int fd = -1;
    FileFd(int dir, const char* name)
        : fd(::openat(dir, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644)) {
        if (fd < 0) throw JudgeFailure(std::string(name) + ": cannot create: " + std::strerror(errno));
    }
    ~FileFd() { ::close(fd); }
    FileFd(const FileFd&) = delete;
    FileFd& operator=(const FileFd&) = delete;
};

}  // namespace

void set_test_limits(ProcessSpec& ps, const Limits& limits, int tests, const std::string& cgroup) {
    ps.cpu_limit = std::chrono::milliseconds(limits.time_per_test_ms) * tests;
    ps.wall_limit = ps.cpu_limit * box::wall_clock_factor;
    ps.cpu_seconds = (limits.time_per_test_ms * tests + 999) / 1000 + 1;
    ps.address_space_mb = limits.memory_mb;        // each process: `new` throws std::bad_alloc
    ps.runner.group_memory_mb = limits.memory_mb;  // all of the test's processes together (its cgroup, if any)
    ps.file_size_bytes = static_cast<long long>(limits.output_kb) * 1024;
    ps.max_open_files = 64;
    ps.runner.test_cgroup = cgroup;
}

void write_inputs(const fs::path& dir, const InputArrays& inputs) {
    fs::create_directories(dir);
    for (const auto& [name, a] : inputs) npy::write((dir / (name + ".npy")).string(), a);
}

box::TestStatus execute_test(const fs::path& exe, const std::string& function, const fs::path& in_dir,
                             const fs::path& out_dir, const Limits& limits, const Runner& runner, const fs::path& box,
                             const InBox& in_box) {
    // The test's output folder is opened once, and everything the judge does there (as root, in
    // the fallback tier) is relative to that descriptor: no path below the box is resolved after
    // the program could have planted a link. Folders made by the judge for the box (make_box_folder)
    // exist already; a trusted run's, or `judge run`'s single one, is made here.
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(out_dir, ec))) {  // a link, even a dangling one, is not followed
        fs::create_directories(out_dir);
        runner.prepare_writable(out_dir);
    }
    FolderFd out_fd;
    if (box.empty())
        out_fd.open(out_dir);
    else
        out_fd.open_below(box, out_dir);
    if (!box::reserve_at(out_fd.fd, box::status_file))
        throw JudgeFailure((out_dir / box::status_file).string() + ": cannot create: " + std::strerror(errno));
    const FileFd out_file(out_fd.fd, "stdout.txt"), err_file(out_fd.fd, "stderr.txt");
    ProcessSpec ps;
    ps.argv = {exe.string(), function, fs::absolute(in_dir).string(), fs::absolute(out_dir).string()};
    // In a box, the folders go by descriptor: their names stay off the command line, which any
    // other process of the box could read.
    FolderFd in_fd;
    if (in_box.folders_by_descriptor) {
        in_fd.open(in_dir);
        ps.argv[2] = "/proc/self/fd/" + std::to_string(in_fd.fd);
        ps.argv[3] = "/proc/self/fd/" + std::to_string(out_fd.fd);
        ps.inherit_fds = {in_fd.fd, out_fd.fd};
    }
    ps.cwd = out_dir;  // by name only where a sandbox rewrites it for inside the box; cwd_fd wins
    ps.cwd_fd = out_fd.fd;
    ps.stdout_fd = out_file.fd;
    ps.stderr_fd = err_file.fd;
    // CPU time is what counts; the wall clock only stops a test that waits. RLIMIT_CPU is a per-process
    // backstop for the children a test does not wait for.
    set_test_limits(ps, limits, 1, in_box.cgroup);
    ps.starved = in_box.starved;
    const LaunchedTest launched = in_box.launcher != nullptr ? in_box.launcher->attach(ps) : LaunchedTest();
    const ProcessResult r = runner.run(ps, {{box, "/box", true}, {fs::absolute(in_dir), "/in", false}});
    if (!r.started) {
        // The box's process limit used up by the submission's other tests, a program the kernel will
        // not load, or a box that starts nothing: which of them, the judge learns by starting its own
        // program in a box like this one (pipeline/box_check.hpp) before it believes the run.
        const box::TestStatus how{Kind::not_started, r.start_errno, {}};
        box::write_reserved_at(out_fd.fd, box::status_file, box::encode_status(how));
        return how;
    }
    box::TestStatus how;
    const bool out_of_time = r.timed_out || r.cpu_limited || r.signal == SIGXCPU;
    // Memory first, whatever the load: one of its processes, maybe not the first, met its cgroup's
    // limit (the OOM killer), or it was stopped for time while its processes were at that limit
    // (reclaiming, which is slower the busier the machine).
    if (r.oom_kills > 0 || (out_of_time && r.memory_at_limit))
        how = {Kind::memory_limit, limits.memory_mb, {}};
    else if (r.timed_out)
        how = {Kind::timed_out, limits.time_per_test_ms, {}};
    else if (out_of_time)
        how = {Kind::cpu_limit, limits.time_per_test_ms, {}};
    else if (r.signal == SIGXFSZ)
        how = {Kind::output_limit, limits.output_kb, {}};
    else if (r.signal != 0)
        how = {Kind::signalled, r.signal, {}};
    else
        how = {Kind::exited, r.exit_code, {}};
    // A program that ignores SIGXFSZ is stopped at the cap all the same: a full stdout or stderr counts.
    const auto full = [&](int fd) {
        struct stat st {};
        return ::fstat(fd, &st) == 0 && st.st_size >= ps.file_size_bytes;
    };
    const bool output_full = full(out_file.fd) || full(err_file.fd);
    if (how.kind == Kind::exited && output_full) how = {Kind::output_limit, limits.output_kb, {}};
    // A test that filled a place it may write (its output folder, the box's /tmp) hit a limit too,
    // whatever became of its own process.
    if (!how.hit_time_limit() && how.kind != Kind::memory_limit) {
        const auto filled = [&](const struct statvfs& v) {
            if (v.f_blocks == 0 || v.f_bavail != 0) return false;
            how = {Kind::disk_full, static_cast<long>((v.f_blocks * v.f_frsize) >> 20), {}};
            return true;
        };
        struct statvfs v {};
        bool full_place = ::fstatvfs(out_fd.fd, &v) == 0 && filled(v);
        for (const fs::path& place : in_box.also_bounded)
            full_place = full_place || (::statvfs(place.c_str(), &v) == 0 && filled(v));
    }
    // Time wins over output (first match in the verdict table), but the message says both.
    if (how.hit_time_limit() && output_full) how.output_kb = limits.output_kb;
    // When even that fails (the program removed its status file and filled the folder), the test
    // has no result, as if its runner had been stopped: the program's own doing.
    box::write_reserved_at(out_fd.fd, box::status_file, box::encode_status(how));
    return how;
}

TestRun run_test(const fs::path& exe, const FunctionSpec& fn, const fs::path& in_dir, const fs::path& out_dir,
                 const Limits& limits, const Runner& runner, const fs::path& box, const InBox& in_box) {
    const box::TestStatus how = execute_test(exe, fn.name, in_dir, out_dir, limits, runner, box, in_box);
    // The box is the trusted folder: the program may have replaced anything inside it.
    return box.empty() ? read_run(fn, out_dir, ".", how) : read_run(fn, box, out_dir.lexically_relative(box), how);
}

}  // namespace judge
