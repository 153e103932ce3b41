// The sandbox's command lines and the doctor's report (pure functions: nothing runs in a box here;
// tests/hostile runs real submissions in both tiers).
#include "catch.hpp"

#include "process/runner.hpp"
#include "sandbox/landlock.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/seccomp.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "core/errors.hpp"
#include "util/files.hpp"

namespace sandbox_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

judge::SandboxProbe probe() {
    judge::SandboxProbe p;
    p.bwrap_path = "bwrap";
    p.bwrap_works = true;
    p.uid = 0;
    p.tier = judge::Tier::bubblewrap;
    return p;
}

}  // namespace

TEST_CASE("bwrap isolates everything and shows only /usr and a fresh /proc, /dev and /tmp", "[sandbox]") {
    const std::vector<std::string> base = judge::bwrap_base(probe());
    const std::vector<std::string> head = {
        "bwrap",      "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
        "--cap-drop", "ALL",           "--clearenv"};
    CHECK(std::vector<std::string>(base.begin(), base.begin() + 9) == head);
    // Every writable place has a size: /dev/shm 16 MB, /tmp 256 MB.
    const std::vector<std::string> tail = {"--proc",  "/proc",    "--dev",  "/dev",      "--size",  "16777216",
                                           "--tmpfs", "/dev/shm", "--size", "268435456", "--tmpfs", "/tmp"};
    CHECK(std::vector<std::string>(base.end() - 12, base.end()) == tail);
    CHECK(std::find(base.begin(), base.end(), "/home") == base.end());
}

TEST_CASE("bwrap's command mounts what it is given and rewrites host paths to box paths", "[sandbox]") {
    judge::ProcessSpec spec;
    spec.argv = {"/tmp/judge-box-1/prog", "split_heads", "/tmp/in/t1", "/tmp/judge-box-1/out/t1",
                 "/tmp/judge-box-10/x"};
    spec.cwd = "/tmp/judge-box-1/out/t1";
    spec.env = {{"ASAN_OPTIONS", "detect_leaks=0"}};
    const std::vector<judge::Mount> mounts = {{"/tmp/judge-box-1", "/box", true}, {"/tmp/in/t1", "/in", false}};
    const std::vector<std::string> argv = judge::bwrap_command(probe(), spec, mounts);
    const std::vector<std::string> base = judge::bwrap_base(probe());
    const std::vector<std::string> rest(argv.begin() + static_cast<long>(base.size()), argv.end());
    CHECK(rest == std::vector<std::string>{"--bind", "/tmp/judge-box-1", "/box", "--ro-bind", "/tmp/in/t1", "/in",
                                           "--remount-ro", "/", "--remount-ro", "/dev", "--setenv", "ASAN_OPTIONS",
                                           "detect_leaks=0", "--chdir", "/box/out/t1", "--", "/box/prog", "split_heads",
                                           "/in", "/box/out/t1",
                                           // a path that only starts with the same letters is not rewritten
                                           "/tmp/judge-box-10/x"});
}

TEST_CASE("bwrap gets the seccomp filter through a descriptor it keeps", "[sandbox]") {
    judge::ProcessSpec spec;
    spec.argv = {"bwrap", "--unshare-all", "--", "/box/prog"};
    const judge::SeccompPipe filter;
    judge::add_seccomp(spec, filter);
    const std::string fd = std::to_string(filter.fd());
    CHECK(spec.argv == std::vector<std::string>{"bwrap", "--unshare-all", "--seccomp", fd, "--", "/box/prog"});
    CHECK(spec.inherit_fds == std::vector<int>{filter.fd()});
    // The pipe holds the whole program: whole sock_filter instructions, ending in a return.
    std::string got(judge::seccomp_program().size() + 1, '\0');
    CHECK(::read(filter.fd(), got.data(), got.size()) == static_cast<ssize_t>(judge::seccomp_program().size()));
    CHECK(judge::seccomp_program().size() % 8 == 0);
}

