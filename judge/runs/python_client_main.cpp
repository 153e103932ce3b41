// judge/runs/python_client_main.cpp: judge-py-client, the small static client a Python box runs
// once per test: `judge-py-client __py-test <server fd> <program> <function> <in> <out>`, and the
// program a box check starts: `judge-py-client __box-probe <in> <out>`.
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "runs/python_server.hpp"

int main(int argc, char** argv) {
    // The program a box check starts as a test (pipeline/box_check.hpp): it only has to start.
    if (argc == 4 && std::string_view(argv[1]) == judge::box_probe_function) return 0;
    if (argc != 7 || std::string_view(argv[1]) != "__py-test") {
        std::fprintf(stderr, "usage: judge-py-client __py-test <server fd> <program> <function> <in> <out>\n");
        return 64;
    }
    return judge::run_python_client(std::atoi(argv[2]), argv[4], argv[5], argv[6]);
}
