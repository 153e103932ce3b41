#include "grade/session.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <fmt/core.h>
#include <spdlog/spdlog.h>
#include <thread>

#include "checks/compare.hpp"
#include "sandbox/sandbox.hpp"
#include "util/errors.hpp"
#include "util/parallel.hpp"
#include "util/hash.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

std::string exception_words(const TestRun& run) {
    std::string s = "threw std::" + run.exception_type;
    if (!run.exception_message.empty()) s += ": " + run.exception_message;
    return s;
}

// True when two runs are the same observable behaviour (used to recognise a seeded bug).
bool same_behaviour(const TestRun& a, const TestRun& b, const Tolerance& tol) {
    if (a.status != b.status) return false;
    if (a.status == TestRun::Status::exception) return a.exception_type == b.exception_type;
    if (a.status == TestRun::Status::crashed) return a.detail == b.detail;
    if (a.status != TestRun::Status::ok) return false;
    for (const auto& [name, arr] : a.outputs) {
        const auto it = b.outputs.find(name);
        if (it == b.outputs.end() || !arrays_close(arr, it->second, tol)) return false;
    }
    return true;
}

// What is wrong with a run's outputs, or "" when nothing is. Order matters for the student: a
// wrong shape first (nothing else is meaningful then), then properties such as "key 3 is masked
// but has weight 0.2", which say more than a value diff, then the values themselves.
std::string diagnose_outputs(const TestSpec& test, const FunctionSpec& fn, const TestRun& run, const TestRun& ref,
                             const DescribeOptions& how_base) {
    std::vector<std::string> looked_at = test.compare;
    for (const PropertyCheck& pc : test.checks) looked_at.push_back(pc.output);
    for (const std::string& name : looked_at) {
        const npy::Array& got = run.outputs.at(name);
        const npy::Array& want = ref.outputs.at(name);
        if (got.shape != want.shape) return fmt::format("{} has shape {}; expected {}", name, shape_str(got.shape), shape_str(want.shape));
    }
    for (const PropertyCheck& pc : test.checks) {
        DescribeOptions how = how_base;
        how.axes = fn.output(pc.output)->axes;
        const CheckResult c = check_zero_beyond_lens(pc.output, run.outputs.at(pc.output), test.inputs.at(pc.lens).ints, how);
        if (!c.passed) return c.message;
    }
    if (test.shape_only) return "";
    std::optional<TraceSource> trace;
    if (!test.trace.empty()) {
        const Generator& g = test.inputs.at(test.trace).gen;
        trace = TraceSource{test.trace, g.shape, g.start, g.step};
    }
    for (const std::string& name : test.compare) {
        DescribeOptions how = how_base;
        how.axes = fn.output(name)->axes;
        const CheckResult c = compare_output(name, run.outputs.at(name), ref.outputs.at(name), test.tolerance, how, trace);
        if (!c.passed) return c.message;
    }
    return "";
}

// An outcome for test `ts` with its identity filled in, accepted and with no points yet.
TestOutcome outcome_of(const TestSpec& ts) {
    TestOutcome o;
    o.id = ts.id;
    o.trap = ts.trap;
    o.function = ts.function;
    o.description = ts.description;
    o.hidden = ts.hidden;
    o.max_points = ts.points;
    return o;
}

// A test that produced no run to evaluate: not compiled, cut off, or lost with its runner.
TestOutcome not_run(const TestSpec& ts, Verdict verdict, std::string message) {
    TestOutcome o = outcome_of(ts);
    o.verdict = verdict;
    o.message = std::move(message);
    return o;
}

}  // namespace

std::string summarize_inputs(const FunctionSpec& fn, const TestSpec& test) {
    std::string s;
    for (const Param& p : fn.params) {
        const InputSpec& in = test.inputs.at(p.name);
        s += s.empty() ? "" : ", ";
        switch (p.type) {
            case ParamType::tensor: s += p.name + " " + shape_str(in.gen.shape) + " from " + in.gen.kind; break;
            case ParamType::int64: s += p.name + " = " + std::to_string(in.int_value); break;
            case ParamType::float32: s += fmt::format("{} = {}", p.name, in.float_value); break;
            case ParamType::int_list: {
                std::string l;
                for (int64_t v : in.ints) l += (l.empty() ? "" : ", ") + std::to_string(v);
                s += p.name + " = [" + l + "]";
                break;
            }
        }
    }
    return s;
}

