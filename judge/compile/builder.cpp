#include "compile/builder.hpp"

#include <unistd.h>

#include <algorithm>
#include <future>

#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <csignal>

#include "compile/embedded.hpp"
#include "compile/explain.hpp"
#include "compile/harness_source.hpp"
#include "core/errors.hpp"
#include "util/files.hpp"
#include "util/hash.hpp"
#include "util/safe_read.hpp"
#include "util/text.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

constexpr size_t max_log_bytes = 64 * 1024;
constexpr long long compiler_memory_mb = 2048;         // RLIMIT_AS of the compiler
constexpr long long compiler_file_bytes = 64LL << 20;  // no object file or log past 64 MiB
constexpr size_t max_prebuilt_bytes = 64 << 20;        // a pack's harness object

// A compiler log from the box, read safely and made printable; cut at max_log_bytes.
std::string read_log(const fs::path& dir, const char* name) {
    const SafeRead r = read_below(dir, name, max_log_bytes, ReadPart::head);
    std::string s = printable(r.bytes);
    if (r.truncated()) s += "\n[... output cut at " + std::to_string(max_log_bytes) + " bytes]\n";
    return s;
}

}  // namespace

Builder::Builder(Toolchain tc, fs::path cache) : m_tc(std::move(tc)), m_cache(std::move(cache)) {
    // As root, the cache is root's alone: every box runs as another uid, and what one needs of the
    // cache is hard-linked into its own folder (Sandbox::share). So no submission reads the
    // reference's runs or builds, in any tier, even where JUDGE_CACHE is a shared 0755 folder (issue #62).
    if (::geteuid() == 0) {
        fs::create_directories(m_cache);
        fs::permissions(m_cache, fs::perms::owner_all, fs::perm_options::replace);
    }
    Hasher h;
    h.add(m_tc.cxx).add(m_tc.id);
    for (const auto& f : m_tc.flags) h.add(f);
    for (const auto& f : m_tc.link_flags) h.add(f);
    for (const auto& file : embedded::files()) h.add(file.path).add(file.content);
    m_base_key = h.hex();
    // Keyed by the toolchain too: the precompiled header inside is only valid for one compiler.
    m_include = m_cache / ("include-" + m_base_key.substr(0, 16));
    if (!fs::exists(m_include / ".complete"))
        for (const auto& file : embedded::files()) write_file_atomic(m_include / file.path, std::string(file.content));
}

void Builder::start_precompiled_header() {
    std::call_once(m_pch_once, [this] {
        if (fs::exists(m_include / ".complete")) return;
        // A first run waits on this and the builds beside it: say what it does, once.
        spdlog::info("first run with this compiler: precompiling judge/tensor.hpp into {} (cached)", m_cache.string());
        m_pch = std::async(std::launch::async, [this] {
            const BuildLock lock(m_include / ".complete");  // one judge of those sharing the cache makes it
            if (fs::exists(m_include / ".complete")) return;
            precompile_header();
            write_file_atomic(m_include / ".complete", "");
        });
    });
}

Builder::~Builder() {
    if (m_pch.valid()) m_pch.wait();
}

void Builder::precompile_header() {
    // GCC picks up judge/tensor.hpp.gch by itself, as compile_command names the header first with
    // the same flags: it halves a submission's compile (the standard headers are not parsed). When it
    // is missing or stale, GCC silently parses the header instead, so a failure here costs only time.
    const fs::path header = m_include / precompiled_header;
    const fs::path gch = header.string() + ".gch";
    const fs::path staged = staging_path(gch);
    TempDir tmp("judge-pch");  // its temporary files: not in the cache, and removed if a signal ends it
    ProcessSpec ps = compiler_process(m_tc.precompile_command(header, staged), m_include, std::chrono::seconds(60));
    ps.env = {{"LC_ALL", "C"}, {"TMPDIR", tmp.path().string()}};
    const ProcessResult r = run_process(ps);
    if (r.started && r.exit_code == 0) {
        publish(staged, gch);
    } else {
        spdlog::debug("no precompiled header for {}: the compiler failed", header.string());
        std::error_code ec;
        fs::remove(staged, ec);
    }
}

