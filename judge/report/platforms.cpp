#include "report/platforms.hpp"

#include <fmt/core.h>
#include <vector>

#include "report/png.hpp"
#include "report/render.hpp"
#include "report/words.hpp"
#include "util/text.hpp"

namespace judge {

using nlohmann::json;

namespace {

// The first line of a diagnosis: what a one-line field shows.
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// At most `limit` bytes of `s`, cut at a line or character boundary, saying so.
std::string at_most(const std::string& s, size_t limit) {
    if (s.size() <= limit) return s;
    std::string cut = valid_utf8(s.substr(0, limit));
    if (const size_t nl = cut.rfind('\n'); nl != std::string::npos && nl > limit / 2) cut.resize(nl + 1);
    return cut + fmt::format("\n[... {} more bytes not shown]\n", s.size() - cut.size());
}

// Why nothing was graded, for a report in which nothing ran.
std::string not_graded_words(const Report& r) {
    if (r.verdict == Verdict::compile_error)
        return "The submission did not compile. The compiler said:\n" + at_most(r.compile_log, 256 * 1024);
    return r.traps.empty() ? to_string(r.verdict) : r.traps.front().message;
}

}  // namespace

json classroom_results(const Report& r) {
    json tests = json::array();
    for (const TrapOutcome& trap : r.traps) {
        std::string message = trap_diagnosis(r, trap);
        if (&trap == r.first_fix()) message = "Fix this first. " + message;
        // The grading reporter prints a test's message only when its status is "error", and the
        // name always: every unpassed trap is a "fail", its diagnosis in the message.
        tests.push_back({{"name", trap.id + ": " + trap.title},
                         {"status", trap.passed ? "pass" : "fail"},
                         {"score", trap.points},
                         {"message", message},
                         {"test_code", ""},
                         {"filename", ""},
                         {"line_no", 0},
                         {"duration", 0}});
    }
    if (!ran(r.verdict) && !tests.empty()) tests[0]["message"] = not_graded_words(r);
    const std::string status = r.verdict == Verdict::accepted ? "pass" : ran(r.verdict) ? "fail" : "error";
    return {{"version", 1}, {"status", status}, {"max_score", r.max_score}, {"tests", tests}};
}

json prairielearn_results(const Report& r, const Problem* p) {
    if (!ran(r.verdict)) {
        // Nothing ran: PrairieLearn then marks the submission "invalid, not gradable", and the
        // student loses no attempt.
        return {
            {"gradable", false}, {"format_errors", json::array({not_graded_words(r)})}, {"message", summary_words(r)}};
    }
    // Each text once; only its length depends on the limit.
    const std::string text = render_text(r, Style{});
    std::vector<std::string> diagnoses;
    for (const TrapOutcome& trap : r.traps) diagnoses.push_back(trap_diagnosis(r, trap));
    json tests = json::array();
    size_t per_test = 64 * 1024;  // ten traps' diagnoses at most this long stay far under 1 MB
    for (size_t i = 0; i < r.traps.size(); ++i) {
        const TrapOutcome& trap = r.traps[i];
        tests.push_back({{"name", trap.id + ": " + trap.title},
                         {"description", trap.blocked ? "not assessed" : trap.status()},
                         {"points", trap.points},
                         {"max_points", trap.max_points},
                         {"message", first_line(diagnoses[i])},
                         {"output", at_most(diagnoses[i], per_test)}});
    }
    json out = {{"gradable", true},
                {"score", r.max_score > 0 ? static_cast<double>(r.score) / r.max_score : 0.0},
                {"points", r.score},
                {"max_points", r.max_score},
                {"message", summary_words(r)},
                {"output", at_most(text, 256 * 1024)},
                {"tests", tests}};
    if (p != nullptr) {
        for (size_t i = 0; i < r.traps.size(); ++i) {
            json images = json::array();
            for (const auto& [label, png] : trap_pngs(r, r.traps[i], *p, 2))
                images.push_back({{"label", label}, {"url", png_data_url(png)}});
            if (!images.empty()) out["tests"][i]["images"] = images;
        }
        if (out.dump().size() >= prairielearn_limit)
            for (json& t : out["tests"]) t.erase("images");
    }
    // A problem with many traps and long diagnoses: shorten the outputs until the file fits.
    while (out.dump().size() >= prairielearn_limit && per_test > 256) {
        per_test /= 4;
        out["output"] = at_most(text, per_test);
        for (size_t i = 0; i < diagnoses.size(); ++i) out["tests"][i]["output"] = at_most(diagnoses[i], per_test);
    }
    return out;
}

json codegrade_points(const Report& r) {
    return {{"tag", "points"}, {"points", fmt::format("{}/{}", r.score, r.max_score)}};
}

}  // namespace judge