Session::Session(const Problem& p, uint64_t seed, Builder& builder)
    : m_p(p), m_seed(seed), m_builder(builder), m_work("judge-session"), m_bugs(load_bugs(p)),
      m_reference_runs(p.tests.size()), m_bug_builds(m_bugs.size()) {
    // The box's user must reach its test's inputs (mounted read-only), but not list other tests'.
    fs::permissions(m_work.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
}

void Session::ensure_inputs() {
    std::call_once(m_inputs_once, [this] {
        for (size_t t = 0; t < m_p.tests.size(); ++t) write_inputs(inputs_dir(t), make_inputs(m_p.tests[t], m_seed));
    });
}

fs::path Session::inputs_dir(size_t t) const { return m_work.path() / "in" / m_p.tests[t].id; }

TestRun Session::cached_run(const fs::path& exe, size_t t) {
    const TestSpec& test = m_p.tests[t];
    // The exe's file name is its content hash (see Builder::build_trusted).
    const std::string key = Hasher().add(exe.filename().string()).add(m_p.spec_text).add(std::to_string(m_seed)).add(test.id).hex();
    const fs::path dir = cache_root() / "runs" / key.substr(0, 2) / key;
    const FunctionSpec& fn = m_p.function(test.function);
    if (fs::exists(dir / "judge_status")) return read_test_run(fn, dir);
    ensure_inputs();
    const fs::path staging = fs::path(dir.string() + ".tmp." + std::to_string(::getpid()) + "." +
                                      std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id())));
    fs::remove_all(staging);
    TestRun run = run_test(exe, fn, inputs_dir(t), staging, m_p.limits);
    std::error_code ec;
    fs::rename(staging, dir, ec);
    if (ec) fs::remove_all(staging, ec);  // another process cached it first
    return run;
}

const fs::path& Session::reference_exe() {
    if (!m_reference_exe) {
        if (!fs::exists(m_p.reference)) {
            throw InputError((fs::path("reference") / m_p.name / "solution.cpp").string() + ": the reference solution is missing");
        }
        BuildResult br = m_builder.build_trusted(m_p, m_p.reference);
        if (!br.ok) {
            throw InputError((fs::path("reference") / m_p.name / "solution.cpp").string() + ": the reference does not compile:\n" + br.log);
        }
        m_reference_exe = br.exe;
    }
    return *m_reference_exe;
}

const TestRun& Session::reference(size_t t) {
    if (!m_reference_runs[t]) m_reference_runs[t] = cached_run(reference_exe(), t);
    return *m_reference_runs[t];
}

std::vector<BuildResult> Session::build_bugs() {
    std::vector<BuildResult> out(m_bugs.size());
    parallel_for(m_bugs.size(), std::max(1u, std::thread::hardware_concurrency()), [&](size_t b) {
        out[b] = m_builder.build_trusted(m_p, m_bugs[b].path);
    });
    for (size_t b = 0; b < m_bugs.size(); ++b) m_bug_builds[b] = out[b];
    return out;
}

const TestRun* Session::bug(size_t b, size_t t) {
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_bug_runs.find({b, t});
        if (it != m_bug_runs.end()) return &it->second;
    }
    if (!m_bug_builds[b]) m_bug_builds[b] = m_builder.build_trusted(m_p, m_bugs[b].path);
    if (!m_bug_builds[b]->ok) return nullptr;
    TestRun run = cached_run(m_bug_builds[b]->exe, t);
    const std::lock_guard lock(m_mutex);
    return &m_bug_runs.emplace(std::make_pair(b, t), std::move(run)).first->second;
}

TestOutcome Session::evaluate(size_t t, const TestRun& run, bool match_bugs) {
    const TestSpec& test = m_p.tests[t];
    const FunctionSpec& fn = m_p.function(test.function);
    TestOutcome o = outcome_of(test);
    if (!test.hidden) o.inputs = summarize_inputs(fn, test);
    const DescribeOptions how_base{{}, !test.hidden};

    const auto fail = [&](Verdict v, std::string msg) {
        o.verdict = v;
        o.message = std::move(msg);
    };
    switch (run.status) {
        case TestRun::Status::timed_out:
        case TestRun::Status::cpu_limit: fail(Verdict::time_limit, run.detail); break;
        case TestRun::Status::output_limit: fail(Verdict::output_limit, run.detail); break;
        case TestRun::Status::crashed:
        case TestRun::Status::no_result:
        case TestRun::Status::bad_output: fail(Verdict::runtime_error, run.detail); break;
        case TestRun::Status::exception:
            if (test.throws && run.exception_type == *test.throws) break;
            if (run.exception_type == "bad_alloc") {
                fail(Verdict::memory_limit, fmt::format("ran out of memory (std::bad_alloc): the limit is {} MB", m_p.limits.memory_mb));
                break;
            }
            if (test.throws) {
                fail(Verdict::wrong_answer, exception_words(run) + "; expected std::" + *test.throws);
            } else {
                fail(Verdict::runtime_error, exception_words(run));
            }
            break;
        case TestRun::Status::ok: {
            if (test.throws) {
                fail(Verdict::wrong_answer, "returned normally; expected it to throw std::" + *test.throws);
                break;
            }
            const TestRun& ref = reference(t);
            if (ref.status != TestRun::Status::ok) {
                throw InputError("reference/" + m_p.name + "/solution.cpp: fails test " + test.id + ": " +
                                 (ref.status == TestRun::Status::exception ? exception_words(ref) : ref.detail));
            }
            const std::string problem = diagnose_outputs(test, fn, run, ref, how_base);
            if (!problem.empty()) fail(Verdict::wrong_answer, problem);
            break;
        }
    }
    if (o.passed()) {
        o.points = test.points;
        return o;
    }
    if (!run.stderr_tail.empty() && !test.hidden && o.verdict == Verdict::runtime_error) {
        o.message += "\nlast output on stderr:\n" + run.stderr_tail;
    }
    if (match_bugs && !run.hit_time_limit() && run.status != TestRun::Status::output_limit) {
        // Prefer a bug declared for this test's trap; else any bug with the same behaviour.
        if (std::any_of(m_bug_builds.begin(), m_bug_builds.end(), [](const auto& b) { return !b; })) build_bugs();
        const SeededBug* best = nullptr;
        for (size_t b = 0; b < m_bugs.size(); ++b) {
            const TestRun* br = bug(b, t);
            if (br == nullptr || !same_behaviour(run, *br, test.tolerance)) continue;
            if (best == nullptr || (m_bugs[b].trap == test.trap && best->trap != test.trap)) best = &m_bugs[b];
        }
        if (best != nullptr) o.misconception = best->misconception;
    }
    return o;
}