BuildResult Builder::compile_and_link(const Problem& p, const fs::path& dir, const fs::path& exe_out,
                                      const Runner& runner) {
    BuildResult br;
    // The harness compiles beside the solution (on a cold cache, the longest compile of the two),
    // and so does the precompiled header, for the builds after this one.
    std::future<fs::path> harness_built = std::async(std::launch::async, [&] { return harness_object(p); });
    start_precompiled_header();
    // Untrusted builds run in the box; it sees the headers and the harness object read-only.
    const fs::path include = runner.share(m_include, dir);
    std::vector<Mount> mounts = {{dir, "/box", true}, {include, "/include", false}};
    const fs::path obj = dir / "solution.o";
    // The spec's declarations first: a return type of its own is g++'s error, not garbage read.
    write_file_atomic(dir / declarations_file, declarations_source(p));
    ProcessSpec ps = compiler_process(m_tc.compile_command(include, "solution.cpp", obj, declarations_file), dir,
                                      std::chrono::milliseconds(p.limits.compile_time_ms));
    ps.stdout_path = dir / "compile.out";
    ps.stderr_path = dir / "compile.log";
    ps.cpu_seconds = p.limits.compile_time_ms / 1000 + 1;
    ps.address_space_mb = compiler_memory_mb;
    ps.runner.group_memory_mb = compiler_memory_mb + 512;  // cc1plus at its limit, plus the driver and the assembler
    ps.file_size_bytes = compiler_file_bytes;
    ps.max_open_files = 256;
    ProcessResult r = runner.run(ps, mounts);
    br.seconds = r.wall_seconds;
    if (!r.started) throw JudgeFailure(r.start_error);
    br.log = read_log(dir, "compile.log");
    if (r.exit_code != 0 && !r.timed_out && only_formal_conflicts(p, br.log)) {
        ps.argv = m_tc.compile_command(include, "solution.cpp", obj);
        r = runner.run(ps, mounts);
        br.seconds += r.wall_seconds;
        if (!r.started) throw JudgeFailure(r.start_error);
        br.log = read_log(dir, "compile.log");
    }
    br.log = explain_return_types(p, br.log);
    if (r.timed_out || r.signal == SIGXCPU) {
        br.log +=
            "judge: compilation stopped at the time limit of " + std::to_string(p.limits.compile_time_ms) + " ms\n";
        return br;
    }
    if (r.exit_code != 0) {
        if (r.signal == SIGXFSZ) {
            br.log += fmt::format("judge: compilation stopped: it wrote a file larger than the limit of {} MB\n",
                                  compiler_file_bytes >> 20);
        } else if (r.signal != 0) {
            br.log += "judge: the compiler was ended by " + describe_signal(r.signal) + "\n";
        }
        if (r.oom_kills > 0 || br.log.find("virtual memory exhausted") != std::string::npos ||
            br.log.find("out of memory") != std::string::npos) {
            br.log += fmt::format("judge: compilation stopped at the memory limit of {} MB\n", compiler_memory_mb);
        }
        return br;
    }
    const fs::path harness = runner.share(harness_built.get(), dir);
    mounts.push_back({harness, "/harness/harness.o", false});
    ps.argv = m_tc.link_command({obj.string(), harness.string()}, exe_out);
    ps.stderr_path = dir / "link.log";
    r = runner.run(ps, mounts);
    br.seconds += r.wall_seconds;
    if (!r.started) throw JudgeFailure(r.start_error);
    if (r.timed_out || r.exit_code != 0) {
        br.log += explain_link_errors(p, read_log(dir, "link.log"));
        return br;
    }
    br.ok = true;
    br.exe = exe_out;
    return br;
}

