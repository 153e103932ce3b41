#include "languages/build.hpp"

#include <algorithm>
#include <array>
#include <filesystem>

#include "core/errors.hpp"
#include "languages/cpp.hpp"
#include "languages/python.hpp"
#include "util/files.hpp"

namespace judge {

namespace fs = std::filesystem;

namespace {

using BuildFn = BuiltProgram (*)(const Problem&, const fs::path&, const Sandbox&, Builder&, Language,
                                 const std::string&);

// Each language's build, in problem/language.hpp's order (prepare_submission refuses tables that
// differ in length).
constexpr std::array<BuildFn, 3> builds = {build_cpp, build_python, build_python};

}  // namespace

std::string shown_file_name(const std::string& display_name, Language language) {
    const std::string name = fs::path(display_name).filename().string();
    const bool plain = !name.empty() && name.size() <= 80 &&
                       std::all_of(name.begin(), name.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
    return plain ? name : std::string(language_info(language).box_file);
}

PreparedSubmission prepare_submission(const Problem& p, const fs::path& box, const std::string& text,
                                      const std::string& display_name, const LanguageChoice& language,
                                      const Sandbox& sandbox, Builder& builder) {
    const LanguageInfo& row = language_info(language.language);
    if (languages().size() != builds.size()) throw JudgeFailure("the language table and the builds differ");
    write_file_atomic(box / std::string(row.box_file), text);
    BuiltProgram built =
        builds.at(static_cast<size_t>(row.id))(p, box, sandbox, builder, row.id, shown_file_name(display_name, row.id));
    return {language, std::move(built.build), std::move(built.launch)};
}

PreparedSubmission prepare_submission(const Problem& p, const fs::path& box, const std::string& text,
                                      const std::string& display_name, std::optional<Language> given,
                                      const Sandbox& sandbox, Builder& builder) {
    return prepare_submission(p, box, text, display_name, choose_language(display_name, text, given), sandbox, builder);
}

std::string runtime_versions(const std::string& file_name) {
    const std::string extension = fs::path(file_name).extension().string();
    for (const LanguageInfo& row : languages())
        if (row.extension == extension && !row.library.empty()) return python_versions();
    return "";
}

std::vector<std::string> submission_file_names() {
    std::vector<std::string> names;
    for (const LanguageInfo& row : languages())
        if (std::find(names.begin(), names.end(), row.box_file) == names.end()) names.emplace_back(row.box_file);
    return names;
}

}  // namespace judge
