// Python submissions: the harness's function table, the plan's launch, the client and the server
// (docs/python.md). The language table and its words: language_test.cpp.
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <thread>
#include <tuple>

#include "catch.hpp"

#include <nlohmann/json.hpp>

#include "authoring/lint.hpp"
#include "fixtures.hpp"
#include "languages/build.hpp"
#include "languages/python.hpp"
#include "pipeline/judge.hpp"
#include "report/report.hpp"
#include "report/shown.hpp"
#include "runs/box_protocol.hpp"
#include "runs/python_server.hpp"
#include "util/files.hpp"

namespace python_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::Language;

TEST_CASE("the Python harness's table names each parameter and output with its spec type", "[python]") {
    const nlohmann::json t = nlohmann::json::parse(judge::python_table(fixtures::problem()));
    const nlohmann::json& f = t.at("functions").at("f");
    CHECK(f.at("params") == nlohmann::json::parse(R"([["x","tensor"],["k","int"],["lens","int_list"],["s","float"]])"));
    CHECK(f.at("outputs") == nlohmann::json::parse(R"([["out","tensor"],["aux","tensor"]])"));
    CHECK(f.at("single") == false);
    // The one exception table, as the harness maps a student's own raise (problem/types.cpp).
    CHECK(t.at("exceptions") == nlohmann::json::parse(R"([["ValueError","invalid_argument"],
        ["IndexError","out_of_range"],["NotImplementedError","logic_error"],["MemoryError","bad_alloc"],
        ["RuntimeError","runtime_error"]])"));
    // The name a test's words give the student's file; the box's own when none is given.
    CHECK(t.at("shown_name") == "solution.py");
    CHECK(nlohmann::json::parse(judge::python_table(fixtures::problem(), "hw3.py")).at("shown_name") == "hw3.py");
    CHECK(judge::shown_file_name("/home/ana/hw3.py", Language::torch) == "hw3.py");
    CHECK(judge::shown_file_name("class/ana/solution.py", Language::numpy) == "solution.py");
    CHECK(judge::shown_file_name("evil\nname.py", Language::torch) == "solution.py");
    CHECK(judge::shown_file_name("", Language::cpp) == "solution.cpp");
}

TEST_CASE("a plan carries its launch: the program, and a Python server's files", "[python][box]") {
    judge::box::Plan plan;
    plan.tests.push_back({"t", "f", "d", "o", "", ""});
    plan.launch.program = "/box/.judge/prog-exec";
    const judge::box::Plan cpp = judge::box::decode_plan(judge::box::encode_plan(plan));
    CHECK(cpp.launch.kind == judge::LaunchSpec::Kind::exec);
    CHECK(cpp.launch.program == "/box/.judge/prog-exec");
    plan.launch = {judge::LaunchSpec::Kind::python_server, "/box/solution.py", "torch", "/box/python/server.py",
                   "/box/python/table.json"};
    const judge::box::Plan back = judge::box::decode_plan(judge::box::encode_plan(plan));
    CHECK(back.launch.kind == judge::LaunchSpec::Kind::python_server);
    CHECK(back.launch.library == "torch");
    CHECK(back.launch.server == "/box/python/server.py");
    CHECK(back.launch.table == "/box/python/table.json");
    CHECK(back.launch.program == "/box/solution.py");
}

TEST_CASE("a launch's paths as a box sees them", "[python][box]") {
    const judge::LaunchSpec host{judge::LaunchSpec::Kind::python_server, "/tmp/judge-box-1/solution.py", "numpy",
                                 "/tmp/judge-box-1/python/server.py", "/tmp/judge-box-1/python/table.json"};
    const judge::LaunchSpec in = host.seen_at("/tmp/judge-box-1", "/box");
    CHECK(in.program == "/box/solution.py");
    CHECK(in.server == "/box/python/server.py");
    CHECK(in.table == "/box/python/table.json");
    CHECK(in.library == "numpy");
    // Only paths below the folder move: a sibling whose name starts alike does not.
    CHECK(judge::LaunchSpec{judge::LaunchSpec::Kind::exec, "/tmp/judge-box-10/prog", "", "", ""}
              .seen_at("/tmp/judge-box-1", "/box")
              .program == "/tmp/judge-box-10/prog");
}