fs::path Builder::harness_object(const Problem& p) {
    const std::lock_guard lock(m_harness_mutex);
    const std::string src = harness_source(p);
    // At -O0: the harness only moves arrays in and out (no arithmetic), and -O2 made it the longest
    // compile of a first submit. The solution's object comes first at the link, so an inline
    // function both define is the solution's optimised one.
    std::vector<std::string> argv = m_tc.compile_command(m_include, "harness.cpp", "harness.o");
    std::replace(argv.begin(), argv.end(), std::string("-O2"), std::string("-O0"));
    // The key never names a path (the cache's own included): another machine with the same
    // compiler, flags and harness source finds the same name (a pack's prebuilt harness).
    const std::string key = Hasher().add(m_base_key).add(src).add("harness at -O0").hex();
    const fs::path obj = m_cache / "obj" / ("harness-" + key + ".o");
    if (fs::exists(obj)) return obj;
    if (!m_prebuilt.empty()) {
        // A pack's object is the pack's: its student may have replaced it. It is kept under its
        // own content's hash, never under the name this judge's own build has (which every full
        // root links), and read with no link followed (issue #38).
        const SafeRead pre = read_below(m_prebuilt, obj.filename(), max_prebuilt_bytes);
        if (pre.ok()) {
            // Its own folder, by content; its own name, so that a link error reads as the full root's.
            const fs::path own = m_cache / "pack-obj" / sha256_plain_hex(pre.bytes) / obj.filename();
            if (!fs::exists(own)) {
                fs::create_directories(own.parent_path());
                write_file_atomic(own, pre.bytes);
            }
            spdlog::debug("harness {} from {}", obj.filename().string(), m_prebuilt.string());
            return own;
        }
    }
    const BuildLock file_lock(obj);  // another judge sharing the cache may be building it: wait for it
    if (fs::exists(obj)) return obj;
    spdlog::info("building the test harness of {} (once, then cached)", p.name);
    TempDir tmp("judge-harness");
    write_file_atomic(tmp.path() / "harness.cpp", src);
    ProcessSpec ps = compiler_process(argv, tmp.path(), std::chrono::seconds(120));
    ps.stderr_path = tmp.path() / "log";
    const ProcessResult r = run_process(ps);
    if (!r.started || r.exit_code != 0) {
        throw JudgeFailure("the generated harness for " + p.name + " did not compile:\n" +
                           read_head(tmp.path() / "log", 8192));
    }
    // Another judge sharing the cache may publish the same object at the same time: each stages
    // under its own name, and the rename makes either complete copy the one that stays.
    fs::create_directories(obj.parent_path());
    const fs::path staged = staging_path(obj);
    fs::copy_file(tmp.path() / "harness.o", staged);
    publish(staged, obj);
    spdlog::debug("built harness {}", obj.string());
    return obj;
}

BuildResult Builder::build_trusted_source(const Problem& p, const std::string& text, const std::string& what,
                                          const Runner& box, bool say) {
    const std::string key = Hasher().add(m_base_key).add(harness_source(p)).add(text).hex();
    const fs::path exe = m_cache / "bin" / key;
    const auto cached = [&exe] {
        BuildResult br;
        br.ok = fs::exists(exe);
        if (br.ok) br.exe = exe;
        return br;
    };
    if (BuildResult br = cached(); br.ok) return br;
    const BuildLock lock(exe);  // another judge sharing the cache may be building it: wait for it
    if (BuildResult br = cached(); br.ok) return br;
    if (say) spdlog::info("building {} (once, then cached)", what);
    TempDir tmp("judge-build");
    write_file_atomic(tmp.path() / "solution.cpp", text);
    box.prepare_writable(tmp.path());
    BuildResult br = compile_and_link(p, tmp.path(), tmp.path() / "prog", box);
    if (br.ok) {
        // The box's file, as a regular file only: never a link it may have left in its place.
        const SafeRead built = read_below(tmp.path(), "prog", static_cast<size_t>(compiler_file_bytes));
        if (!built.ok()) throw JudgeFailure(what + ": the built program is " + describe(built.fault));
        fs::create_directories(exe.parent_path());
        const fs::path staged = staging_path(exe);
        write_file_atomic(staged, built.bytes);
        fs::permissions(staged, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                    fs::perms::others_read | fs::perms::others_exec);
        publish(staged, exe);
        br.exe = exe;
        spdlog::debug("built {} in {:.2f}s", what, br.seconds);
    }
    return br;
}

std::string source_too_large(unsigned long long bytes) {
    return "judge: the source file is " + std::to_string(bytes) + " bytes; the limit is " +
           std::to_string(max_source_bytes) + " bytes\n";
}

BuildResult Builder::build_submission(const Problem& p, const fs::path& box, const Runner& sandbox) {
    const fs::path src = box / "solution.cpp";
    std::error_code ec;
    if (fs::file_size(src, ec) > max_source_bytes) {
        BuildResult br;
        br.log = source_too_large(fs::file_size(src));
        return br;
    }
    sandbox.prepare_writable(box);
    return compile_and_link(p, box, box / "prog", sandbox);
}

std::string with_file_name(const std::string& log, const std::string& display_name) {
    if (display_name.empty() || display_name.find('\n') != std::string::npos) return log;
    std::string out;
    size_t i = 0;
    while (i < log.size()) {
        const bool at_start = i == 0 || log[i - 1] == '\n' || log[i - 1] == ' ';
        bool replaced = false;
        for (const std::string box_name : {"solution.cpp:", "solution.py:"}) {
            if (!at_start || log.compare(i, box_name.size(), box_name) != 0) continue;
            out += display_name + ":";
            i += box_name.size();
            replaced = true;
            break;
        }
        if (!replaced) out += log[i++];
    }
    return out;
}

}  // namespace judge
