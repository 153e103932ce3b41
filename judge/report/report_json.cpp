#include "report/report_json.hpp"

#include <fmt/core.h>
#include <algorithm>

#include "core/errors.hpp"
#include "core/seed.hpp"
#include "report/lead.hpp"
#include "report/shown.hpp"
#include "util/text.hpp"

namespace judge {

using nlohmann::json;

std::string json_text(const nlohmann::json& j) {
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json render_json(const Report& r) {
    using nlohmann::json;
    json traps = json::array();
    for (const TrapOutcome& t : r.traps) {
        traps.push_back({{"id", t.id},
                         {"title", t.title},
                         {"status", t.status()},
                         {"passed", t.passed},
                         {"blocked_by", t.blocked_by},
                         {"explained", t.explained},
                         {"message", t.message},
                         {"hint", t.hint}});
    }
    json tests = json::array();
    for (const TestOutcome& t : r.tests) {
        json j = {
            {"id", t.id},
            {"trap", t.trap},
            {"function", t.function},
            {"hidden", t.hidden},
            {"verdict", to_string(t.verdict)},
            {"passed", t.passed()},
            {"points", t.points},
            {"max_points", t.max_points},
            {"message", t.message},
            {"misconception",
             t.misconception.empty() ? json(nullptr) : json{{"bug", t.misconception_bug}, {"text", t.misconception}}}};
        if (!t.hidden) j["inputs"] = t.inputs;
        if (!t.passed()) j["evidence"] = t.evidence.empty() ? json(nullptr) : json(t.evidence);
        if (t.values) {
            nlohmann::json v = counterexample_json(*t.values);
            v.erase("message");
            j["values"] = v;
        }
        if (const std::string cmd = rerun_command(r, t); !cmd.empty()) j["rerun"] = cmd;
        if (t.changing) j["output_changes"] = true;
        if (t.counterexample_tried > 0) {
            j["counterexample"] = t.counterexample ? counterexample_json(*t.counterexample) : json(nullptr);
            j["counterexample_tried"] = t.counterexample_tried;
        }
        tests.push_back(std::move(j));
    }
    json out = {{"problem", r.problem},
                {"verdict", to_string(r.verdict)},
                {"score", r.score},
                {"max_score", r.max_score},
                {"seed", r.seed_env.empty() ? json(r.seed) : json("secret")},
                {"sandbox", r.sandbox},
                {"language", language_name(r.language)},
                {"first_fix", r.first_fix() ? json(r.first_fix()->id) : json(nullptr)},
                {"first_fix_explained", r.first_fix() ? json(r.first_fix()->explained) : json(nullptr)},
                {"limit_test", limit_test(r) ? json(limit_test(r)->id) : json(nullptr)},
                {"traps", traps},
                {"tests", tests},
                {"compile", {{"ok", r.compile_ok}, {"log", r.compile_log}}}};
    if (!r.seed_env.empty()) out["seed_from_env"] = r.seed_env;
    if (r.withheld > 0) out["withheld_tests"] = r.withheld;
    if (!r.language_reason.empty()) out["language_reason"] = r.language_reason;
    if (!r.runtime.empty()) out["runtime"] = r.runtime;
    if (r.untouched_template) out["untouched_template"] = true;
    return out;
}

namespace {

// The tier is one a judge names (a forged "" or other word would hide the fallback warning).
void check_tier(const std::string& tier, Verdict v, const std::function<void(const std::string&)>& bad) {
    if (tier != "bubblewrap" && tier != "fallback" && !(tier.empty() && v == Verdict::missing))
        bad("sandbox \"" + printable(tier) + "\" is not a tier of this judge");
}

Verdict verdict_of(const json& j, const std::function<void(const std::string&)>& bad) {
    const std::string name = j.get<std::string>();
    const std::optional<Verdict> v = verdict_named(name);
    if (!v) bad("unknown verdict \"" + printable(name) + "\"");
    return *v;
}

TestOutcome test_from_json(const json& t, const Problem& p, const std::function<void(const std::string&)>& bad) {
    TestOutcome o;
    o.id = t.at("id").get<std::string>();
    const auto spec = std::find_if(p.tests.begin(), p.tests.end(), [&](const TestSpec& ts) { return ts.id == o.id; });
    if (spec == p.tests.end()) bad("unknown test " + t.at("id").dump());
    o.trap = t.at("trap").get<std::string>();
    if (o.trap != spec->trap) bad("test " + spec->id + " is of trap " + spec->trap + ", not " + printable(o.trap));
    o.function = t.at("function").get<std::string>();
    o.description = spec->description;
    o.hidden = t.at("hidden").get<bool>();
    o.verdict = verdict_of(t.at("verdict"), bad);
    o.points = t.at("points").get<int>();
    o.max_points = t.at("max_points").get<int>();
    if (o.points < 0 || o.points > spec->points)
        bad(fmt::format("test {} scores {} of {}", spec->id, o.points, spec->points));
    if (t.at("passed").get<bool>() != o.passed()) bad("test " + spec->id + ": passed does not match its verdict");
    o.message = t.at("message").get<std::string>();
    if (const json& m = t.at("misconception"); !m.is_null()) {
        o.misconception_bug = m.at("bug").get<std::string>();
        o.misconception = m.at("text").get<std::string>();
    }
    if (!o.hidden) o.inputs = t.at("inputs").get<std::string>();
    if (t.contains("evidence") && !t["evidence"].is_null()) o.evidence = t["evidence"].get<std::string>();
    if (t.contains("values")) o.values = counterexample_from_json(t["values"]);
    o.changing = t.value("output_changes", false);
    if (t.contains("counterexample_tried")) {
        o.counterexample_tried = t["counterexample_tried"].get<int>();
        if (!t.at("counterexample").is_null()) o.counterexample = counterexample_from_json(t["counterexample"]);
    }
    return o;
}

TrapOutcome trap_from_json(const json& t, const TrapSpec& spec, const std::function<void(const std::string&)>& bad) {
    TrapOutcome o;
    o.id = t.at("id").get<std::string>();
    if (o.id != spec.id) bad("unknown trap " + t.at("id").dump());
    o.title = t.at("title").get<std::string>();
    o.hint = t.at("hint").get<std::string>();
    o.passed = t.at("passed").get<bool>();
    o.message = t.at("message").get<std::string>();
    // Reports written before traps[].status, blocked_by and explained existed say only "passed".
    const std::string status = t.value("status", o.passed ? "passed" : "failed");
    if (status != "passed" && status != "failed" && status != "blocked")
        bad("trap " + spec.id + ": unknown status \"" + printable(status) + "\"");
    if ((status == "passed") != o.passed) bad("trap " + spec.id + ": status " + status + " does not match passed");
    o.blocked = status == "blocked";
    if (t.contains("blocked_by")) o.blocked_by = t["blocked_by"].get<std::vector<std::string>>();
    o.explained = t.value("explained", true);
    return o;
}

}  // namespace

void add_trap_points(const Problem& p, Report& r) {
    for (TrapOutcome& trap : r.traps) {
        trap.points = trap.max_points = 0;
        trap.after_due_date = false;
        for (const TestSpec& t : p.tests) {
            if (t.trap != trap.id) continue;
            trap.max_points += t.points;
            trap.after_due_date = trap.after_due_date || t.after_due_date;
        }
        for (const TestOutcome& t : r.tests) trap.points += t.trap == trap.id ? t.points : 0;
    }
}

Report report_from_json(const json& j, const Problem& p, const std::string& file) {
    const std::function<void(const std::string&)> bad = [&](const std::string& what) {
        throw InputError(file + ": " + what);
    };
    Report r;
    try {
        r.verdict = verdict_of(j.at("verdict"), bad);
        r.problem = j.at("problem").get<std::string>();
        if (r.problem != p.name) bad("a report of problem " + j.at("problem").dump());
        r.score = j.at("score").get<int>();
        r.max_score = j.at("max_score").get<int>();
        if (r.max_score != p.max_score())
            bad(fmt::format("max_score {} is not the problem's {}", r.max_score, p.max_score()));
        if (r.score < 0 || r.score > r.max_score) bad(fmt::format("score {} is outside 0..{}", r.score, r.max_score));
        if (j.at("seed") == "secret") {
            r.seed_env = j.at("seed_from_env").get<std::string>();
            if (!valid_env_name(r.seed_env))
                bad("seed_from_env: expected the name of an environment variable, got " + j.at("seed_from_env").dump());
        } else {
            r.seed = j.at("seed").get<unsigned long long>();
        }
        r.sandbox = j.value("sandbox", "");
        const std::string language = j.value("language", "cpp");
        if (const std::optional<Language> l = parse_language(language))
            r.language = *l;
        else
            bad("language: expected " + language_names() + ", got \"" + language + "\"");
        r.language_reason = j.value("language_reason", "");
        r.runtime = j.value("runtime", "");
        check_tier(r.sandbox, r.verdict, bad);
        const json& traps = j.at("traps");
        if (!traps.is_array() || traps.size() != p.traps.size())
            bad(fmt::format("{} traps; the problem has {}", traps.size(), p.traps.size()));
        for (size_t i = 0; i < p.traps.size(); ++i) r.traps.push_back(trap_from_json(traps[i], p.traps[i], bad));
        int sum = 0;
        for (const json& t : j.at("tests")) {
            r.tests.push_back(test_from_json(t, p, bad));
            sum += r.tests.back().points;
        }
        if (sum != r.score) bad(fmt::format("score {} is not the sum of its tests' points, {}", r.score, sum));
        // Every test of the problem, in its order, and the verdict the worst of theirs; a missing
        // submission lists none.
        if (r.tests.empty() != (r.verdict == Verdict::missing))
            bad(r.tests.empty() ? "no tests, but the verdict is " + to_string(r.verdict)
                                : "tests listed for a missing submission");
        if (!r.tests.empty() && r.tests.size() != p.tests.size())
            bad(fmt::format("{} tests; the problem has {}", r.tests.size(), p.tests.size()));
        Verdict worst = Verdict::accepted;
        for (size_t i = 0; i < r.tests.size(); ++i) {
            if (r.tests[i].id != p.tests[i].id) bad("test " + r.tests[i].id + " is out of the problem's order");
            worst = worse(worst, r.tests[i].verdict);
        }
        if (!r.tests.empty() && worst != r.verdict)
            bad("verdict " + to_string(r.verdict) + " is not the worst of its tests', " + to_string(worst));
        r.compile_ok = j.at("compile").at("ok").get<bool>();
        r.compile_log = j.at("compile").at("log").get<std::string>();
        r.withheld = j.value("withheld_tests", 0);
        r.untouched_template = j.value("untouched_template", false);
        // The submission's name is kept only in the rerun commands; each must be the one this
        // report gives (a forged command would reach JUnit and Gradescope's output).
        for (const json& t : j.at("tests"))
            if (t.contains("rerun") && r.submission.empty()) r.submission = rerun_file(t["rerun"].get<std::string>());
        for (size_t i = 0; i < r.tests.size(); ++i) {
            const json& t = j["tests"][i];
            const std::string cmd = t.contains("rerun") ? t["rerun"].get<std::string>() : "";
            if (cmd != rerun_command(r, r.tests[i]))
                bad("test " + r.tests[i].id + ": rerun " + printable(json(cmd).dump()) + " is not the command it has");
        }
        // What the document does not keep: who speaks for each trap, and what the trap is worth.
        for (TrapOutcome& t : r.traps) {
            const TestOutcome* s = speaker(r.tests, t.id);
            if (s != nullptr && t.passed) bad("trap " + t.id + " passed, but its test " + s->id + " failed");
            if (s != nullptr) t.failed_test = s->id;
            if (!t.blocked) continue;
            for (const TestOutcome& test : r.tests)
                if (test.trap == t.id && test.points != 0)
                    bad(fmt::format("test {} scores {}, but its trap {} is blocked", test.id, test.points, t.id));
        }
        add_trap_points(p, r);
    } catch (const json::exception& e) {
        bad(std::string("not a report of this judge: ") + e.what());
    }
    return r;
}

Report report_from_text(const std::string& text, const Problem& p, const std::string& file) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {
        throw InputError(file + ": invalid JSON: " + e.what());
    }
    return report_from_json(j, p, file);
}

}  // namespace judge
