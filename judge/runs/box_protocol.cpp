#include "runs/box_protocol.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "util/files.hpp"

namespace judge::box {

using nlohmann::json;

std::string encode_plan(const Plan& plan) {
    json tests = json::array();
    for (const PlannedTest& t : plan.tests) {
        tests.push_back({{"id", t.id}, {"function", t.function}, {"dir", t.dir}, {"out", t.out}, {"cgroup", t.cgroup}});
        if (!t.program.empty()) tests.back()["program"] = t.program;
    }
    const Limits& l = plan.limits;
    json j = {
        {"tests", tests},
        {"limits", {{"time_per_test_ms", l.time_per_test_ms}, {"memory_mb", l.memory_mb}, {"output_kb", l.output_kb}}},
        {"batch", plan.batch},
        {"max_timeouts", plan.max_timeouts},
        {"together", plan.together}};
    if (plan.first_phase > 0 || plan.again) {
        j["phases"] = {{"first", plan.first_phase}, {"fd", plan.phase_fd}};
        if (plan.feedback_from < plan.first_phase) j["phases"]["feedback_from"] = plan.feedback_from;
        if (plan.again) j["phases"]["again"] = true;
    }
    const LaunchSpec& launch = plan.launch;
    j["launch"] = {{"kind", launch.kind == LaunchSpec::Kind::exec ? "exec" : "python_server"},
                   {"program", launch.program},
                   {"library", launch.library},
                   {"server", launch.server},
                   {"table", launch.table}};
    return j.dump() + "\n";
}

Plan decode_plan(const std::string& text) {
    try {
        const json j = json::parse(text);
        Plan plan;
        for (const json& t : j.at("tests"))
            plan.tests.push_back({t.at("id").get<std::string>(), t.at("function").get<std::string>(),
                                  t.at("dir").get<std::string>(), t.at("out").get<std::string>(), t.value("cgroup", ""),
                                  t.value("program", "")});
        const json& l = j.at("limits");
        plan.limits.time_per_test_ms = l.at("time_per_test_ms").get<int>();
        plan.limits.memory_mb = l.at("memory_mb").get<int>();
        plan.limits.output_kb = l.at("output_kb").get<int>();
        plan.batch = j.at("batch").get<size_t>();
        plan.max_timeouts = j.at("max_timeouts").get<int>();
        plan.together = j.value("together", false);
        if (plan.batch < 1) throw std::runtime_error("batch must be at least 1");
        if (j.contains("phases")) {
            plan.first_phase = j.at("phases").at("first").get<size_t>();
            plan.phase_fd = j.at("phases").at("fd").get<int>();
            if (plan.first_phase > plan.tests.size())
                throw std::runtime_error("the first phase has more tests than the plan");
            plan.feedback_from = j.at("phases").value("feedback_from", SIZE_MAX);
            plan.again = j.at("phases").value("again", false);
        }
        const json& launch = j.at("launch");
        const std::string kind = launch.at("kind").get<std::string>();
        if (kind != "exec" && kind != "python_server") throw std::runtime_error("unknown launch kind " + kind);
        plan.launch.kind = kind == "exec" ? LaunchSpec::Kind::exec : LaunchSpec::Kind::python_server;
        plan.launch.program = launch.at("program").get<std::string>();
        plan.launch.library = launch.at("library").get<std::string>();
        plan.launch.server = launch.at("server").get<std::string>();
        plan.launch.table = launch.at("table").get<std::string>();
        return plan;
    } catch (const json::exception& e) {
        throw std::runtime_error(std::string("not a test plan: ") + e.what());
    }
}

std::string encode_again(const std::vector<std::pair<size_t, std::string>>& again) {
    std::string text = std::to_string(again.size()) + "\n";
    for (const auto& [position, folder] : again) text += std::to_string(position) + " " + folder + "\n";
    return text;
}

std::optional<std::vector<std::pair<size_t, std::string>>> decode_again(const std::string& text, size_t tests) {
    std::istringstream in(text);
    size_t count = 0;
    if (!(in >> count) || count > tests) return std::nullopt;
    std::vector<std::pair<size_t, std::string>> again;
    for (size_t i = 0; i < count; ++i) {
        size_t position = 0;
        std::string folder;
        if (!(in >> position >> folder) || position >= tests || folder == "." || folder == ".." ||
            folder.find('/') != std::string::npos)
            return std::nullopt;
        again.emplace_back(position, folder);
    }
    return again;
}

namespace {

const char* word(TestStatus::Kind k) {
    switch (k) {
        case TestStatus::Kind::exited: return "exit";
        case TestStatus::Kind::signalled: return "signal";
        case TestStatus::Kind::timed_out: return "timed_out";
        case TestStatus::Kind::cpu_limit: return "cpu_limit";
        case TestStatus::Kind::memory_limit: return "memory_limit";
        case TestStatus::Kind::output_limit: return "output_limit";
        case TestStatus::Kind::disk_full: return "disk_full";
        case TestStatus::Kind::not_started: return "not_started";
    }
    return "exit";
}

}  // namespace

std::string encode_status(const TestStatus& s) {
    std::string line = std::string(word(s.kind)) + " " + std::to_string(s.value);
    if (s.hit_time_limit() && s.output_kb) line += " " + std::to_string(*s.output_kb);
    return line + "\n";
}

std::optional<TestStatus> decode_status(const std::string& text) {
    std::istringstream in(text);
    std::string kind;  // (a reserved file still all spaces reads as nothing)
    TestStatus s;
    if (!(in >> kind >> s.value)) return std::nullopt;
    for (const auto k : {TestStatus::Kind::exited, TestStatus::Kind::signalled, TestStatus::Kind::timed_out,
                         TestStatus::Kind::cpu_limit, TestStatus::Kind::memory_limit, TestStatus::Kind::output_limit,
                         TestStatus::Kind::disk_full, TestStatus::Kind::not_started}) {
        if (kind != word(k)) continue;
        s.kind = k;
        long kb = 0;
        if ((k == TestStatus::Kind::timed_out || k == TestStatus::Kind::cpu_limit) && in >> kb) s.output_kb = kb;
        return s;
    }
    return std::nullopt;
}

HarnessStatus decode_harness_status(const std::string& text) {
    const size_t end = text.find('\n');
    const std::string first = text.substr(0, end);
    std::string rest = end == std::string::npos ? "" : text.substr(end + 1);
    while (!rest.empty() && rest.back() == '\n') rest.pop_back();
    HarnessStatus s;
    if (first == "ok") {
        s.kind = HarnessStatus::Kind::ok;
    } else if (first == "exception") {
        s.kind = HarnessStatus::Kind::exception;
        const size_t type_end = rest.find('\n');
        s.type = rest.substr(0, type_end);
        s.text = type_end == std::string::npos ? "" : rest.substr(type_end + 1);
    } else if (first == "library_error") {
        s.kind = HarnessStatus::Kind::library_error;
        s.text = rest;
    } else if (first == "wrong_return") {
        s.kind = HarnessStatus::Kind::wrong_return;
        s.text = rest;
    } else if (first == "harness_error") {
        s.kind = HarnessStatus::Kind::harness_error;
        s.text = rest;
    }
    return s;
}

std::string encode_cutoff(size_t first_not_run) { return std::to_string(first_not_run) + "\n"; }

std::optional<size_t> decode_cutoff(const std::string& text) {
    std::istringstream in(text);
    unsigned long long n = 0;
    if (!(in >> n)) return std::nullopt;
    return static_cast<size_t>(n);
}

void reserve(const std::filesystem::path& file) { write_file_atomic(file, std::string(reserved_bytes, ' ')); }

bool reserve_at(int dir, const std::string& name) {
    ::unlinkat(dir, name.c_str(), 0);
    const int fd = ::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return false;
    const std::string spaces(reserved_bytes, ' ');
    const bool ok = ::write(fd, spaces.data(), spaces.size()) == static_cast<ssize_t>(spaces.size());
    ::close(fd);
    return ok;
}

bool write_reserved(const std::filesystem::path& file, const std::string& line) {
    // O_PATH: the folder may be one the writer can enter but not list (the box's out/).
    const int dir = ::open(file.parent_path().c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dir < 0) return false;
    const bool ok = write_reserved_at(dir, file.filename().string(), line);
    ::close(dir);
    return ok;
}

bool write_reserved_at(int dir, const std::string& name, const std::string& line) {
    // Everything relative to the folder, opened without following a link: the program may have
    // replaced the file with a link or a FIFO (the fallback tier writes as root).
    bool ok = false;
    if (line.size() <= reserved_bytes) {
        const int fd = ::openat(dir, name.c_str(), O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) {
            struct stat st {};
            ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                 ::pwrite(fd, line.data(), line.size(), 0) == static_cast<ssize_t>(line.size()) &&
                 ::ftruncate(fd, static_cast<off_t>(line.size())) == 0;  // nothing forged after it
            ::close(fd);
        }
    }
    if (!ok) {
        const std::string staged = name + ".new";
        ::unlinkat(dir, staged.c_str(), 0);
        const int fd = ::openat(dir, staged.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
            ::close(fd);
            ok = ok && ::renameat(dir, staged.c_str(), dir, name.c_str()) == 0;
        }
    }
    return ok;
}

}  // namespace judge::box