Report Session::assemble(std::vector<TestOutcome> tests) const {
    Report r;
    r.problem = m_p.name;
    r.seed = m_seed;
    r.max_score = m_p.max_score();
    for (const TrapSpec& trap : m_p.traps) {
        TrapOutcome to{trap.id, trap.title, trap.hint, true, "", ""};
        for (const TestOutcome& t : tests) {
            if (t.trap != trap.id || t.passed()) continue;
            if (to.passed) {
                to.passed = false;
                to.message = t.message;
                to.failed_test = t.id;
            }
        }
        r.traps.push_back(std::move(to));
    }
    for (const TestOutcome& t : tests) {
        r.score += t.points;
        r.verdict = worse(r.verdict, t.verdict);
    }
    r.tests = std::move(tests);
    return r;
}

Report Session::judge_program(const fs::path& exe, bool trusted) {
    ensure_inputs();
    std::vector<TestOutcome> outcomes;
    for (size_t t = 0; t < m_p.tests.size(); ++t) {
        // A trusted program's runs go to the cache, where later submissions find them for attribution.
        // An untrusted program was built in its own box, and runs there.
        const TestRun run = trusted ? cached_run(exe, t)
                                    : run_test(exe, m_p.function(m_p.tests[t].function), inputs_dir(t),
                                               exe.parent_path() / "out" / m_p.tests[t].id, m_p.limits, &Sandbox::instance(),
                                               exe.parent_path());
        outcomes.push_back(evaluate(t, run, false));
    }
    return assemble(std::move(outcomes));
}

size_t Session::run_in_box(const fs::path& box, const Sandbox& sandbox, size_t batch, bool& timed_out) {
    std::string plan;
    for (const TestSpec& t : m_p.tests) plan += t.id + " " + t.function + "\n";
    write_file_atomic(box / "plan.txt", plan);
    const fs::path out = box / "out";
    fs::create_directories(out);
    sandbox.prepare_writable(out);
    const fs::path judge_exe = sandbox.share(fs::read_symlink("/proc/self/exe"), box);
    const fs::path in_root = m_work.path() / "in";
    const Limits& l = m_p.limits;
    ProcessSpec ps;
    ps.argv = {judge_exe.string(), "__box-run", "--plan", (box / "plan.txt").string(), "--exe", (box / "prog").string(),
               "--in", in_root.string(), "--out", out.string(), "--time-ms", std::to_string(l.time_per_test_ms),
               "--memory-mb", std::to_string(l.memory_mb), "--output-kb", std::to_string(l.output_kb),
               "--batch", std::to_string(batch), "--max-timeouts", std::to_string(max_timeouts)};
    ps.cwd = box;
    ps.stdout_path = box / "runner.out";
    ps.stderr_path = box / "runner.err";
    ps.env = {{"ASAN_OPTIONS", "detect_leaks=0"}};  // an ASan-built judge runs in the box too
    // Every batch may take the full limit, plus the time-outs before the cutoff, plus a grace.
    const auto batches = static_cast<long long>((m_p.tests.size() + batch - 1) / batch);
    ps.wall_limit = std::chrono::milliseconds((batches + max_timeouts) * l.time_per_test_ms + 10000);
    const ProcessResult r = sandbox.run(ps, {{box, "/box", true}, {in_root, "/in", false}, {judge_exe, "/judge/judge", false}});
    timed_out = r.timed_out;
    const std::string cut = read_head(out / "cutoff", 32);
    if (!r.timed_out && (r.exit_code != 0 || cut.empty())) {
        spdlog::debug("the in-box runner ended early ({}): {}", r.signal != 0 ? describe_signal(r.signal) : "exit " + std::to_string(r.exit_code),
                      read_tail(box / "runner.err", 500));
    }
    return cut.empty() ? m_p.tests.size() : std::min(m_p.tests.size(), static_cast<size_t>(std::stoul(cut)));
}