TEST_CASE("the doctor says which tier and what bounds a fork bomb", "[sandbox]") {
    judge::SandboxProbe p = probe();
    p.user_namespaces = true;
    p.cgroups.description = "v2 at /sys/fs/cgroup, pids not writable, memory not writable";
    const std::string report = judge::doctor_report(p);
    CHECK(report.find("bubblewrap:       works\n") != std::string::npos);
    CHECK(report.find("uid:              0 (root: each box drops to a uid of its own, 3000000-3000255)\n") !=
          std::string::npos);
    CHECK(report.find("fork bombs:       RLIMIT_NPROC 64 for each box's uid\n") != std::string::npos);
    CHECK(report.find("tier:             bubblewrap (isolated)\n") != std::string::npos);
    CHECK(report.find("secret grading:   yes: each box sees only its own folders") != std::string::npos);
    CHECK(report.find("memory:           RLIMIT_AS per process only (no writable memory cgroup)\n") !=
          std::string::npos);
    CHECK(report.find("cpu:              each process's own CPU time; no cpu cgroup") != std::string::npos);
    p.cgroups = {1,   "/sys/fs/cgroup/pids", "/sys/fs/cgroup/memory", "/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpuacct",
                 "v1"};
    CHECK(judge::doctor_report(p).find("cpu:              an equal share per run, and each test's CPU time") !=
          std::string::npos);
    CHECK(judge::doctor_report(p).find(
              "memory:           a cgroup per box, and one per test inside it (memory_mb)\n") != std::string::npos);
    CHECK(judge::doctor_report(p).find("fork bombs:       pids.max 64 per run (cgroup)\n") != std::string::npos);
    p.cgroups = {};
    p.tier = judge::Tier::fallback;
    p.uid = 1000;
    p.forced = "JUDGE_SANDBOX=fallback";
    const std::string fallback = judge::doctor_report(p);
    CHECK(fallback.find("fork bombs:       bounded only by the wall-clock timer\n") != std::string::npos);
    CHECK(fallback.find("tier:             fallback (NOT isolated) (JUDGE_SANDBOX=fallback)\n") != std::string::npos);
    // Issue #62: no grade under a secret where a submission runs as the judge's own user.
    CHECK(fallback.find("secret grading:   refused: a submission would run as this user") != std::string::npos);
    p.uid = 0;
    CHECK(judge::doctor_report(p).find("secret grading:   yes, as root: each box runs as a uid of its own") !=
          std::string::npos);
    // Docker's seccomp rules: the kernel's setting allows user namespaces, the container refuses them.
    CHECK(judge::doctor_report(p).find("user namespaces:  enabled\n") != std::string::npos);
    p.bwrap_path = "bwrap";
    p.bwrap_works = false;
    p.bwrap_error = "bwrap: No permissions to create new namespace";
    CHECK(judge::doctor_report(p).find("user namespaces:  allowed by the kernel, but bubblewrap could not use them") !=
          std::string::npos);
    // Issue #62: what the fallback tier closes with Landlock, or that it cannot.
    p.landlock_error = "this kernel has no Landlock (Linux 5.13 or later, built with it)";
    CHECK(judge::doctor_report(p).find("files:            no Landlock (this kernel has no Landlock") !=
          std::string::npos);
    p.landlock_abi = 4;
    p.landlock_closed = {"/tmp", "/var/tmp", "/dev/shm"};
    CHECK(judge::doctor_report(p).find("files:            Landlock ABI 4: a box writes only its own folders, and "
                                       "cannot open /tmp, /var/tmp, /dev/shm\n") != std::string::npos);
    p.tier = judge::Tier::bubblewrap;
    CHECK(judge::doctor_report(p).find("files: ") == std::string::npos);  // bubblewrap's box has its own /tmp
}

