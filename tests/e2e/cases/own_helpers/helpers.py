"""A solution with its own function of every name the tensor header has (issue #43, point 7).

helpers.py HEADER SOLUTION [--using-namespace] writes SOLUTION with, after its includes:
- a global function for each of the header's free functions, with the same parameters, that calls
  the header's (so a function the header adds later is covered as soon as it is declared);
- a function that calls each of them unqualified, as a student would (never run: it must compile);
- judge::layer_norm and judge::feed_forward declared as the header would declare them if it added
  them, and never defined: the solution's own layer_norm and feed_forward must still be the ones
  called, by the solution and by the harness, or the program does not link.
"""
import re
import sys

DUMMY = {
    "const Tensor&": "t",
    "const IntTensor&": "it",
    "int64_t": "1",
    "float": "1.0f",
    "bool": "false",
    "const Shape&": "{1}",
    "std::vector<float>": "{1.0f}",
    "const std::vector<Tensor>&": "{t}",
    "const std::vector<int64_t>&": "{1}",
}


def declarations(header):
    """(return type, name, [(type, name, default)]) of each free function the header declares, its
    own and protocol/shape.hpp's (shape_str)."""
    text = open(header).read().split("#ifdef JUDGE_TENSOR_IMPLEMENTATION")[0]
    text += open(header.replace("tensor.hpp", "protocol/shape.hpp")).read()
    found = []
    for m in re.finditer(r"^template <int = 0>\s+(Tensor|IntTensor|std::string) (\w+)\(([^)]*)\);", text, re.M):
        params = []
        for p in m.group(3).split(", "):
            decl, _, default = p.partition(" = ")
            ptype, pname = decl.rsplit(" ", 1)
            params.append((ptype, pname, default))
        found.append((m.group(1), m.group(2), params))
    return found


def helpers(decls):
    out = []
    for ret, name, params in decls:
        sig = ", ".join(t + " " + n + (" = " + d if d else "") for t, n, d in params)
        args = ", ".join(n for _, n, _ in params)
        out.append("%s %s(%s) { return judge::%s(%s); }" % (ret, name, sig, name, args))
    out.append("[[maybe_unused]] static void own_helpers_called() {")
    out.append("    const Tensor t = judge::ones({1});")
    out.append("    const IntTensor it({1}, {1});")
    for _, name, params in decls:
        out.append("    (void)%s(%s);" % (name, ", ".join(DUMMY[t] for t, _, _ in params)))
    out.append("}")
    return out


def main():
    header, solution = sys.argv[1], sys.argv[2]
    source = open(solution).read().split("\n")
    decls = declarations(header)
    if len(decls) < 20:
        sys.exit("helpers.py: found only %d free functions in %s" % (len(decls), header))
    at = max(i for i, line in enumerate(source) if line.startswith("#include")) + 1
    added = ["", "#include <string>", "using judge::IntTensor;", "using judge::Shape;", "using judge::Tensor;"]
    if "--using-namespace" in sys.argv:
        added.append("using namespace judge;")
    added += [
        "namespace judge {  // as the header would declare them, were they added to it",
        "template <int = 0> Tensor layer_norm(const Tensor& x, const Tensor& gamma, const Tensor& beta);",
        "template <int = 0> Tensor feed_forward(const Tensor& x, const Tensor& W1, const Tensor& b1,"
        " const Tensor& W2, const Tensor& b2);",
        "}  // namespace judge",
    ]
    sys.stdout.write("\n".join(source[:at] + added + helpers(decls) + source[at:]).rstrip("\n") + "\n")
    print("%d header functions" % len(decls), file=sys.stderr)


if __name__ == "__main__":
    main()
