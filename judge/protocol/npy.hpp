// judge/protocol/npy.hpp: NumPy .npy files, the judge's wire format for tensors.
//
// Only what the judge needs: little-endian float32 ('<f4') and int64 ('<i8') arrays in C order,
// format version 1.0 to 3.0 on read, 1.0 on write. This header uses the standard library only,
// because it is compiled into the submission harness as well as into the judge. A reader must
// treat every file as untrusted (a submission may write anything into its output directory), so
// every malformed case is an NpyError with a message, and sizes are capped before allocating.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "shape.hpp"

namespace judge::npy {

/// A malformed or unreadable .npy file; the message names the file.
struct NpyError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The element types the wire format carries.
enum class Dtype { float32, int64 };

/// NumPy's name of a dtype: "float32", "int64".
inline const char* dtype_name(Dtype d) { return d == Dtype::float32 ? "float32" : "int64"; }

/// One array read from or written to a .npy file.
struct Array {
    Dtype dtype = Dtype::float32;
    std::vector<int64_t> shape;
    std::vector<float> f32;    // used when dtype == float32
    std::vector<int64_t> i64;  // used when dtype == int64

    int64_t numel() const {
        int64_t n = 1;
        for (int64_t e : shape) n *= e;
        return n;
    }
};

/// The largest array a reader accepts, in elements (1 GiB of float32).
inline constexpr int64_t max_elements = int64_t{1} << 28;

/// The largest .npy file a reader accepts: the largest array of 8-byte elements and a header.
inline constexpr int64_t max_file_bytes = max_elements * 8 + 65536 + 12;

inline std::string shape_tuple(const std::vector<int64_t>& shape) { return judge::shape_str(shape); }

/// Serialises `a` as a version 1.0 .npy byte string.
inline std::string encode(const Array& a) {
    std::string header = "{'descr': '";
    header += a.dtype == Dtype::float32 ? "<f4" : "<i8";
    header += "', 'fortran_order': False, 'shape': " + shape_tuple(a.shape) + ", }";
    const size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::string out = "\x93NUMPY";
    out += '\x01';
    out += '\x00';
    const auto hlen = static_cast<uint16_t>(header.size());
    out += static_cast<char>(hlen & 0xff);
    out += static_cast<char>(hlen >> 8);
    out += header;
    if (a.dtype == Dtype::float32) {
        out.append(reinterpret_cast<const char*>(a.f32.data()), a.f32.size() * sizeof(float));
    } else {
        out.append(reinterpret_cast<const char*>(a.i64.data()), a.i64.size() * sizeof(int64_t));
    }
    return out;
}

/// Writes `a` to `path`; throws NpyError when the file cannot be written.
inline void write(const std::string& path, const Array& a) {
    const std::string bytes = encode(a);
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) throw NpyError(path + ": cannot open for writing");
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!f) throw NpyError(path + ": write failed");
}

namespace detail {

// Finds `'key':` in the header dict and returns the text after the colon.
inline std::string value_after(const std::string& header, const std::string& key, const std::string& name) {
    const std::string needle = "'" + key + "':";
    const size_t pos = header.find(needle);
    if (pos == std::string::npos) throw NpyError(name + ": header has no '" + key + "' field");
    size_t v = pos + needle.size();
    while (v < header.size() && header[v] == ' ') ++v;
    return header.substr(v);
}

}  // namespace detail

/// What a .npy header says, before any data is read.
struct Header {
    std::string descr;  // as written, with its quotes: "'<f4'"
    bool fortran_order = false;
    std::vector<int64_t> shape;
    int64_t numel = 1;       // checked against max_elements
    size_t data_offset = 0;  // where the data starts in the file's bytes
};

