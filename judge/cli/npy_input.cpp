#include "cli/npy_input.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/errors.hpp"

namespace judge {

namespace {

// The file's bytes, read without blocking on it: anything but a regular file (a FIFO, a device, a
// folder) is refused before a byte is read, and so is a file larger than the largest array.
std::string read_all(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) throw InputError(path + ": cannot open: " + std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) throw InputError(path + ": cannot read: " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw InputError(path + ": not a regular file; --inputs reads .npy files only");
    if (st.st_size > max_user_bytes) {
        throw InputError(fmt::format("{}: {} MB; judge run reads arrays of at most {} elements ({} MB as float64)",
                                     path, st.st_size >> 20, max_user_elements, max_user_bytes >> 20));
    }
    std::string bytes(static_cast<size_t>(st.st_size), '\0');
    size_t got = 0;
    while (got < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw InputError(path + ": cannot read: " + (n < 0 ? std::strerror(errno) : "it shrank"));
        got += static_cast<size_t>(n);
    }
    return bytes;
}

// The descr between quotes: "'<f8'" -> "<f8".
std::string quoted(const std::string& text, const std::string& path) {
    if (text.empty() || (text[0] != '\'' && text[0] != '"')) throw InputError(path + ": malformed descr");
    const size_t end = text.find(text[0], 1);
    if (end == std::string::npos) throw InputError(path + ": malformed descr");
    return text.substr(1, end - 1);
}

// The element at byte offset `at`, in the file's byte order, as the wire type.
template <typename T>
T load(const std::string& bytes, size_t at, bool big_endian) {
    unsigned char b[sizeof(T)];
    std::memcpy(b, bytes.data() + at, sizeof(T));
    if (big_endian != (std::endian::native == std::endian::big)) std::reverse(b, b + sizeof(T));
    T v;
    std::memcpy(&v, b, sizeof(T));
    return v;
}

}  // namespace

std::string numpy_dtype_name(const std::string& descr) {
    if (descr.size() < 2) return descr;
    const char kind = descr[1];
    const std::string size = descr.substr(2);
    const bool numeric = !size.empty() && size.size() < 4 &&
                         std::all_of(size.begin(), size.end(), [](char c) { return c >= '0' && c <= '9'; });
    const int bytes = numeric ? std::stoi(size) : 0;
    switch (kind) {
        case 'f': return "float" + std::to_string(bytes * 8);
        case 'i': return "int" + std::to_string(bytes * 8);
        case 'u': return "uint" + std::to_string(bytes * 8);
        case 'c': return "complex" + std::to_string(bytes * 8);
        case 'b': return "bool";
        case 'O': return "object";
        case 'U': return "str";
        case 'S': return "bytes";
        case 'M': return "datetime64";
        case 'm': return "timedelta64";
        default: return descr;
    }
}

namespace {

// A dtype the judge takes: its kind ('f', 'i', 'u' or 'b'), its size in bytes and its byte order.
struct ElementType {
    std::string name;  // NumPy's: "float64"
    char kind = '?';
    size_t size = 0;
    bool big = false;
    bool is_float() const { return kind == 'f'; }
};

ElementType element_type(const std::string& descr, const std::string& path) {
    ElementType t;
    t.name = numpy_dtype_name(descr);
    t.big = !descr.empty() && descr[0] == '>';
    t.kind = descr.size() > 1 ? descr[1] : '?';
    const std::string digits = descr.size() > 2 ? descr.substr(2) : "";
    const bool numeric = !digits.empty() && digits.size() < 4 &&
                         std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
    t.size = numeric ? static_cast<size_t>(std::stoul(digits)) : 0;
    const bool whole = t.size == 1 || t.size == 2 || t.size == 4 || t.size == 8;
    const bool ok = (t.kind == 'f' && (t.size == 4 || t.size == 8)) || ((t.kind == 'i' || t.kind == 'u') && whole) ||
                    (t.kind == 'b' && t.size == 1);
    if (!ok) {
        throw InputError(path + ": " + t.name +
                         " arrays are not accepted; save float32 or float64 for tensors, an integer type for "
                         "ints, lists and int tensors, and bool or an integer for bools");
    }
    return t;
}

// Where element `i` (in C order) of an array of `shape` sits in a Fortran-order body.
size_t fortran_index(const std::vector<int64_t>& shape, size_t i) {
    size_t at = 0;
    std::vector<size_t> strides(shape.size(), 1);
    for (size_t d = 1; d < shape.size(); ++d) strides[d] = strides[d - 1] * static_cast<size_t>(shape[d - 1]);
    for (size_t d = shape.size(); d-- > 0;) {
        const size_t extent = static_cast<size_t>(shape[d]);
        at += (i % extent) * strides[d];
        i /= extent;
    }
    return at;
}

// Integer element `i`, at byte `at`, as an int64.
int64_t load_integer(const std::string& bytes, size_t at, const ElementType& t, const std::string& path, size_t i) {
    if (t.kind == 'b') return load<uint8_t>(bytes, at, t.big) != 0 ? 1 : 0;
    if (t.kind == 'i') {
        return t.size == 1   ? load<int8_t>(bytes, at, t.big)
               : t.size == 2 ? load<int16_t>(bytes, at, t.big)
               : t.size == 4 ? load<int32_t>(bytes, at, t.big)
                             : load<int64_t>(bytes, at, t.big);
    }
    const uint64_t u = t.size == 1   ? load<uint8_t>(bytes, at, t.big)
                       : t.size == 2 ? load<uint16_t>(bytes, at, t.big)
                       : t.size == 4 ? load<uint32_t>(bytes, at, t.big)
                                     : load<uint64_t>(bytes, at, t.big);
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        throw InputError(fmt::format("{}: element {} is {}, too large for int64", path, i, u));
    return static_cast<int64_t>(u);
}

// "x.npy: converted float64 to float32, Fortran order to C order (exactly)", or "" when nothing was.
std::string conversion_note(const std::string& path, const ElementType& t, const npy::Array& a, bool fortran,
                            bool rounded) {
    std::vector<std::string> what;
    if (t.name != "float32" && t.name != "int64") what.push_back(t.name + " to " + npy::dtype_name(a.dtype));
    if (t.big) what.push_back("big-endian to little-endian");
    if (fortran && a.shape.size() > 1) what.push_back("Fortran order to C order");
    if (what.empty()) return "";
    std::string list;
    for (const std::string& w : what) list += (list.empty() ? "" : ", ") + w;
    return path + ": converted " + list +
           (t.is_float() && t.size == 8 ? rounded ? " (values rounded to float32)" : " (exactly)" : " (exactly)");
}

}  // namespace

UserArray read_user_npy(const std::string& path) {
    const std::string bytes = read_all(path);
    // The wire format's own header parser (and its size checks); the dtype and order are read here.
    npy::Header h;
    try {
        h = npy::parse_header(bytes, path);
    } catch (const npy::NpyError& e) {
        throw InputError(e.what());
    }
    const ElementType t = element_type(quoted(h.descr, path), path);
    npy::Array a;
    a.shape = h.shape;
    a.dtype = t.is_float() ? npy::Dtype::float32 : npy::Dtype::int64;
    size_t numel = 1;
    for (const int64_t e : a.shape) numel *= static_cast<size_t>(e);
    if (numel > static_cast<size_t>(max_user_elements)) {
        throw InputError(fmt::format("{}: shape {} has {} elements; judge run reads arrays of at most {}", path,
                                     shape_str(a.shape), numel, max_user_elements));
    }
    const size_t body = h.data_offset;
    if (bytes.size() - body != numel * t.size) {
        throw InputError(fmt::format("{}: expected {} data bytes for a {} array of shape {}, found {}", path,
                                     numel * t.size, t.name, shape_str(a.shape), bytes.size() - body));
    }
    bool rounded = false;
    for (size_t i = 0; i < numel; ++i) {
        const size_t at = body + (h.fortran_order ? fortran_index(a.shape, i) : i) * t.size;
        if (!t.is_float()) {
            a.i64.push_back(load_integer(bytes, at, t, path, i));
        } else if (t.size == 4) {
            a.f32.push_back(load<float>(bytes, at, t.big));
        } else {
            const double v = load<double>(bytes, at, t.big);
            const auto f = static_cast<float>(v);
            rounded = rounded || (static_cast<double>(f) != v && !std::isnan(v));
            a.f32.push_back(f);
        }
    }
    UserArray out;
    out.note = conversion_note(path, t, a, h.fortran_order, rounded);
    out.array = std::move(a);
    return out;
}

}  // namespace judge