TEST_CASE("validate warns when a problem with a Python template gives a test too little memory", "[python][lint]") {
    judge::TempDir dir("judge-lint-python");
    judge::Problem p = fixtures::problem();
    p.template_solution = dir.path() / "solution.cpp";
    p.limits.memory_mb = 128;
    const auto has_warning = [&] {
        for (const judge::LintWarning& w : judge::lint_spec(p))
            if (w.kind == "python_memory") return true;
        return false;
    };
    CHECK(!has_warning());  // no Python template: C++ needs no more
    judge::write_file_atomic(dir.path() / "solution.py", "def f(x, k, lens, s):\n    raise NotImplementedError\n");
    CHECK(has_warning());
    p.limits.memory_mb = judge::language_info(judge::Language::torch).min_memory_mb;
    CHECK(!has_warning());
}

TEST_CASE("a counterexample says the expected exception in the submission's language", "[python][report]") {
    judge::Counterexample c;
    c.function = "split_heads";
    c.expected_exception = "invalid_argument";
    c.message = "it returned values";
    CHECK(judge::counterexample_text(c, Language::torch).find("expected: it raises ValueError\n") != std::string::npos);
    CHECK(judge::counterexample_text(c, Language::numpy).find("expected: it raises ValueError\n") != std::string::npos);
    CHECK(judge::counterexample_text(c, Language::cpp).find("expected: it throws std::invalid_argument\n") !=
          std::string::npos);
    CHECK(judge::throws_words(Language::torch, "out_of_range") == "raises IndexError");
    CHECK(judge::throws_words(Language::numpy, "logic_error") == "raises NotImplementedError");
    CHECK(judge::throws_words(Language::cpp, "logic_error") == "throws std::logic_error");
    // A type Python has no class for keeps the spec's C++ name.
    CHECK(judge::throws_words(Language::torch, "length_error") == "raises std::length_error");
}

TEST_CASE("the versions that key a kept Python result are this machine's Python, NumPy and torch", "[python]") {
    const nlohmann::json v = nlohmann::json::parse(judge::python_versions());
    CHECK(v.at("python").get<std::string>().rfind("3.", 0) == 0);
    CHECK_FALSE(v.at("numpy").get<std::string>().empty());
    CHECK_FALSE(v.at("torch").get<std::string>().empty());
    CHECK(judge::python_versions() == judge::python_versions());  // once per judge, the same
}

namespace {

// Runs the client against a stand-in server that answers `reply` (nothing: it closes the socket)
// and returns the client's exit code and the test's status file.
std::pair<int, std::string> client_against(const std::string& reply) {
    judge::TempDir dir("judge-py-client-test");
    std::filesystem::create_directories(dir.path() / "in");
    std::filesystem::create_directories(dir.path() / "out");
    int pair[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) == 0);
    std::thread server([&] {
        char request[4096];
        char control[CMSG_SPACE(sizeof(int) * 8)];
        iovec iov{request, sizeof request};
        msghdr msg{};
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        if (::recvmsg(pair[1], &msg, 0) > 0) {
            for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c != nullptr; c = CMSG_NXTHDR(&msg, c)) {
                const size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
                for (size_t i = 0; i < n; ++i) ::close(reinterpret_cast<int*>(CMSG_DATA(c))[i]);
            }
            if (!reply.empty()) (void)!::send(pair[1], reply.data(), reply.size(), MSG_NOSIGNAL);
        }
        ::close(pair[1]);
    });
    const int code =
        judge::run_python_client(pair[0], "probe", (dir.path() / "in").string(), (dir.path() / "out").string());
    server.join();
    ::close(pair[0]);
    const std::filesystem::path status = dir.path() / "out" / judge::box::harness_status_file;
    return {code, std::filesystem::exists(status) ? judge::read_file(status) : ""};
}

}  // namespace

TEST_CASE("the Python client ends as the server says, and says when the server could not run the test",
          "[python][box]") {
    auto [code, status] = client_against("exit 3");
    CHECK(code == 3);
    CHECK(status.empty());
    std::tie(code, status) = client_against("");
    CHECK(code == 0);
    CHECK(status == "harness_error\nthe Python harness is not running (it stopped before the test ended)\n");
    std::tie(code, status) = client_against("nostart Cannot allocate memory");
    CHECK(code == 0);
    CHECK(status == "harness_error\nthe Python harness could not start the test (fork: Cannot allocate memory)\n");
}

}  // namespace python_test