TEST_CASE("in the fallback tier a box writes only its own folders, and /tmp is closed to it", "[sandbox]") {
    if (judge::landlock_abi() == 0) {
        WARN("no Landlock on this kernel: nothing to check");
        return;
    }
    judge::SandboxProbe p = probe();
    p.uid = ::getuid();  // as root the box runs as box_uid, so the folders are open to all: Landlock alone closes them
    p.tier = judge::Tier::fallback;
    const std::unique_ptr<judge::Sandbox> sandbox = judge::make_sandbox(p);
    judge::TempDir box("judge-unit-box"), elsewhere("judge-unit-elsewhere");
    sandbox->prepare_writable(box.path());
    std::filesystem::permissions(elsewhere.path(), std::filesystem::perms::all);
    // A file another box left in the host's /tmp, readable to all.
    const std::filesystem::path left = "/tmp/judge-unit-left-" + std::to_string(::getpid());
    std::ofstream(left) << "hidden input\n";
    std::filesystem::permissions(left, std::filesystem::perms::owner_read | std::filesystem::perms::others_read |
                                           std::filesystem::perms::group_read);
    judge::ProcessSpec ps;
    ps.argv = {"/bin/sh", "-c",
               "echo ok > \"$TMPDIR/own\" && echo own; echo x > " + (elsewhere.path() / "x").string() +
                   " 2>/dev/null && echo elsewhere; echo x > /tmp/judge-unit-made-$$ 2>/dev/null && echo tmp; "
                   "cat " +
                   left.string() +
                   " 2>/dev/null; head -c 4 /usr/bin/sh >/dev/null && echo usr; "
                   "echo x >/dev/null && echo null"};
    ps.cwd = box.path();
    ps.stdout_path = box.path() / "out";
    const judge::ProcessResult r = sandbox->run(ps, {{box.path(), "/box", true}});
    std::filesystem::remove(left);
    CHECK(r.started);
    const std::string out = judge::read_file(box.path() / "out");
    CHECK(out.find("own\n") != std::string::npos);  // TMPDIR is its own folder
    CHECK(out.find("usr\n") != std::string::npos);  // the host is readable
    CHECK(out.find("null\n") != std::string::npos);
    CHECK(out.find("elsewhere") == std::string::npos);
    CHECK(std::filesystem::is_empty(elsewhere.path()));
    const auto& closed = judge::landlock_closed_places();
    if (std::find(closed.begin(), closed.end(), "/tmp") != closed.end()) {
        CHECK(out.find("tmp\n") == std::string::npos);
        CHECK(out.find("hidden input") == std::string::npos);
    }
}

TEST_CASE("the plain runner runs trusted code as it is, with no box", "[runner]") {
    judge::TempDir tmp("judge-runner-test");
    const judge::PlainRunner runner;
    judge::ProcessSpec ps;
    ps.argv = {"/bin/sh", "-c", "pwd"};
    ps.cwd = tmp.path();
    ps.stdout_path = tmp.path() / "out";
    const judge::ProcessResult r = runner.run(ps, {{tmp.path(), "/box", true}});
    CHECK(r.exit_code == 0);
    CHECK(judge::read_file(tmp.path() / "out") == tmp.path().string() + "\n");
    CHECK(runner.share(tmp.path() / "x", "/elsewhere") == tmp.path() / "x");
}

TEST_CASE("a test's output folder is made by the judge, for the box's uid, never through a link", "[sandbox]") {
    judge::SandboxProbe p = probe();
    p.uid = ::getuid();  // as root: the folder is handed to the box's uid
    p.tier = judge::Tier::fallback;
    const std::unique_ptr<judge::Sandbox> sandbox = judge::make_sandbox(p);
    judge::TempDir out("judge-unit-out");
    sandbox->make_box_folder(out.path(), "a1b2");
    struct stat st {};
    REQUIRE(::lstat((out.path() / "a1b2").c_str(), &st) == 0);
    CHECK(S_ISDIR(st.st_mode));
    CHECK((st.st_mode & 07777) == 0700);
    if (::getuid() == 0) CHECK(st.st_uid == static_cast<uid_t>(judge::Sandbox::box_uid));
    // A name a test planted first (here a link to a host folder) is never used or followed.
    judge::TempDir host("judge-unit-host");
    std::filesystem::create_directory_symlink(host.path(), out.path() / "c3d4");
    CHECK_THROWS_AS(sandbox->make_box_folder(out.path(), "c3d4"), judge::JudgeFailure);
    // Nor is a parent that was replaced by a link.
    std::filesystem::create_directory_symlink(host.path(), out.path() / "linked");
    CHECK_THROWS_AS(sandbox->make_box_folder(out.path() / "linked", "e5f6"), judge::JudgeFailure);
    CHECK(std::filesystem::is_empty(host.path()));
}

}  // namespace sandbox_test
