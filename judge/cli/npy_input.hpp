// judge/cli/npy_input.hpp: the .npy files a user hands to `judge run --inputs`, as NumPy and
// PyTorch write them, converted to the wire format (C-order little-endian float32 or int64).
#pragma once

#include <string>

#include "judge/protocol/npy.hpp"

namespace judge {

/// The largest array `judge run --inputs` reads: 2^24 elements (64 MB of float32, 128 MB of
/// float64 in the file), so that a file is read and converted in well under a second. Larger
/// files are refused from their size, before a byte is read.
inline constexpr int64_t max_user_elements = int64_t{1} << 24;
inline constexpr int64_t max_user_bytes = max_user_elements * 8 + 65536 + 12;

struct UserArray {
    npy::Array array;  // C order, float32 or int64
    std::string note;  // "" or one line saying what was converted and what it cost
};

/// Reads `path`: float32 or float64 become float32 (float64 with a note: values are rounded);
/// int8 to int64, uint8 to uint32 and bool (as 0 or 1) become int64 (uint64 too, when every value
/// fits), exactly; either byte order; C or Fortran order. Other dtypes (float16, complex, object, strings)
/// are an InputError naming the file and the dtype in NumPy's words; so is anything that is not a
/// regular file (never opened for more than a look: a FIFO does not block) and an array of more
/// than max_user_elements.
UserArray read_user_npy(const std::string& path);

/// NumPy's name of a .npy descr such as "<f8" or ">i4": "float64", "int32".
std::string numpy_dtype_name(const std::string& descr);

}  // namespace judge
