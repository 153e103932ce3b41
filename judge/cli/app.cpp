#include "cli/app.hpp"

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "util/errors.hpp"

#ifndef JUDGE_VERSION
#define JUDGE_VERSION "0.0.0"
#endif

namespace judge {

int run_cli(int argc, char** argv) {
    CLI::App app{
        "judge: a trap-aware judge for deep-learning exercises.\n"
        "Compiles a C++ submission, runs hidden and sample tests in a separate process, and reports\n"
        "pass or fail per trap: the misconception each failing test reveals.\n\n"
        "Exit codes: 0 accepted or success, 1 the submission did not pass, 2 bad input or usage,\n"
        "3 the judge itself failed.",
        "judge"};
    app.set_version_flag("--version", std::string("judge ") + JUDGE_VERSION);
    app.require_subcommand(1);
    app.fallthrough();

    GlobalOptions g;
    int verbose = 0;
    bool quiet = false;
    app.add_option_function<std::string>("--root", [&](const std::string& r) { g.root = r; },
                                         "Course root holding problems/ and reference/ (default: $JUDGE_ROOT, "
                                         "then the nearest ancestor holding problems/, then the build tree)");
    app.add_flag("-v,--verbose", verbose, "More log output on stderr (repeat for more)");
    app.add_flag("-q,--quiet", quiet, "Only errors on stderr");

    auto* list = app.add_subcommand("list", "List the problems under the course root with their titles");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        throw InputError(e.what() + std::string(" (see judge --help)"));
    }
    configure_logging(verbose, quiet);

    if (list->parsed()) return cmd_list(g);
    return static_cast<int>(ExitCode::bad_input);
}

}  // namespace judge
