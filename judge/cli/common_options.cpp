#include "cli/common_options.hpp"

#include <vector>

#include "grade/lms_export.hpp"
#include "problem/language.hpp"

namespace judge {

namespace {

// A seed is a whole number from 0 up: "-1" must not wrap around to 18446744073709551615.
CLI::Validator seed_validator() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
                return "expected a whole number from 0 to 18446744073709551615, got \"" + s + "\"";
            return "";
        },
        "SEED");
}

}  // namespace

void add_seed(CLI::App* cmd, uint64_t& seed, std::optional<std::string>& env, const std::string& what) {
    auto* plain = cmd->add_option("--seed", seed, what)->check(seed_validator());
    cmd->add_option("--seed-from-env", env,
                    "The grading seed from this environment variable (a CI secret), derived per problem: no\n"
                    "output names it, and reports' rerun commands say --seed-from-env VAR (docs/ci.md)")
        ->excludes(plain);
}

void add_roster(CLI::App* cmd, RosterOptions& o, const std::string& roster_what) {
    cmd->add_option("--roster", o.roster, roster_what);
    std::string lms;
    for (const LmsFormat& f : lms_formats()) lms += std::string("\n  ") + f.name + ": " + f.what;
    cmd->add_option("--export", o.export_to,
                    "Also write the grades as a file an LMS gradebook imports, one row per --roster student, by the\n"
                    "roster's identifier (docs/ci.md):" +
                        lms)
        ->expected(2)
        ->type_name("LMS FILE");
}

void add_lang(CLI::App* cmd, std::optional<std::string>& lang) {
    std::vector<std::string> names;
    for (const LanguageInfo& row : languages()) names.emplace_back(row.name);
    cmd->add_option("--lang", lang,
                    "The file's language: " + language_names() +
                        ". Default: the file's first line when it says so (\"# judge: numpy\"), else\n"
                        "a .py file is torch when it imports torch outside `if __name__ == \"__main__\":`, numpy\n"
                        "otherwise; any other file is C++ (docs/python.md). The report says which, and why")
        ->check(CLI::IsMember(names));
}

}  // namespace judge
