// judge secret: the term's grading secret and each problem's key (issue #62, point 3; core/seed.hpp).
//   judge secret new                         a new secret of 256 bits, for a CI secret GRADING_SEED
//   judge secret key PROBLEM [--from-env V]  the key of one problem, for a platform's package
// The secret is printed on stdout only, for the instructor to store; no file is written.
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "course/course.hpp"

namespace judge {

CLI::App* add_secret(CLI::App& app, SecretOptions& o) {
    CLI::App* secret = app.add_subcommand(
        "secret",
        "For instructors: the term's grading secret (judge secret new), and one problem's key for a\n"
        "platform's package (judge secret key PROBLEM): docs/ci.md");
    secret->require_subcommand(1);
    secret
        ->add_subcommand("new",
                         "Print a new secret of 256 bits (64 hex digits): store it as a CI secret, e.g. "
                         "GRADING_SEED,\nand grade with --seed-from-env GRADING_SEED")
        ->callback([&o] { o.action = "new"; });
    CLI::App* key = secret->add_subcommand(
        "key",
        "Print PROBLEM's key under the secret in $VAR (judge-key-v1:PROBLEM:<64 hex digits>): what\n"
        "PrairieLearn's tests/grading_seed holds. It grades that problem and opens no other");
    key->add_option("problem", o.problem, "Problem name, e.g. problem_mha")->required();
    key->add_option("--from-env", o.env, "The variable holding the secret (default GRADING_SEED)");
    key->callback([&o] { o.action = "key"; });
    return secret;
}

int cmd_secret(const GlobalOptions& g, const SecretOptions& o) {
    if (o.action == "new") {
        fmt::print("{}\n", new_secret());
        return code(ExitCode::ok);
    }
    const CourseRoot root = find_course_root(g.root);
    require_known_problem(root.path, o.problem);
    fmt::print("{}\n", problem_key_text(o.problem, problem_key_from_env(o.env, o.problem, "--from-env")));
    return code(ExitCode::ok);
}

}  // namespace judge