/// Parses the magic string, the version and the header dict of a .npy byte string; `name` is used
/// in error messages. Every size is checked before it is used.
inline Header parse_header(const std::string& bytes, const std::string& name) {
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) {
        // torch.save writes a zip archive (or, before PyTorch 1.6, a pickle): say how to get a .npy.
        const bool torch = bytes.compare(0, 4, "PK\x03\x04") == 0 || (!bytes.empty() && bytes[0] == '\x80');
        throw NpyError(name + ": not a .npy file" +
                       (torch ? std::string(" (it looks like torch.save's; save a tensor t with "
                                            "numpy.save(path, t.detach().cpu().numpy()) instead)")
                              : std::string()));
    }
    const auto major = static_cast<unsigned char>(bytes[6]);
    size_t header_len = 0;
    size_t header_start = 0;
    if (major == 1) {
        header_len =
            static_cast<unsigned char>(bytes[8]) | (static_cast<size_t>(static_cast<unsigned char>(bytes[9])) << 8);
        header_start = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) throw NpyError(name + ": truncated header");
        for (int i = 0; i < 4; ++i)
            header_len |= static_cast<size_t>(static_cast<unsigned char>(bytes[8 + static_cast<size_t>(i)])) << (8 * i);
        header_start = 12;
    } else {
        throw NpyError(name + ": unsupported .npy version " + std::to_string(major));
    }
    if (header_len > 65536 || header_start + header_len > bytes.size()) throw NpyError(name + ": truncated header");
    const std::string header = bytes.substr(header_start, header_len);

    Header h;
    const std::string descr = detail::value_after(header, "descr", name);
    h.descr = descr.substr(0, descr.find(','));
    h.fortran_order = detail::value_after(header, "fortran_order", name).rfind("False", 0) != 0;
    const std::string shape_text = detail::value_after(header, "shape", name);
    if (shape_text.empty() || shape_text[0] != '(') throw NpyError(name + ": malformed shape");
    const size_t close = shape_text.find(')');
    if (close == std::string::npos) throw NpyError(name + ": malformed shape");
    std::string num;
    for (size_t i = 1; i <= close; ++i) {
        const char c = shape_text[i];
        if (c >= '0' && c <= '9') {
            if (num.size() > 12) throw NpyError(name + ": shape extent too large");
            num += c;
        } else if (c == ',' || c == ')') {
            if (!num.empty()) {
                const int64_t e = std::stoll(num);
                h.shape.push_back(e);
                // Every extent is capped, a zero one too: (0, 10**12, 10**12) holds no element, but a
                // shape no array of the judge's may have. Checked before multiplying: (2**32, 2**32)
                // must not wrap around to 0 elements.
                if (e > max_elements) throw NpyError(name + ": shape extent too large");
                if (e != 0 && h.numel > max_elements / e) throw NpyError(name + ": array too large");
                h.numel *= e;
                num.clear();
            } else if (c == ',') {
                throw NpyError(name + ": malformed shape");
            }
        } else if (c != ' ') {
            throw NpyError(name + ": malformed shape");
        }
    }
    h.data_offset = header_start + header_len;
    return h;
}

/// Parses a .npy byte string; `name` is used in error messages.
inline Array decode(const std::string& bytes, const std::string& name) {
    const Header h = parse_header(bytes, name);
    Array a;
    if (h.descr.rfind("'<f4'", 0) == 0) {
        a.dtype = Dtype::float32;
    } else if (h.descr.rfind("'<i8'", 0) == 0) {
        a.dtype = Dtype::int64;
    } else {
        throw NpyError(name + ": unsupported dtype " + h.descr + " (expected '<f4' or '<i8')");
    }
    if (h.fortran_order) throw NpyError(name + ": Fortran-order arrays are not supported");
    a.shape = h.shape;
    const int64_t numel = h.numel;
    const size_t elem = a.dtype == Dtype::float32 ? 4 : 8;
    const size_t body = h.data_offset;
    const size_t need = static_cast<size_t>(numel) * elem;
    if (bytes.size() - body != need) {
        throw NpyError(name + ": expected " + std::to_string(need) + " data bytes for shape " + shape_tuple(a.shape) +
                       ", found " + std::to_string(bytes.size() - body));
    }
    if (a.dtype == Dtype::float32) {
        a.f32.resize(static_cast<size_t>(numel));
        if (need > 0) std::memcpy(a.f32.data(), bytes.data() + body, need);
    } else {
        a.i64.resize(static_cast<size_t>(numel));
        if (need > 0) std::memcpy(a.i64.data(), bytes.data() + body, need);
    }
    return a;
}

/// Reads a .npy file, refusing files over the element cap.
inline Array read(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw NpyError(path + ": cannot open");
    f.seekg(0, std::ios::end);
    const std::streamoff size = f.tellg();
    if (size < 0 || size > max_file_bytes) throw NpyError(path + ": file too large");
    f.seekg(0);
    std::string bytes(static_cast<size_t>(size), '\0');
    f.read(bytes.data(), size);
    if (!f) throw NpyError(path + ": read failed");
    return decode(bytes, path);
}

}  // namespace judge::npy
