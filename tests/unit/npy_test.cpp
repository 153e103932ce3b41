#include "catch.hpp"

#include "judge/protocol/npy.hpp"

namespace npy_test {  // a unity batch is one translation unit: this file's names stay its own

namespace npy = judge::npy;

TEST_CASE("npy round-trips float32 and int64 arrays", "[npy]") {
    npy::Array f;
    f.shape = {2, 3};
    f.f32 = {0, 1, 2, 3, 4, 5.5f};
    const npy::Array g = npy::decode(npy::encode(f), "f.npy");
    CHECK(g.dtype == npy::Dtype::float32);
    CHECK(g.shape == f.shape);
    CHECK(g.f32 == f.f32);

    npy::Array i;
    i.dtype = npy::Dtype::int64;
    i.shape = {};
    i.i64 = {42};
    const npy::Array j = npy::decode(npy::encode(i), "i.npy");
    CHECK(j.shape.empty());
    CHECK(j.i64 == std::vector<int64_t>{42});
}

TEST_CASE("npy headers are what NumPy writes", "[npy]") {
    npy::Array a;
    a.dtype = npy::Dtype::int64;
    a.shape = {2};
    a.i64 = {3, 2};
    const std::string bytes = npy::encode(a);
    CHECK(bytes.substr(0, 8) == std::string("\x93NUMPY\x01\x00", 8));
    CHECK(bytes.find("{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }") == 10);
    CHECK((bytes.size() - 16) % 64 == 0);  // header padded to a multiple of 64
}

TEST_CASE("npy rejects malformed files with a message naming the file", "[npy]") {
    npy::Array a;
    a.shape = {2};
    a.f32 = {1, 2};
    std::string good = npy::encode(a);
    SECTION("not npy") { CHECK_THROWS_WITH(npy::decode("hello world", "x.npy"), "x.npy: not a .npy file"); }
    SECTION("torch.save's zip archive gets the numpy.save hint") {
        CHECK_THROWS_WITH(npy::decode(std::string("PK\x03\x04"
                                                  "archive/data.pkl"),
                                      "t.pt"),
                          "t.pt: not a .npy file (it looks like torch.save's; save a tensor t with "
                          "numpy.save(path, t.detach().cpu().numpy()) instead)");
    }
    SECTION("truncated data") {
        CHECK_THROWS_WITH(npy::decode(good.substr(0, good.size() - 1), "x.npy"),
                          "x.npy: expected 8 data bytes for shape (2,), found 7");
    }
    SECTION("another dtype") {
        std::string bad = good;
        bad.replace(bad.find("<f4"), 3, "<f8");
        CHECK_THROWS_WITH(npy::decode(bad, "x.npy"), "x.npy: unsupported dtype '<f8' (expected '<f4' or '<i8')");
    }
    SECTION("fortran order") {
        std::string bad = good;
        bad.replace(bad.find("False"), 5, "True ");
        CHECK_THROWS_WITH(npy::decode(bad, "x.npy"), "x.npy: Fortran-order arrays are not supported");
    }
    SECTION("a huge shape") {
        std::string bad = good;
        bad.replace(bad.find("(2,)"), 4, "(99999999999,)");
        CHECK_THROWS_AS(npy::decode(bad, "x.npy"), npy::NpyError);
    }
    SECTION("a shape whose element count overflows (it used to wrap around to 0 elements)") {
        std::string bad = good;
        bad.replace(bad.find("(2,)"), 4, "(65536, 65536, 65536, 65536)");
        CHECK_THROWS_WITH(npy::decode(bad, "x.npy"), "x.npy: array too large");
    }
    SECTION("a zero first extent does not skip the cap on the others (it used to pass with no data)") {
        npy::Array empty;
        empty.shape = {0, 3, 3};
        std::string bad = npy::encode(empty);
        CHECK_NOTHROW(npy::decode(bad, "x.npy"));
        bad.replace(bad.find("(0, 3, 3)"), 9, "(0, 999999999999, 999999999999)");
        CHECK_THROWS_WITH(npy::decode(bad, "x.npy"), "x.npy: shape extent too large");
    }
    SECTION("a missing file") { CHECK_THROWS_WITH(npy::read("/nonexistent/x.npy"), "/nonexistent/x.npy: cannot open"); }
}

}  // namespace npy_test