Report Session::judge_file(const fs::path& source, const std::string& display_name) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto since = [&t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    TempDir box("judge-box");
    write_file_atomic(box.path() / "solution.cpp", read_file(source));
    // Build the reference first so that a broken course is reported as such, not as the student's fault.
    reference_exe();
    spdlog::debug("{:.3f}s: reference ready", since());
    // The compile is the long pole: make the inputs and load the expected outputs meanwhile.
    const Sandbox& sandbox = Sandbox::instance();
    auto building = std::async(std::launch::async, [&] { return m_builder.build_submission(m_p, box.path(), sandbox); });
    try {
        ensure_inputs();
        for (size_t t = 0; t < m_p.tests.size(); ++t) {
            if (!m_p.tests[t].throws) reference(t);
        }
    } catch (...) {
        building.wait();
        throw;
    }
    const BuildResult br = building.get();
    spdlog::debug("{:.3f}s: submission {} in {:.3f}s", since(), br.ok ? "built" : "failed to build", br.seconds);
    if (!br.ok) {
        Report r = assemble({});
        r.verdict = Verdict::compile_error;
        r.compile_ok = false;
        r.compile_log = br.log;
        r.submission = display_name;
        for (TrapOutcome& t : r.traps) {
            t.passed = false;
            t.message = "not run: the submission did not compile";
        }
        for (const TestSpec& ts : m_p.tests) r.tests.push_back(not_run(ts, Verdict::compile_error, "not run: the submission did not compile"));
        return r;
    }
    // Tests run in ordered batches, two per core. The time-out cutoff is then applied in test order,
    // so which tests count as "not run" never depends on the number of cores or on scheduling.
    const size_t n = m_p.tests.size();
    const size_t batch = std::max(2u, std::min(8u, 2 * std::thread::hardware_concurrency()));
    std::vector<std::optional<TestRun>> runs(n);
    size_t cutoff = n;
    // What a test before the cutoff that left no result becomes (bubblewrap tier only).
    Verdict missing_verdict = Verdict::runtime_error;
    std::string missing_message;
    if (sandbox.tier() == Tier::bubblewrap) {
        // One box for all tests: a bubblewrap launch costs about 6 ms, a test about 3 ms.
        bool box_timed_out = false;
        cutoff = run_in_box(box.path(), sandbox, batch, box_timed_out);
        for (size_t t = 0; t < cutoff; ++t) {
            const fs::path dir = box.path() / "out" / m_p.tests[t].id;
            if (fs::exists(dir / "judge_status")) runs[t] = read_test_run(m_p.function(m_p.tests[t].function), dir);
        }
        missing_verdict = box_timed_out ? Verdict::time_limit : Verdict::runtime_error;
        missing_message = box_timed_out ? "not run: the submission's tests used up their total time"
                                        : "no result: the test runner in the box was stopped (killed by the submission?)";
    } else {
        cutoff = run_in_order(
            n, batch, max_timeouts,
            [&](size_t t) {
                const TestSpec& ts = m_p.tests[t];
                runs[t] = run_test(box.path() / "prog", m_p.function(ts.function), inputs_dir(t), box.path() / "out" / ts.id,
                                   m_p.limits, &sandbox, box.path());
            },
            [&](size_t t) { return runs[t]->hit_time_limit(); });
    }
    std::vector<TestOutcome> outcomes;
    for (size_t t = 0; t < n; ++t) {
        const TestSpec& ts = m_p.tests[t];
        if (t >= cutoff) {
            // Bounds a student's total time: after this many time-outs the rest is not run.
            outcomes.push_back(
                not_run(ts, Verdict::time_limit, fmt::format("not run: {} earlier tests already hit the time limit", max_timeouts)));
        } else if (!runs[t]) {
            outcomes.push_back(not_run(ts, missing_verdict, missing_message));
        } else {
            outcomes.push_back(evaluate(t, *runs[t], true));
        }
    }
    spdlog::debug("{:.3f}s: ran and checked {} tests", since(), m_p.tests.size());
    Report r = assemble(std::move(outcomes));
    r.compile_log = br.log;
    r.submission = display_name;
    return r;
}

}  // namespace judge
