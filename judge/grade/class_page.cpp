// judge/grade/class_page.cpp: summary.html (class_page.hpp).
#include "grade/class_page.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <map>

#include "report/html.hpp"
#include "report/pictures.hpp"
#include "report/words.hpp"

namespace judge {

namespace {

const char* class_style = R"(<style>
.bar{display:flex;height:1.1rem;width:100%;max-width:28rem;border:1px solid #bbb;border-radius:3px;overflow:hidden}
.bar span{display:block;height:100%}.bar .passed{background:#1a7f37}.bar .failed{background:#b42318}
.bar .blocked{background:#999}.count{font-size:.8rem;color:#444}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem .4rem;border-bottom:1px solid #eee;
vertical-align:top}th{white-space:nowrap}
section.cluster{border:1px solid #ddd;border-radius:4px;padding:.5rem .8rem;margin:1rem 0;break-inside:avoid}
.students{font-size:.85rem;color:#333}.students a{margin-right:.3rem}
</style>
)";

std::string percent(size_t n, size_t of) { return fmt::format("{:.0f}%", of == 0 ? 0.0 : 100.0 * n / of); }

// A student's id, linked to their page when grade wrote one: always text, never markup.
std::string student_link(const ClassStudent& st) {
    if (st.page.empty()) return "<span class=\"student\">" + html_escape(st.id) + "</span>";
    return fmt::format("<a class=\"student\" href=\"{}\">{}</a>", html_escape(st.page), html_escape(st.id));
}

std::string student_links(const std::vector<const ClassStudent*>& who) {
    std::string s;
    for (const ClassStudent* st : who) s += (s.empty() ? "" : ", ") + student_link(*st);
    return s;
}

const char* not_assessed_definition =
    "<p class=\"count\" id=\"not-assessed\"><b>Not assessed</b>: the trap comes after a trap the student failed, so "
    "its tests do not count yet; it is neither passed nor failed. The pass rate is among the students assessed.</p>\n";

std::string trap_rows(const Problem& p, const std::vector<ClassStudent>& students) {
    std::string s =
        "<table class=\"traps\"><tr><th>trap</th><th>pass rate among the students assessed</th><th>not "
        "assessed</th></tr>\n";
    for (const TrapSpec& trap : p.traps) {
        const TrapCounts c = trap_counts(trap.id, students);
        const size_t assessed = c.passed + c.failed;
        s += fmt::format(
            "<tr><td><code>{}</code><br><span class=\"count\">{}</span></td><td><div class=\"bar\" data-trap=\"{}\" "
            "data-passed=\"{}\" data-failed=\"{}\" data-blocked=\"{}\" title=\"{} passed, {} failed of {} assessed\">"
            "<span class=\"passed\" style=\"width:{}\"></span><span class=\"failed\" style=\"width:{}\"></span></div>"
            "<span class=\"count\">{} pass ({} of {} assessed; {} failed)</span></td><td><span class=\"count\">{}"
            "</span></td></tr>\n",
            html_escape(trap.id), html_escape(trap.title), html_escape(trap.id), c.passed, c.failed, c.blocked,
            c.passed, c.failed, assessed, percent(c.passed, assessed), percent(c.failed, assessed),
            assessed == 0 ? "none" : percent(c.passed, assessed), c.passed, assessed, c.failed, c.blocked);
    }
    return s + "</table>\n" + not_assessed_definition;
}

// What to teach next: the traps the most assessed students fail, with the misconceptions named
// under them and who holds them.
std::string teach_next(const Problem& p, const std::vector<ClassStudent>& students) {
    std::vector<std::pair<const TrapSpec*, TrapCounts>> failed;
    for (const TrapSpec& trap : p.traps)
        if (TrapCounts c = trap_counts(trap.id, students); c.failed > 0) failed.emplace_back(&trap, std::move(c));
    if (failed.empty()) return "<p>No trap is failed by any student assessed.</p>\n";
    std::stable_sort(failed.begin(), failed.end(),
                     [](const auto& a, const auto& b) { return a.second.failed > b.second.failed; });
    if (failed.size() > teach_next_traps) failed.resize(teach_next_traps);
    const auto named = class_misconceptions(students);
    std::string s = "<ol class=\"teach-next\">\n";
    for (const auto& [trap, c] : failed) {
        s += fmt::format("<li data-trap=\"{}\"><code>{}</code> ({}): failed by {} of the {} students assessed.",
                         html_escape(trap->id), html_escape(trap->id), html_escape(trap->title), c.failed,
                         c.passed + c.failed);
        std::string under;
        for (const auto& [n, who] : named)
            if (n.trap == trap->id)
                under += fmt::format("<li>{} <span class=\"count\">({} student{}: {})</span></li>", html_escape(n.text),
                                     who.size(), who.size() == 1 ? "" : "s", student_links(who));
        if (!under.empty()) s += " Misconceptions named:<ul>" + under + "</ul>";
        s += "</li>\n";
    }
    return s + "</ol>\n";
}

std::string misconception_rows(const std::vector<ClassStudent>& students, size_t attempts) {
    const auto rows = class_misconceptions(students);
    if (rows.empty()) return "<p>None.</p>\n";
    std::string s = "<table class=\"misconceptions\"><tr><th>misconception</th><th>students</th></tr>\n";
    for (const auto& [m, who] : rows) {
        s += fmt::format(
            "<tr data-bug=\"{}\"><td>{} <span class=\"count\">(seeded bug <code>{}</code>, trap <code>{}</code>)"
            "</span></td><td><div class=\"bar\"><span class=\"failed\" style=\"width:{}\"></span></div><span "
            "class=\"count\">{}</span><div class=\"students\">{}</div></td></tr>\n",
            html_escape(m.bug), html_escape(m.text), html_escape(m.bug), html_escape(m.trap),
            percent(who.size(), attempts), who.size(), student_links(who));
    }
    return s + "</table>\n";
}

std::string cluster_section(const Cluster& c, const Problem& p, size_t k,
                            const std::map<std::string, const ClassStudent*>& by_id, bool exact) {
    std::vector<const ClassStudent*> who;
    for (const std::string& id : c.students)
        if (const auto it = by_id.find(id); it != by_id.end()) who.push_back(it->second);
    const Report& rep = c.representative->report;
    const TestOutcome* t = rep.test(c.first_test);
    std::string s = fmt::format(
        "<section class=\"{}\" data-{}=\"{}\" data-size=\"{}\" data-first-test=\"{}\" data-trap=\"{}\">"
        "<h3>{} students {}</h3>"
        "<p>They fail trap <code>{}</code> first; their first failing test is <code>{}</code>: {}</p>"
        "<p class=\"students\">Students: {}</p>",
        exact ? "cluster" : "behaviour", exact ? "cluster" : "group", k, c.students.size(), html_escape(c.first_test),
        html_escape(c.first_trap), c.students.size(),
        exact ? "made the same mistake no seeded bug describes"
              : "fail the same tests the same way, with outputs of their own",
        html_escape(c.first_trap), html_escape(c.first_test),
        t ? html_escape(t->message.substr(0, t->message.find('\n'))) : "", student_links(who));
    // A representative picture: the kept values of the test that speaks for the trap to fix
    // first, else the first failing test whose report shows values or a counterexample.
    const Fingerprint& kept = c.representative->fingerprint;
    std::vector<TestOutcome> tests = rep.tests;
    for (TestOutcome& test : tests)
        if (test.id == kept.pictured_test) test.pictured = kept.pictured;
    std::stable_partition(tests.begin(), tests.end(), [&](const TestOutcome& x) { return x.id == c.first_test; });
    for (const TestOutcome& test : tests) {
        const std::vector<Picture> pics = pictures_of(test, p);
        if (pics.empty()) continue;
        s += "<p class=\"note\">What " + html_escape(c.students.front()) + "'s code gives:</p>" + picture_html(pics[0]);
        break;
    }
    if (exact && c.students.size() >= 3)
        s += "<p class=\"note\"><code>judge grade --suggest-bugs DIR</code> writes it as a candidate seeded bug.</p>";
    return s + "</section>\n";
}

}  // namespace

std::string render_class_page(const Problem& p, const std::vector<ClassStudent>& students,
                              const std::vector<Cluster>& clusters) {
    size_t attempts = 0;
    std::map<std::string, size_t> verdicts;
    std::map<std::string, const ClassStudent*> by_id;
    for (const ClassStudent& st : students) {
        attempts += attempt(st.report) ? 1 : 0;
        ++verdicts[to_string(st.report.verdict)];
        by_id[st.id] = &st;
    }
    std::string s = html_page_start(p.name + ": the class");
    s += class_style;
    s += fmt::format(
        "<header><h1>{}: {}</h1><p>{} students, {} attempts (submissions that compiled and are not the "
        "untouched template). Each student's id links to their own report.</p></header>\n<table "
        "class=\"verdicts\"><tr><th>verdict</th><th>students</th></tr>\n",
        html_escape(p.name), html_escape(p.title), students.size(), attempts);
    for (const auto& [v, n] : verdicts) s += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", v, n);
    s += "</table>\n<h2>Teach next</h2>\n<p>The traps the most students assessed fail.</p>\n" + teach_next(p, students);
    s += "<h2>Traps</h2>\n" + trap_rows(p, students);
    s += "<h2>Misconceptions named</h2>\n<p>Students whose output was, number for number, what a known mistake "
         "produces.</p>\n" +
         misconception_rows(students, attempts);
    const size_t unnamed = unnamed_wrong_answers(students);
    size_t clustered = 0;
    for (const Cluster& c : clusters) clustered += c.students.size();
    s += fmt::format(
        "<h2>Unnamed wrong answers</h2>\n<p>{} wrong answer{} no seeded bug names; {} in {} cluster{} "
        "of students whose outputs are identical on every test they fail.</p>\n",
        unnamed, unnamed == 1 ? "" : "s", clustered, clusters.size(), clusters.size() == 1 ? "" : "s");
    for (size_t k = 0; k < clusters.size(); ++k) s += cluster_section(clusters[k], p, k + 1, by_id, true);
    // Students whose outputs differ but who fail the same tests the same way: one misconception
    // written several ways, more likely than not.
    const std::vector<Cluster> groups = behaviour_groups(students, clusters);
    if (!groups.empty())
        s += "<p>Students who fail the same tests, with the same verdicts, and whose outputs are off in the same "
             "direction first, though their outputs differ:</p>\n";
    for (size_t k = 0; k < groups.size(); ++k) s += cluster_section(groups[k], p, k + 1, by_id, false);
    // The unnamed wrong answers in no cluster and no group: each is a student to look at.
    std::vector<const ClassStudent*> alone;
    for (const ClassStudent& st : students) {
        if (!unnamed_wrong(st.report)) continue;
        const auto holds = [&](const Cluster& c) {
            return std::find(c.students.begin(), c.students.end(), st.id) != c.students.end();
        };
        if (std::none_of(clusters.begin(), clusters.end(), holds) && std::none_of(groups.begin(), groups.end(), holds))
            alone.push_back(&st);
    }
    if (!alone.empty())
        s += fmt::format("<p class=\"students\" id=\"unclustered\">In no cluster ({}): {}</p>\n", alone.size(),
                         student_links(alone));
    return s + html_page_end();
}

}  // namespace judge
