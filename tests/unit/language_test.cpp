// The seam for the submission's language (issue #40): the table, how a file's language is chosen,
// and what a test's outcome says in each language's words.
#include "catch.hpp"

#include "core/errors.hpp"
#include "fixtures.hpp"
#include "languages/build.hpp"
#include "problem/language.hpp"
#include "traps/evaluate.hpp"
#include "traps/misconception.hpp"

namespace language_test {  // a unity batch is one translation unit: this file's names stay its own

using judge::Language;

namespace {

Language chosen(const std::string& name, const std::string& text) {
    return judge::choose_language(name, text).language;
}

}  // namespace

TEST_CASE("the language table: names, words, files", "[language]") {
    REQUIRE(judge::languages().size() == 3);
    for (size_t i = 0; i < judge::languages().size(); ++i) CHECK(static_cast<size_t>(judge::languages()[i].id) == i);
    CHECK(judge::parse_language("torch") == Language::torch);
    CHECK(judge::parse_language("cpp") == Language::cpp);
    CHECK(!judge::parse_language("python"));
    CHECK(judge::language_name(Language::numpy) == "numpy");
    CHECK(judge::language_words(Language::torch) == "PyTorch");
    CHECK(judge::language_names() == "cpp, numpy or torch");
    CHECK(judge::shares_extension(Language::numpy));
    CHECK(!judge::shares_extension(Language::cpp));
    CHECK(judge::submission_file_names() == std::vector<std::string>{"solution.cpp", "solution.py"});
    judge::Problem p = fixtures::problem();
    p.template_solution = "/course/student_template/p/solution.cpp";
    CHECK(judge::language_template(p, Language::numpy) == "/course/student_template/p/solution_numpy.py");
    CHECK(judge::language_template(p, Language::torch) == "/course/student_template/p/solution.py");
    CHECK(judge::language_template(p, Language::cpp) == p.template_solution);
}

TEST_CASE("a .py file is torch when it imports torch, NumPy otherwise; anything else is C++", "[language]") {
    CHECK(chosen("solution.cpp", "import torch\n") == Language::cpp);
    CHECK(chosen("a/solution.py", "import numpy as np\n") == Language::numpy);
    CHECK(chosen("s.py", "import math\nimport torch\n") == Language::torch);
    CHECK(chosen("s.py", "def f(x):\n    import torch.nn as nn\n") == Language::torch);
    CHECK(chosen("s.py", "from torch import nn\r\n") == Language::torch);
    CHECK(chosen("s.py", "from torch.nn import functional as F\n") == Language::torch);
    CHECK(chosen("s.py", "import numpy as np, torch\n") == Language::torch);
    CHECK(chosen("s.py", "import torchvision\n# import torch is a comment here\n") == Language::numpy);
    CHECK(chosen("s.py", "x = 'import torch'\n") == Language::numpy);
    CHECK(chosen("s.py", "\"\"\"A docstring.\nimport torch\n\"\"\"\nimport numpy\n") == Language::numpy);
    CHECK(judge::choose_language("s.py", "import math\nimport torch\n").reason == "it imports torch on line 2");
}

TEST_CASE("what runs only under __main__ does not choose the language", "[language]") {
    const std::string numpy_with_torch_self_test =
        "import numpy as np\n\ndef f(x):\n    return x\n\n"
        "if __name__ == \"__main__\":\n    import torch\n    print(torch.ones(1))\n";
    const judge::LanguageChoice c = judge::choose_language("solution.py", numpy_with_torch_self_test);
    CHECK(c.language == Language::numpy);
    CHECK(c.reason == "it imports torch only under `if __name__ == \"__main__\":`, which the judge does not run");
    // After the block, a top-level import counts again.
    CHECK(chosen("s.py", numpy_with_torch_self_test + "import torch\n") == Language::torch);
    CHECK(chosen("s.py", "if __name__ == '__main__':\n    pass\nelse:\n    import torch\n") == Language::torch);
}

TEST_CASE("the first line may state the language; --lang wins over everything", "[language]") {
    const judge::LanguageChoice c = judge::choose_language("s.py", "# judge: numpy\nimport torch\n");
    CHECK(c.language == Language::numpy);
    CHECK(c.reason == "its first line says \"# judge: numpy\"");
    CHECK(chosen("s.py", "#judge:torch\nimport numpy\n") == Language::torch);
    CHECK(judge::choose_language("s.py", "# judge: numpy\n", Language::torch).language == Language::torch);
    CHECK(judge::choose_language("s.py", "", Language::torch).reason == "as asked (--lang torch)");
    CHECK_THROWS_WITH(judge::choose_language("hw/s.py", "# judge: cpp\n"),
                      "hw/s.py:1: the first line says \"# judge: cpp\"; a .py file can be numpy or torch");
    CHECK_THROWS_AS(judge::choose_language("s.py", "# judge: python\n"), judge::InputError);
    // An ordinary comment is no statement.
    CHECK(chosen("s.py", "# judge this\nimport numpy\n") == Language::numpy);
}

TEST_CASE("each language's name for an exception", "[language]") {
    CHECK(judge::exception_name(Language::cpp, "invalid_argument") == "std::invalid_argument");
    CHECK(judge::exception_name(Language::torch, "invalid_argument") == "ValueError");
    CHECK(judge::exception_name(Language::numpy, "out_of_range") == "IndexError");
    CHECK(judge::exception_name(Language::torch, "exception") == "an exception");
    CHECK(judge::exception_name(Language::torch, "unknown") == "std::unknown");
}

TEST_CASE("a test's outcome is said in the submission's language where it is made", "[language][evaluate]") {
    const judge::Problem p = fixtures::problem();
    constexpr size_t t_values = 0, t_sample = 1, t_throws = 2;  // hidden, sample, hidden expecting invalid_argument
    const judge::TestRun ref = fixtures::ok_run(fixtures::array({2, 3}, {0, 1, 2, 3, 4, 5}), fixtures::array({1}, {1}));
    const auto said = [&](size_t t, const judge::TestRun& run, Language l) {
        return judge::evaluate(p, t, run, p.tests[t].throws ? nullptr : &ref, l).message;
    };
    // Python's words begin with the class: it is said once.
    CHECK(said(t_sample, fixtures::exception_run("invalid_argument", "ValueError: bad heads"), Language::torch) ==
          "raised ValueError: bad heads");
    CHECK(said(t_sample, fixtures::exception_run("invalid_argument", "bad heads"), Language::cpp) ==
          "threw std::invalid_argument: bad heads");
    CHECK(said(t_throws, fixtures::exception_run("logic_error", "NotImplementedError"), Language::numpy) ==
          "f did not raise ValueError as the spec asks (hidden test: only its verdict is shown)");
    CHECK(said(t_throws, ref, Language::torch) ==
          "f did not raise ValueError as the spec asks (hidden test: only its verdict is shown)");
    CHECK(said(t_values, fixtures::exception_run("bad_alloc", "MemoryError"), Language::numpy) ==
          "f ran out of memory, over the 1024 MB limit (hidden test: only its verdict is shown)");
    CHECK(said(t_sample, fixtures::exception_run("bad_alloc", "MemoryError"), Language::numpy) ==
          "ran out of memory (MemoryError): the limit is 1024 MB");
    CHECK(
        said(t_sample,
             fixtures::exception_run("exception", "TypeError: x (raised inside torch, not by a raise in solution.py)"),
             Language::torch) ==
        "raised an exception: TypeError: x (raised inside torch, not by a raise in "
        "solution.py)");
    // A hidden test names no class at all, not even a library's (issue #62: which one is raised is
    // the submission's choice, and could spell the inputs out).
    for (const char* said_by_run : {"KeyError: 'secret'", "ZeroDivisionError: division by zero", "Leak_1_2: x"})
        CHECK(said(t_values, fixtures::exception_run("exception", said_by_run), Language::torch) ==
              "f stopped with an error (hidden test: only its verdict is shown)");
}

TEST_CASE("a value the Python harness refused is no exception, and a hidden test says its verdict only", "[language]") {
    const judge::Problem p = fixtures::problem();
    judge::TestRun refused;
    refused.status = judge::TestRun::Status::wrong_return;
    refused.detail = "f returned a list; expected a tensor";
    const judge::TestRun ref = fixtures::ok_run(fixtures::array({2, 3}, {0, 1, 2, 3, 4, 5}), fixtures::array({1}, {1}));
    const judge::TestOutcome sample = judge::evaluate(p, 1, refused, &ref, Language::torch);
    CHECK(sample.verdict == judge::Verdict::runtime_error);
    CHECK(sample.message == "did not return what the spec declares: f returned a list; expected a tensor");
    CHECK(judge::evaluate(p, 0, refused, &ref, Language::torch).message ==
          "f stopped with an error (hidden test: only its verdict is shown)");
    CHECK(judge::raised_words(refused, Language::numpy) ==
          "did not return what the spec declares: f returned a list; expected a tensor");
}

TEST_CASE("one rule in every language: a library's exception or a crash is no check of the student's", "[language]") {
    const judge::Problem p = fixtures::problem();
    constexpr size_t t_throws = 2;  // hidden, expects invalid_argument
    judge::TestRun sigfpe;
    sigfpe.status = judge::TestRun::Status::crashed;
    sigfpe.detail = "crashed with SIGFPE";
    const judge::TestRun zero_division =
        fixtures::exception_run("exception",
                                "ZeroDivisionError: integer division or modulo by zero (raised by Python on line 3 of "
                                "solution.py, not by a raise statement)");
    const judge::TestRun header = fixtures::exception_run(
        "exception", "reshape: cannot reshape (thrown inside the tensor header, not by a throw of your own)");
    const judge::TestRun numpy =
        fixtures::exception_run("exception", "ValueError: cannot reshape array (raised inside numpy, not by a raise)");
    // The same verdict, with the trap's evidence, whichever the language.
    for (const auto& [run, lang] : {std::pair{sigfpe, Language::cpp}, std::pair{zero_division, Language::torch},
                                    std::pair{header, Language::cpp}, std::pair{numpy, Language::numpy}}) {
        const judge::TestOutcome o = judge::evaluate(p, t_throws, run, nullptr, lang);
        CHECK(o.verdict == judge::Verdict::wrong_answer);
        CHECK(o.evidence == "throws");
    }
    judge::Problem shown = p;
    shown.tests[t_throws].hidden = false;
    CHECK(judge::evaluate(shown, t_throws, sigfpe, nullptr, Language::cpp).message ==
          "crashed with SIGFPE; expected std::invalid_argument");
    // And the same behaviour, for naming a seeded bug from another language's runs.
    const judge::Tolerance tol;
    CHECK(judge::same_behaviour(sigfpe, zero_division, tol, true));
    CHECK(judge::same_behaviour(header, numpy, tol, true));
    CHECK_FALSE(judge::same_behaviour(header, numpy, tol, false));  // elsewhere, the failing operation counts
    CHECK_FALSE(judge::same_behaviour(header, fixtures::exception_run("invalid_argument", "mine"), tol, true));
    CHECK_FALSE(judge::same_behaviour(sigfpe, fixtures::ok_run(fixtures::array({1}, {1}), fixtures::array({1}, {1})),
                                      tol, true));
}

TEST_CASE("a text in each language's words: its form for the language's variant, else as written", "[language]") {
    const std::map<std::string, std::string> forms = {{"python", "Raise ValueError"}};
    CHECK(judge::text_in(Language::torch, forms, "Throw std::invalid_argument") == "Raise ValueError");
    CHECK(judge::text_in(Language::numpy, forms, "Throw std::invalid_argument") == "Raise ValueError");
    CHECK(judge::text_in(Language::cpp, forms, "Throw std::invalid_argument") == "Throw std::invalid_argument");
    CHECK(judge::text_in(Language::torch, {}, "Throw std::invalid_argument") == "Throw std::invalid_argument");
}

}  // namespace language_test
