// judge pack: the student course root (pack/pack.hpp).
#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "cli/app.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "compile/builder.hpp"
#include "core/cache.hpp"
#include "core/errors.hpp"
#include "core/seed.hpp"
#include "course/course.hpp"
#include "pack/gradescope.hpp"
#include "pack/pack.hpp"

namespace judge {

namespace fs = std::filesystem;

CLI::App* add_pack(CLI::App& app, PackOptions& o) {
    CLI::App* pack = app.add_subcommand(
        "pack",
        "Write a student course root to --out: statements, specs without hidden inputs, templates, and the\n"
        "answer key as data (the reference's and seeded bugs' outputs), with a manifest of hashes. No\n"
        "reference, bug or accepted source goes in; judge submit on it gives the full root's report.");
    auto* pack_problems = pack->add_option("problems", o.problems, "Problem names");
    pack->add_flag("--all", o.all, "Pack every problem under the course root")->excludes(pack_problems);
    pack->add_option("--out", o.out, "The folder to write (must not exist yet); with --gradescope, the .zip")
        ->required();
    pack->add_flag("--gradescope", o.gradescope,
                   "Write instead Gradescope's autograder zip of one problem: setup.sh, run_autograder, the full\n"
                   "course root of the problem and the judge's source (Gradescope keeps it private)");
    pack->add_option("--seed-from-env", o.seed_from_env,
                     "With --gradescope (required): the secret grading seed, from this environment variable; the\n"
                     "zip keeps it for run_autograder (readable by root only), and no output names it");
    pack->add_option("--judge-source", o.judge_source,
                     "With --gradescope: the judge's source tree to put in the zip (default: the one this judge\n"
                     "was built from)");
    return pack;
}

int cmd_pack(const GlobalOptions& g, const PackOptions& o) {
    const CourseRoot root = find_course_root(g.root);
    std::vector<std::string> names = o.problems;
    if (o.all) names = list_problem_names(root.path);
    if (names.empty()) throw InputError("pack: name the problems to pack, or give --all");
    for (const std::string& n : names) require_known_problem(root.path, n);
    if (o.judge_source && !o.gradescope) throw InputError("--judge-source: only with --gradescope");
    if (o.seed_from_env && !o.gradescope) throw InputError("--seed-from-env: only with --gradescope");
    if (o.gradescope) {
        if (names.size() != 1) throw InputError("--gradescope: name one problem (a Gradescope assignment grades one)");
        if (!o.seed_from_env)
            throw InputError(
                "--gradescope: give --seed-from-env VAR, the secret grading seed: without one, the "
                "autograder would grade on the very inputs every student pack holds");
        // The problem's key, never the term's secret: the zip opens this problem's draws only.
        const std::string key = problem_key_from_env(*o.seed_from_env, names[0], "--seed-from-env");
        const fs::path source = o.judge_source ? fs::path(*o.judge_source) : fs::path(JUDGE_SOURCE_DIR);
        const size_t n =
            write_gradescope_autograder(root.path, names[0], source, o.out, problem_key_text(names[0], key));
        fmt::print(
            "wrote {}: Gradescope's autograder for {} ({} files: setup.sh, run_autograder, course/, judge/); "
            "upload it on the assignment's Configure Autograder page (Gradescope's default base image, Ubuntu 22.04, "
            "or 24.04: setup.sh names the packages of each; neither was available to test)\n",
            o.out, names[0], n);
        return code(ExitCode::ok);
    }
    Builder builder(detect_toolchain(), cache_root());
    const std::unique_ptr<Sandbox> sandbox = make_sandbox(probe_sandbox());  // the course's programs run in it
    const PackSummary s = write_pack(root.path, names, o.out, builder, *sandbox);
    fmt::print("wrote {}: {} problem{}, {} files, {:.1f} MB; give students this folder (judge submit --root {})\n",
               o.out, names.size(), names.size() == 1 ? "" : "s", s.files, static_cast<double>(s.bytes) / 1e6, o.out);
    return code(ExitCode::ok);
}

}  // namespace judge
