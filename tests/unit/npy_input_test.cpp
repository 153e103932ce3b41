// judge run's reader of NumPy's .npy files: each conversion, and the refusals in NumPy's words.
#include "catch.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/npy_input.hpp"
#include "core/errors.hpp"

namespace npy_input_test {  // a unity batch is one translation unit: this file's names stay its own

namespace {

// A .npy file with this header dict and these data bytes.
std::string npy_file(const std::string& name, const std::string& descr, const std::string& shape, bool fortran,
                     const std::string& data) {
    std::string header =
        "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
    while ((10 + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string bytes = std::string("\x93NUMPY\x01\x00", 8);
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header + data;
    const std::string path = (std::filesystem::temp_directory_path() / ("judge-npy-input-" + name + ".npy")).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

template <typename T>
std::string raw(std::initializer_list<T> values, bool big = false) {
    std::string s;
    for (T v : values) {
        char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T));
        if (big) std::reverse(b, b + sizeof(T));
        s.append(b, sizeof(T));
    }
    return s;
}

}  // namespace

TEST_CASE("float32 and int64 in C order pass unchanged, without a note", "[npy_input]") {
    const auto a = judge::read_user_npy(npy_file("f4", "<f4", "(2,)", false, raw<float>({1.5f, -2})));
    CHECK(a.array.f32 == std::vector<float>{1.5f, -2});
    CHECK(a.note.empty());
}

TEST_CASE("float64 becomes float32 with a note that says whether values were rounded", "[npy_input]") {
    auto a = judge::read_user_npy(npy_file("f8", "<f8", "(2,)", false, raw<double>({0.5, 3})));
    CHECK(a.array.dtype == judge::npy::Dtype::float32);
    CHECK(a.array.f32 == std::vector<float>{0.5f, 3});
    CHECK(a.note.find("converted float64 to float32 (exactly)") != std::string::npos);
    a = judge::read_user_npy(npy_file("f8r", "<f8", "(1,)", false, raw<double>({0.1})));
    CHECK(a.note.find("converted float64 to float32 (values rounded to float32)") != std::string::npos);
}

TEST_CASE("big-endian, Fortran order and small integer types convert exactly", "[npy_input]") {
    auto a = judge::read_user_npy(npy_file("be", ">i4", "(3,)", false, raw<int32_t>({1, -2, 300000}, true)));
    CHECK(a.array.dtype == judge::npy::Dtype::int64);
    CHECK(a.array.i64 == std::vector<int64_t>{1, -2, 300000});
    CHECK(a.note.find("converted int32 to int64, big-endian to little-endian (exactly)") != std::string::npos);
    // (2, 3) in Fortran order: the columns one after the other.
    a = judge::read_user_npy(npy_file("fo", "<f4", "(2, 3)", true, raw<float>({0, 3, 1, 4, 2, 5})));
    CHECK(a.array.shape == std::vector<int64_t>{2, 3});
    CHECK(a.array.f32 == std::vector<float>{0, 1, 2, 3, 4, 5});
    CHECK(a.note.find("Fortran order to C order") != std::string::npos);
    a = judge::read_user_npy(npy_file("u1", "|u1", "()", false, raw<uint8_t>({200})));
    CHECK(a.array.i64 == std::vector<int64_t>{200});
    a = judge::read_user_npy(npy_file("b1", "|b1", "(2,)", false, raw<uint8_t>({1, 0})));
    CHECK(a.array.i64 == std::vector<int64_t>{1, 0});
    CHECK(a.note.find("converted bool to int64 (exactly)") != std::string::npos);
}

TEST_CASE("other dtypes, and integers out of int64's range, are refused in NumPy's words", "[npy_input]") {
    CHECK(judge::numpy_dtype_name("<f8") == "float64");
    CHECK(judge::numpy_dtype_name(">i4") == "int32");
    CHECK(judge::numpy_dtype_name("<c16") == "complex128");
    CHECK(judge::numpy_dtype_name("|O") == "object");
    CHECK(judge::numpy_dtype_name("|b1") == "bool");
    const std::string c = npy_file("c", "<c8", "(1,)", false, std::string(8, '\0'));
    CHECK_THROWS_WITH(judge::read_user_npy(c), Catch::Contains("complex64 arrays are not accepted"));
    const std::string h = npy_file("f2", "<f2", "(1,)", false, std::string(2, '\0'));
    CHECK_THROWS_WITH(judge::read_user_npy(h), Catch::Contains("float16 arrays are not accepted"));
    const std::string u = npy_file("u8", "<u8", "(1,)", false, raw<uint64_t>({~uint64_t{0}}));
    CHECK_THROWS_WITH(judge::read_user_npy(u),
                      Catch::Contains("element 0 is 18446744073709551615, too large for int64"));
    const std::string t = npy_file("short", "<f8", "(3,)", false, raw<double>({1}));
    CHECK_THROWS_WITH(judge::read_user_npy(t),
                      Catch::Contains("expected 24 data bytes for a float64 array of shape (3,), found 8"));
    CHECK_THROWS_AS(judge::read_user_npy(npy_file("shape", "<f4", "(2, x)", false, "")), judge::InputError);
}

}  // namespace npy_input_test
