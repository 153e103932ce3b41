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
vertical-align:top}
section.cluster{border:1px solid #ddd;border-radius:4px;padding:.5rem .8rem;margin:1rem 0;break-inside:avoid}
.students{font-size:.85rem;color:#333}
</style>
)";

bool attempt(const Report& r) { return ran(r.verdict) && !r.untouched_template; }

std::string percent(size_t n, size_t of) { return fmt::format("{:.1f}%", of == 0 ? 0.0 : 100.0 * n / of); }

std::string trap_rows(const Problem& p, const std::vector<ClassStudent>& students, size_t attempts) {
    std::string s = "<table class=\"traps\"><tr><th>trap</th><th>of the attempts: passed, failed, blocked</th></tr>\n";
    for (const TrapSpec& trap : p.traps) {
        size_t passed = 0, failed = 0, blocked = 0;
        for (const ClassStudent& st : students) {
            if (!attempt(st.report)) continue;
            for (const TrapOutcome& t : st.report.traps) {
                if (t.id != trap.id) continue;
                (t.passed ? passed : t.blocked ? blocked : failed) += 1;
            }
        }
        s += fmt::format(
            "<tr><td><code>{}</code><br><span class=\"count\">{}</span></td><td><div class=\"bar\" data-trap=\"{}\" "
            "data-passed=\"{}\" data-failed=\"{}\" data-blocked=\"{}\" title=\"{} passed, {} failed, {} blocked\">"
            "<span class=\"passed\" style=\"width:{}\"></span><span class=\"failed\" style=\"width:{}\"></span>"
            "<span class=\"blocked\" style=\"width:{}\"></span></div><span class=\"count\">{} passed, {} failed, "
            "{} blocked</span></td></tr>\n",
            html_escape(trap.id), html_escape(trap.title), html_escape(trap.id), passed, failed, blocked, passed,
            failed, blocked, percent(passed, attempts), percent(failed, attempts), percent(blocked, attempts), passed,
            failed, blocked);
    }
    return s + "</table>\n";
}

std::string misconception_rows(const std::vector<ClassStudent>& students, size_t attempts) {
    std::map<std::pair<std::string, std::string>, size_t> named;
    for (const ClassStudent& st : students) {
        if (!attempt(st.report)) continue;
        for (const TestOutcome& t : st.report.tests) {
            if (t.misconception.empty()) continue;
            ++named[{t.misconception, t.misconception_bug}];
            break;
        }
    }
    if (named.empty()) return "<p>None.</p>\n";
    std::vector<std::pair<std::pair<std::string, std::string>, size_t>> rows(named.begin(), named.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string s = "<table class=\"misconceptions\"><tr><th>misconception</th><th>students</th></tr>\n";
    for (const auto& [m, n] : rows) {
        s += fmt::format(
            "<tr data-bug=\"{}\"><td>{} <span class=\"count\">(seeded bug <code>{}</code>)</span></td><td><div "
            "class=\"bar\"><span class=\"failed\" style=\"width:{}\"></span></div><span class=\"count\">{}</span>"
            "</td></tr>\n",
            html_escape(m.second), html_escape(m.first), html_escape(m.second), percent(n, attempts), n);
    }
    return s + "</table>\n";
}

std::string cluster_section(const Cluster& c, const Problem& p, size_t k) {
    std::string who;
    for (const std::string& id : c.students) who += (who.empty() ? "" : ", ") + html_escape(id);
    const Report& rep = c.representative->report;
    const TestOutcome* t = rep.test(c.first_test);
    std::string s = fmt::format(
        "<section class=\"cluster\" data-cluster=\"{}\" data-size=\"{}\" data-first-test=\"{}\" data-trap=\"{}\">"
        "<h3>{} students made the same mistake no seeded bug describes</h3>"
        "<p>They fail trap <code>{}</code> first; their first failing test is <code>{}</code>: {}</p>"
        "<p class=\"students\">Students: {}</p>",
        k, c.students.size(), html_escape(c.first_test), html_escape(c.first_trap), c.students.size(),
        html_escape(c.first_trap), html_escape(c.first_test),
        t ? html_escape(t->message.substr(0, t->message.find('\n'))) : "", who);
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
    if (c.students.size() >= 3)
        s += "<p class=\"note\"><code>judge grade --suggest-bugs DIR</code> writes it as a candidate seeded bug.</p>";
    return s + "</section>\n";
}

}  // namespace

std::string render_class_page(const Problem& p, const std::vector<ClassStudent>& students,
                              const std::vector<Cluster>& clusters) {
    size_t attempts = 0;
    std::map<std::string, size_t> verdicts;
    for (const ClassStudent& st : students) {
        attempts += attempt(st.report) ? 1 : 0;
        ++verdicts[to_string(st.report.verdict)];
    }
    std::string s = html_page_start(p.name + ": the class");
    s += class_style;
    s += fmt::format(
        "<header><h1>{}: {}</h1><p>{} students, {} attempts (submissions that compiled and are not the "
        "untouched template).</p></header>\n<table class=\"verdicts\"><tr><th>verdict</th><th>students"
        "</th></tr>\n",
        html_escape(p.name), html_escape(p.title), students.size(), attempts);
    for (const auto& [v, n] : verdicts) s += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", v, n);
    s += "</table>\n<h2>Traps</h2>\n" + trap_rows(p, students, attempts);
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
    for (size_t k = 0; k < clusters.size(); ++k) s += cluster_section(clusters[k], p, k + 1);
    return s + html_page_end();
}

}  // namespace judge
