// Python submissions: the language of a file, the harness's function table, the plan's Python part
// and the report's words for Python's exceptions (docs/python.md).
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <thread>
#include <tuple>

#include "catch.hpp"

#include <nlohmann/json.hpp>

#include "authoring/lint.hpp"
#include "compile/python_build.hpp"
#include "fixtures.hpp"
#include "pipeline/judge.hpp"
#include "report/report.hpp"
#include "report/shown.hpp"
#include "runs/box_protocol.hpp"
#include "runs/python_server.hpp"
#include "util/files.hpp"

namespace python_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::Language;

TEST_CASE("a .py file is torch when it imports torch, NumPy otherwise; anything else is C++", "[python]") {
    CHECK(judge::detect_language("solution.cpp", "import torch\n") == Language::cpp);
    CHECK(judge::detect_language("a/solution.py", "import numpy as np\n") == Language::numpy);
    CHECK(judge::detect_language("s.py", "import math\nimport torch\n") == Language::torch);
    CHECK(judge::detect_language("s.py", "    import torch.nn as nn\n") == Language::torch);
    CHECK(judge::detect_language("s.py", "from torch import nn\r\n") == Language::torch);
    CHECK(judge::detect_language("s.py", "import torchvision\n# import torch is a comment here\n") == Language::numpy);
    CHECK(judge::detect_language("s.py", "x = 'import torch'\n") == Language::numpy);
    CHECK(judge::parse_language("torch") == Language::torch);
    CHECK(judge::parse_language("cpp") == Language::cpp);
    CHECK(!judge::parse_language("python"));
    CHECK(judge::language_name(Language::numpy) == "numpy");
}

TEST_CASE("the Python harness's table names each parameter and output with its spec type", "[python]") {
    const nlohmann::json t = nlohmann::json::parse(judge::python_table(fixtures::problem()));
    const nlohmann::json& f = t.at("functions").at("f");
    CHECK(f.at("params") == nlohmann::json::parse(R"([["x","tensor"],["k","int"],["lens","int_list"],["s","float"]])"));
    CHECK(f.at("outputs") == nlohmann::json::parse(R"([["out","tensor"],["aux","tensor"]])"));
    CHECK(f.at("single") == false);
}

TEST_CASE("a plan carries its Python server's files, and a C++ plan has none", "[python][box]") {
    judge::box::Plan plan;
    plan.tests.push_back({"t", "f", "d", "o", ""});
    CHECK(judge::box::decode_plan(judge::box::encode_plan(plan)).python_library.empty());
    plan.python_library = "torch";
    plan.python_server = "/box/python/server.py";
    plan.python_table = "/box/python/table.json";
    plan.python_solution = "/box/solution.py";
    const judge::box::Plan back = judge::box::decode_plan(judge::box::encode_plan(plan));
    CHECK(back.python_library == "torch");
    CHECK(back.python_server == "/box/python/server.py");
    CHECK(back.python_table == "/box/python/table.json");
    CHECK(back.python_solution == "/box/solution.py");
}

TEST_CASE("a Python submission's report names Python's exceptions", "[python][report]") {
    CHECK(judge::python_words("threw std::invalid_argument: ValueError: bad heads; expected std::invalid_argument") ==
          "raised ValueError: bad heads; expected ValueError");
    CHECK(judge::python_words("split_heads threw std::logic_error (its words are shown on sample tests only)") ==
          "split_heads raised NotImplementedError (its words are shown on sample tests only)");
    CHECK(judge::python_words("returned normally; expected it to throw std::out_of_range") ==
          "returned normally; expected it to raise IndexError");
    CHECK(judge::python_words(
              "threw std::exception: TypeError: x (raised inside torch, not by a raise in solution.py)") ==
          "raised an exception: TypeError: x (raised inside torch, not by a raise in solution.py)");
    CHECK(judge::python_words("ran out of memory (std::bad_alloc): the limit is 256 MB") ==
          "ran out of memory (MemoryError): the limit is 256 MB");
    CHECK(judge::python_words("output 0 differs") == "output 0 differs");
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
    p.limits.memory_mb = judge::python_min_memory_mb;
    CHECK(!has_warning());
}

TEST_CASE("a counterexample says the expected exception in the submission's language", "[python][report]") {
    judge::Counterexample c;
    c.function = "split_heads";
    c.expected_exception = "invalid_argument";
    c.message = "it returned values";
    CHECK(judge::counterexample_text(c, "torch").find("expected: it raises ValueError\n") != std::string::npos);
    CHECK(judge::counterexample_text(c, "numpy").find("expected: it raises ValueError\n") != std::string::npos);
    CHECK(judge::counterexample_text(c, "cpp").find("expected: it throws std::invalid_argument\n") !=
          std::string::npos);
    CHECK(judge::throws_words("torch", "out_of_range") == "raises IndexError");
    CHECK(judge::throws_words("numpy", "logic_error") == "raises NotImplementedError");
    CHECK(judge::throws_words("cpp", "logic_error") == "throws std::logic_error");
    // A type Python has no name for keeps the spec's.
    CHECK(judge::throws_words("torch", "length_error") == "throws std::length_error");
}

TEST_CASE("a result the Python harness refused is no exception of the student's", "[python][report]") {
    CHECK(judge::python_words("threw std::exception: judge: probe returned a list; expected a tensor") ==
          "did not return what the spec declares: probe returned a list; expected a tensor");
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
