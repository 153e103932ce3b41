#include "cli/submission_file.hpp"

#include <fmt/core.h>

#include "core/errors.hpp"
#include "runs/launcher.hpp"

namespace judge {

namespace fs = std::filesystem;

PreparedSubmission prepared_or_error(const Problem& p, const fs::path& box, const std::string& text,
                                     const std::string& file, const std::optional<std::string>& lang,
                                     const Sandbox& sandbox, Builder& builder) {
    const std::optional<Language> given = lang ? parse_language(*lang) : std::nullopt;
    PreparedSubmission sub = prepare_submission(p, box, text, file, given, sandbox, builder);
    if (!sub.build.ok) {
        fmt::print(stderr, "{}", with_file_name(sub.build.log, file));
        const LanguageInfo& row = language_info(sub.language.language);
        // Where the name admits more than one language, which one was chosen, and why.
        const std::string chosen =
            shares_extension(row.id) ? fmt::format("; judged as {}: {}", row.words, sub.language.reason) : "";
        throw InputError(
            fmt::format("--file: {} {} ({}'s words are above{})", file, row.fails_to_build, row.tool, chosen));
    }
    return sub;
}

TestRun run_one_test(const Problem& p, const LaunchSpec& launch, const FunctionSpec& fn, const fs::path& in_dir,
                     const fs::path& box, const Sandbox& sandbox) {
    // The test writes its output folder alone (made first: a box's folders are named to the sandbox).
    const fs::path out = box / "out";
    fs::create_directories(out);
    sandbox.prepare_writable(out);
    const Launcher launcher(launch, sandbox, p.limits, launcher_wall(p.limits, 1, 1),
                            {{box, "/box", false}, {out, "/box/out", true}}, -1, box);
    InBox in_box;
    in_box.launcher = &launcher;
    return run_test(launch.program, fn, in_dir, out, p.limits, sandbox, box, in_box);
}

}  // namespace judge
