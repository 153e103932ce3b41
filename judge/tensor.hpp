// judge/tensor.hpp: the small PyTorch-like tensor that solutions are written against.
//
// Contract, in one paragraph: a Tensor is float32 (an IntTensor int64), row-major and contiguous, with value semantics.
// Every operation returns a new tensor and never a view, so `reshape` is exactly the row-major
// reinterpretation that `torch.reshape` gives on a contiguous tensor, and `permute` / `transpose`
// physically move the elements. Misuse (a bad index, a shape mismatch, an impossible reshape, a
// wrong rank) throws std::invalid_argument or std::out_of_range (marked as the header's:
// tensor_invalid_argument, tensor_out_of_range) with a message naming the shapes.
//
// Compile time: a solution sees only declarations and trivial accessors, so it compiles quickly.
// The definitions are below, under JUDGE_TENSOR_IMPLEMENTATION; the judge compiles them once into
// the cached harness. To build your own program with this header, write
//     #define JUDGE_TENSOR_IMPLEMENTATION
// before including it in exactly one .cpp file.
#pragma once

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "protocol/shape.hpp"

/// This header's version: what each one added is listed in docs/tensor.md.
#define JUDGE_TENSOR_VERSION 6

namespace judge {

/// What the header throws when it is misused: the standard type, marked as the header's own, so
/// that the judge tells it from a throw of the solution's. A test that expects std::invalid_argument
/// wants the solution's own check, not an operation that happens to fail (the same rule as for
/// NumPy's and torch's errors in Python; docs/python.md). Catching the standard type catches these.
struct tensor_invalid_argument : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};
struct tensor_out_of_range : std::out_of_range {
    using std::out_of_range::out_of_range;
};

/// A shape: one extent per dimension, outermost first.
using Shape = std::vector<int64_t>;

// shape_str(shape) formats a shape the way PyTorch prints it, e.g. "(2, 5, 4, 20)" (protocol/shape.hpp).

/// A dense float32 tensor with value semantics.
class Tensor {
public:
    /// An empty tensor of shape (0,).
    Tensor() : m_shape{0} {}

    /// A tensor of the given shape holding `values` in row-major order; the counts must agree.
    Tensor(Shape shape, std::vector<float> values);

    /// Number of dimensions.
    int64_t dim() const { return static_cast<int64_t>(m_shape.size()); }

    /// Extent of dimension `d`; a negative `d` counts from the end.
    int64_t size(int64_t d) const;

    /// The shape, outermost dimension first.
    const Shape& shape() const { return m_shape; }

    /// Number of elements.
    int64_t numel() const { return static_cast<int64_t>(m_data.size()); }

    /// Raw row-major storage.
    float* data() { return m_data.data(); }
    const float* data() const { return m_data.data(); }

    /// Bounds-checked element access: one index per dimension.
    float& at(std::initializer_list<int64_t> index) { return m_data[offset(index.begin(), index.size())]; }
    float at(std::initializer_list<int64_t> index) const { return m_data[offset(index.begin(), index.size())]; }
    float& at(const Shape& index) { return m_data[offset(index.data(), index.size())]; }
    float at(const Shape& index) const { return m_data[offset(index.data(), index.size())]; }

    /// Row-major reinterpretation with a new shape; one extent may be -1 and is inferred.
    Tensor reshape(Shape new_shape) const;

    /// Reorders the dimensions: result dimension i is this tensor's dimension dims[i].
    Tensor permute(const Shape& dims) const;

    /// Swaps two dimensions (negative indices count from the end).
    Tensor transpose(int64_t d0, int64_t d1) const;

    /// The slice [start, start + length) along dimension `d`, as torch.narrow.
    Tensor narrow(int64_t d, int64_t start, int64_t length) const;

private:
    size_t offset(const int64_t* index, size_t n) const;

    Shape m_shape;
    std::vector<float> m_data;
};

/// A dense int64 tensor with value semantics: lengths, indices, counts. Same conventions as Tensor.
class IntTensor {
public:
    /// An empty tensor of shape (0,).
    IntTensor() : m_shape{0} {}

    /// A tensor of the given shape holding `values` in row-major order; the counts must agree.
    IntTensor(Shape shape, std::vector<int64_t> values);

    int64_t dim() const { return static_cast<int64_t>(m_shape.size()); }
    int64_t size(int64_t d) const;
    const Shape& shape() const { return m_shape; }
    int64_t numel() const { return static_cast<int64_t>(m_data.size()); }
    int64_t* data() { return m_data.data(); }
    const int64_t* data() const { return m_data.data(); }

    /// Bounds-checked element access: one index per dimension.
    int64_t& at(std::initializer_list<int64_t> index) { return m_data[offset(index.begin(), index.size())]; }
    int64_t at(std::initializer_list<int64_t> index) const { return m_data[offset(index.begin(), index.size())]; }
    int64_t& at(const Shape& index) { return m_data[offset(index.data(), index.size())]; }
    int64_t at(const Shape& index) const { return m_data[offset(index.data(), index.size())]; }

    /// Row-major reinterpretation with a new shape; one extent may be -1 and is inferred.
    IntTensor reshape(Shape new_shape) const;

private:
    size_t offset(const int64_t* index, size_t n) const;

    Shape m_shape;
    std::vector<int64_t> m_data;
};

// The free functions below are templates of one defaulted argument, called as plain functions:
// `judge::matmul(a, b)`, or `matmul(a, b)` (found by argument-dependent lookup). When a solution
// defines its own function of the same name and parameters (its own `relu`, `softmax` or
// `layer_norm`), a call picks the solution's, which is not a template, instead of being ambiguous:
// so a function added to this header never breaks a solution that already had one of that name.

/// torch.repeat_interleave(x, repeats, dim=d): each element (each slice along `d`) `repeats`
/// times in a row. [2, 3] with repeats 2 gives [2, 2, 3, 3].
template <int = 0> IntTensor repeat_interleave(const IntTensor& x, int64_t repeats, int64_t d);
template <int = 0> Tensor repeat_interleave(const Tensor& x, int64_t repeats, int64_t d);

/// torch.repeat_interleave(x, repeats) without a dim: over the flattened tensor, giving 1-D.
template <int = 0> IntTensor repeat_interleave(const IntTensor& x, int64_t repeats);

/// x.repeat(*repeats) in PyTorch: tiles the whole tensor, `repeats[i]` times along dimension i
/// (with more repeats than dimensions, x gets leading dimensions of 1). [2, 3] repeated {2} gives
/// [2, 3, 2, 3].
template <int = 0> IntTensor repeat(const IntTensor& x, const Shape& repeats);
template <int = 0> Tensor repeat(const Tensor& x, const Shape& repeats);

/// A tensor of the given shape filled with `value`.
template <int = 0> Tensor full(const Shape& shape, float value);

/// A tensor of the given shape filled with zeros.
template <int = 0> Tensor zeros(const Shape& shape);

/// A tensor of the given shape filled with ones.
template <int = 0> Tensor ones(const Shape& shape);

/// The values 0, 1, ..., n-1 in a tensor of shape (n,).
template <int = 0> Tensor arange(int64_t n);

/// A tensor of the given shape holding `values` in row-major order.
template <int = 0> Tensor from_vector(std::vector<float> values, const Shape& shape);

/// Matrix product: (m, k) @ (k, n); or batched (..., m, k) @ (..., k, n) with identical leading
/// dimensions; or (..., m, k) @ (k, n), which applies the same matrix to every batch element.
template <int = 0> Tensor matmul(const Tensor& a, const Tensor& b);

/// Softmax along dimension `d` (negative counts from the end), computed stably by subtracting the max.
template <int = 0> Tensor softmax(const Tensor& x, int64_t d);

/// Concatenates tensors along dimension `d`; all other extents must agree.
template <int = 0> Tensor cat(const std::vector<Tensor>& tensors, int64_t d);

/// Reductions over one dimension `dim` (negative counts from the end), as torch.sum(x, dim, keepdim) and so on.
/// With keepdim the reduced dimension stays, with extent 1; without it, it is removed.
template <int = 0> Tensor sum(const Tensor& x, int64_t dim, bool keepdim = false);
template <int = 0> Tensor mean(const Tensor& x, int64_t dim, bool keepdim = false);
/// The variance: divides by n - 1 when `unbiased` (PyTorch's default), by n otherwise.
template <int = 0> Tensor var(const Tensor& x, int64_t dim, bool unbiased = true, bool keepdim = false);
/// The largest value along `dim`; NaN if the slice holds a NaN (torch.amax).
template <int = 0> Tensor amax(const Tensor& x, int64_t dim, bool keepdim = false);

/// Element-wise functions, as torch.sqrt, torch.exp, ... (NaN in, NaN out).
template <int = 0> Tensor sqrt(const Tensor& x);
template <int = 0> Tensor exp(const Tensor& x);
template <int = 0> Tensor log(const Tensor& x);
template <int = 0> Tensor sin(const Tensor& x);
template <int = 0> Tensor cos(const Tensor& x);
template <int = 0> Tensor tanh(const Tensor& x);
template <int = 0> Tensor relu(const Tensor& x);
template <int = 0> Tensor pow(const Tensor& x, float p);
/// The element-wise larger of two tensors, broadcast; NaN if either is NaN (torch.maximum).
template <int = 0> Tensor maximum(const Tensor& a, const Tensor& b);

/// Element-wise arithmetic, broadcast by PyTorch's rules: shapes align from the last dimension, and
/// each pair of extents must be equal or one of them 1; (B, L, D) + (D,) and (B, L, D) * (B, L, 1) work.
/// Or with a float scalar.
Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Tensor& b);
Tensor operator+(const Tensor& a, float s);
Tensor operator-(const Tensor& a, float s);
Tensor operator*(const Tensor& a, float s);
Tensor operator/(const Tensor& a, float s);
Tensor operator+(float s, const Tensor& a);
Tensor operator-(float s, const Tensor& a);
Tensor operator*(float s, const Tensor& a);
Tensor operator/(float s, const Tensor& a);
Tensor operator-(const Tensor& a);

}  // namespace judge

#ifdef JUDGE_TENSOR_IMPLEMENTATION

namespace judge {

namespace detail {

inline int64_t checked_numel(const Shape& shape, const char* what) {
    int64_t n = 1;
    for (int64_t e : shape) {
        if (e < 0) {
            throw tensor_invalid_argument(std::string(what) + ": shape " + shape_str(shape) +
                                        " has a negative extent");
        }
        n *= e;
    }
    return n;
}

// Maps a possibly negative dimension index to 0..rank-1, as PyTorch does.
inline int64_t wrap_dim(int64_t d, int64_t rank, const char* what, const Shape& shape) {
    const int64_t w = d < 0 ? d + rank : d;
    if (w < 0 || w >= rank) {
        throw tensor_out_of_range(std::string(what) + ": dimension " + std::to_string(d) +
                                " is out of range for a tensor of shape " + shape_str(shape) +
                                " (it has " + std::to_string(rank) + " dimensions)");
    }
    return w;
}

inline Shape strides_of(const Shape& shape) {
    Shape st(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) {
        st[static_cast<size_t>(i)] = st[static_cast<size_t>(i) + 1] * shape[static_cast<size_t>(i) + 1];
    }
    return st;
}

// The flat offset of a bounds-checked index.
inline size_t flat_offset(const Shape& shape, const int64_t* index, size_t n) {
    if (n != shape.size()) {
        throw tensor_invalid_argument("at: got " + std::to_string(n) + " indices for a tensor of shape " +
                                    shape_str(shape) + " (it has " + std::to_string(shape.size()) + " dimensions)");
    }
    int64_t off = 0;
    for (size_t i = 0; i < n; ++i) {
        if (index[i] < 0 || index[i] >= shape[i]) {
            throw tensor_out_of_range("at: index " + std::to_string(index[i]) + " is out of range for dimension " +
                                    std::to_string(i) + " of size " + std::to_string(shape[i]) + " (tensor shape " +
                                    shape_str(shape) + ")");
        }
        off = off * shape[i] + index[i];
    }
    return static_cast<size_t>(off);
}

// The shape a reshape of `shape` (numel elements) into `new_shape` gives, its -1 inferred.
inline Shape reshaped(const Shape& shape, int64_t numel, Shape new_shape) {
    int64_t known = 1;
    int64_t infer = -1;
    for (size_t i = 0; i < new_shape.size(); ++i) {
        if (new_shape[i] == -1) {
            if (infer >= 0) {
                throw tensor_invalid_argument("reshape: only one dimension can be -1, got " + shape_str(new_shape));
            }
            infer = static_cast<int64_t>(i);
        } else if (new_shape[i] < 0) {
            throw tensor_invalid_argument("reshape: invalid extent " + std::to_string(new_shape[i]) + " in " +
                                        shape_str(new_shape));
        } else {
            known *= new_shape[i];
        }
    }
    if (infer >= 0) {
        if (known == 0 || numel % known != 0) {
            throw tensor_invalid_argument("reshape: cannot reshape a tensor of shape " + shape_str(shape) + " (" +
                                        std::to_string(numel) + " elements) into " + shape_str(new_shape));
        }
        new_shape[static_cast<size_t>(infer)] = numel / known;
    } else if (known != numel) {
        throw tensor_invalid_argument("reshape: cannot reshape a tensor of shape " + shape_str(shape) + " (" +
                                    std::to_string(numel) + " elements) into " + shape_str(new_shape) + " (" +
                                    std::to_string(known) + " elements)");
    }
    return new_shape;
}

template <class T>
std::vector<T> interleaved(const Shape& shape, const std::vector<T>& v, int64_t repeats, int64_t d, Shape& out_shape) {
    if (repeats < 0)
        throw tensor_invalid_argument("repeat_interleave: repeats must be >= 0, got " + std::to_string(repeats));
    const int64_t w = wrap_dim(d, static_cast<int64_t>(shape.size()), "repeat_interleave", shape);
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; i < w; ++i) outer *= shape[static_cast<size_t>(i)];
    for (size_t i = static_cast<size_t>(w) + 1; i < shape.size(); ++i) inner *= shape[i];
    const int64_t extent = shape[static_cast<size_t>(w)];
    out_shape = shape;
    out_shape[static_cast<size_t>(w)] = extent * repeats;
    std::vector<T> out;
    out.reserve(static_cast<size_t>(checked_numel(out_shape, "repeat_interleave")));
    for (int64_t o = 0; o < outer; ++o) {
        for (int64_t e = 0; e < extent; ++e) {
            const auto first = v.begin() + (o * extent + e) * inner;
            for (int64_t r = 0; r < repeats; ++r) out.insert(out.end(), first, first + inner);
        }
    }
    return out;
}

template <class T>
std::vector<T> tiled(const Shape& shape, const std::vector<T>& v, const Shape& repeats, Shape& out_shape) {
    if (repeats.size() < shape.size()) {
        throw tensor_invalid_argument("repeat: " + std::to_string(repeats.size()) + " repeats for a tensor of shape " +
                                    shape_str(shape) + "; give at least one per dimension");
    }
    Shape in(repeats.size() - shape.size(), 1);  // leading dimensions of 1, as PyTorch adds them
    in.insert(in.end(), shape.begin(), shape.end());
    out_shape.assign(in.size(), 0);
    for (size_t i = 0; i < in.size(); ++i) {
        if (repeats[i] < 0) throw tensor_invalid_argument("repeat: repeats must be >= 0, got " + shape_str(repeats));
        out_shape[i] = in[i] * repeats[i];
    }
    const auto n = static_cast<size_t>(checked_numel(out_shape, "repeat"));
    const Shape in_strides = strides_of(in);
    std::vector<T> out(n);
    std::vector<int64_t> idx(in.size(), 0);
    for (size_t flat = 0; flat < n; ++flat) {
        int64_t src = 0;
        for (size_t i = 0; i < in.size(); ++i) src += (idx[i] % in[i]) * in_strides[i];
        out[flat] = v[static_cast<size_t>(src)];
        for (size_t i = in.size(); i-- > 0;) {  // the next index, last dimension fastest
            if (++idx[i] < out_shape[i]) break;
            idx[i] = 0;
        }
    }
    return out;
}

}  // namespace detail

IntTensor::IntTensor(Shape shape, std::vector<int64_t> values) : m_shape(std::move(shape)), m_data(std::move(values)) {
    const int64_t n = detail::checked_numel(m_shape, "IntTensor");
    if (n != static_cast<int64_t>(m_data.size())) {
        throw tensor_invalid_argument("IntTensor: shape " + shape_str(m_shape) + " needs " + std::to_string(n) +
                                    " values, got " + std::to_string(m_data.size()));
    }
}

int64_t IntTensor::size(int64_t d) const {
    return m_shape[static_cast<size_t>(detail::wrap_dim(d, dim(), "size", m_shape))];
}

IntTensor IntTensor::reshape(Shape new_shape) const {
    return IntTensor(detail::reshaped(m_shape, numel(), std::move(new_shape)), m_data);
}

size_t IntTensor::offset(const int64_t* index, size_t n) const { return detail::flat_offset(m_shape, index, n); }

template <int>
IntTensor repeat_interleave(const IntTensor& x, int64_t repeats, int64_t d) {
    Shape shape;
    std::vector<int64_t> v = detail::interleaved(x.shape(), std::vector<int64_t>(x.data(), x.data() + x.numel()),
                                                 repeats, d, shape);
    return IntTensor(std::move(shape), std::move(v));
}

template <int>
Tensor repeat_interleave(const Tensor& x, int64_t repeats, int64_t d) {
    Shape shape;
    std::vector<float> v =
        detail::interleaved(x.shape(), std::vector<float>(x.data(), x.data() + x.numel()), repeats, d, shape);
    return Tensor(std::move(shape), std::move(v));
}

template <int>
IntTensor repeat_interleave(const IntTensor& x, int64_t repeats) {
    return repeat_interleave(x.reshape({-1}), repeats, 0);
}

template <int>
IntTensor repeat(const IntTensor& x, const Shape& repeats) {
    Shape shape;
    std::vector<int64_t> v =
        detail::tiled(x.shape(), std::vector<int64_t>(x.data(), x.data() + x.numel()), repeats, shape);
    return IntTensor(std::move(shape), std::move(v));
}

template <int>
Tensor repeat(const Tensor& x, const Shape& repeats) {
    Shape shape;
    std::vector<float> v = detail::tiled(x.shape(), std::vector<float>(x.data(), x.data() + x.numel()), repeats, shape);
    return Tensor(std::move(shape), std::move(v));
}

Tensor::Tensor(Shape shape, std::vector<float> values) : m_shape(std::move(shape)), m_data(std::move(values)) {
    const int64_t n = detail::checked_numel(m_shape, "Tensor");
    if (n != static_cast<int64_t>(m_data.size())) {
        throw tensor_invalid_argument("Tensor: shape " + shape_str(m_shape) + " needs " + std::to_string(n) +
                                    " values, got " + std::to_string(m_data.size()));
    }
}

int64_t Tensor::size(int64_t d) const {
    return m_shape[static_cast<size_t>(detail::wrap_dim(d, dim(), "size", m_shape))];
}

Tensor Tensor::reshape(Shape new_shape) const {
    return Tensor(detail::reshaped(m_shape, numel(), std::move(new_shape)), m_data);
}

Tensor Tensor::permute(const Shape& dims) const {
    const int64_t r = dim();
    if (static_cast<int64_t>(dims.size()) != r) {
        throw tensor_invalid_argument("permute: got " + std::to_string(dims.size()) +
                                    " dimensions for a tensor of shape " + shape_str(m_shape) + " (it has " +
                                    std::to_string(r) + ")");
    }
    Shape src(dims.size());
    std::vector<bool> seen(dims.size(), false);
    for (size_t i = 0; i < dims.size(); ++i) {
        const int64_t d = detail::wrap_dim(dims[i], r, "permute", m_shape);
        if (seen[static_cast<size_t>(d)]) {
            throw tensor_invalid_argument("permute: dimension " + std::to_string(d) + " appears twice in " +
                                        shape_str(dims));
        }
        seen[static_cast<size_t>(d)] = true;
        src[i] = d;
    }
    Shape out_shape(dims.size());
    for (size_t i = 0; i < dims.size(); ++i) out_shape[i] = m_shape[static_cast<size_t>(src[i])];
    const Shape in_strides = detail::strides_of(m_shape);
    Shape step(dims.size());  // input stride of each output dimension
    for (size_t i = 0; i < dims.size(); ++i) step[i] = in_strides[static_cast<size_t>(src[i])];
    std::vector<float> out(m_data.size());
    if (!out.empty()) {
        Shape idx(dims.size(), 0);
        int64_t in_off = 0;
        for (float& o : out) {
            o = m_data[static_cast<size_t>(in_off)];
            for (int64_t k = r - 1; k >= 0; --k) {  // odometer increment over the output index
                const auto ku = static_cast<size_t>(k);
                if (++idx[ku] < out_shape[ku]) {
                    in_off += step[ku];
                    break;
                }
                in_off -= step[ku] * (out_shape[ku] - 1);
                idx[ku] = 0;
            }
        }
    }
    return Tensor(std::move(out_shape), std::move(out));
}

Tensor Tensor::transpose(int64_t d0, int64_t d1) const {
    const int64_t a = detail::wrap_dim(d0, dim(), "transpose", m_shape);
    const int64_t b = detail::wrap_dim(d1, dim(), "transpose", m_shape);
    Shape dims(static_cast<size_t>(dim()));
    for (int64_t i = 0; i < dim(); ++i) dims[static_cast<size_t>(i)] = i;
    std::swap(dims[static_cast<size_t>(a)], dims[static_cast<size_t>(b)]);
    return permute(dims);
}

Tensor Tensor::narrow(int64_t d, int64_t start, int64_t length) const {
    const int64_t w = detail::wrap_dim(d, dim(), "narrow", m_shape);
    const int64_t extent = m_shape[static_cast<size_t>(w)];
    if (start < 0 || length < 0 || start + length > extent) {
        throw tensor_out_of_range("narrow: [" + std::to_string(start) + ", " + std::to_string(start + length) +
                                ") is outside dimension " + std::to_string(w) + " of size " +
                                std::to_string(extent) + " (tensor shape " + shape_str(m_shape) + ")");
    }
    Shape out_shape = m_shape;
    out_shape[static_cast<size_t>(w)] = length;
    int64_t outer = 1;
    int64_t inner = 1;
    for (int64_t i = 0; i < w; ++i) outer *= m_shape[static_cast<size_t>(i)];
    for (int64_t i = w + 1; i < dim(); ++i) inner *= m_shape[static_cast<size_t>(i)];
    std::vector<float> out;
    out.reserve(static_cast<size_t>(outer * length * inner));
    for (int64_t o = 0; o < outer; ++o) {
        const float* base = m_data.data() + (o * extent + start) * inner;
        out.insert(out.end(), base, base + length * inner);
    }
    return Tensor(std::move(out_shape), std::move(out));
}

size_t Tensor::offset(const int64_t* index, size_t n) const { return detail::flat_offset(m_shape, index, n); }

/// A tensor of the given shape filled with `value`.
template <int>
Tensor full(const Shape& shape, float value) {
    return Tensor(shape, std::vector<float>(static_cast<size_t>(detail::checked_numel(shape, "full")), value));
}

/// A tensor of the given shape filled with zeros.
template <int>
Tensor zeros(const Shape& shape) { return full(shape, 0.0f); }

/// A tensor of the given shape filled with ones.
template <int>
Tensor ones(const Shape& shape) { return full(shape, 1.0f); }

/// The values 0, 1, ..., n-1 in a tensor of shape (n,).
template <int>
Tensor arange(int64_t n) {
    if (n < 0) throw tensor_invalid_argument("arange: n must be >= 0, got " + std::to_string(n));
    std::vector<float> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<float>(i);
    return Tensor({n}, std::move(v));
}

/// A tensor of the given shape holding `values` in row-major order.
template <int>
Tensor from_vector(std::vector<float> values, const Shape& shape) { return Tensor(shape, std::move(values)); }

/// Matrix product: (m, k) @ (k, n); or batched (..., m, k) @ (..., k, n) with identical leading
/// dimensions; or (..., m, k) @ (k, n), which applies the same matrix to every batch element.
template <int>
Tensor matmul(const Tensor& a, const Tensor& b) {
    const auto fail = [&](const std::string& why) {
        return tensor_invalid_argument("matmul: cannot multiply shapes " + shape_str(a.shape()) + " and " +
                                       shape_str(b.shape()) + ": " + why);
    };
    if (a.dim() < 2 || b.dim() < 2) throw fail("both tensors need at least 2 dimensions");
    if (b.dim() != 2 && b.dim() != a.dim()) {
        throw fail("the second tensor must be 2-D or have as many dimensions as the first");
    }
    const int64_t m = a.size(-2), k = a.size(-1), n = b.size(-1);
    if (b.size(-2) != k) {
        throw fail("inner dimensions differ (" + std::to_string(k) + " vs " + std::to_string(b.size(-2)) + ")");
    }
    int64_t batch = 1;
    for (int64_t i = 0; i + 2 < a.dim(); ++i) {
        if (b.dim() != 2 && a.shape()[static_cast<size_t>(i)] != b.shape()[static_cast<size_t>(i)]) {
            throw fail("leading (batch) dimensions differ");
        }
        batch *= a.shape()[static_cast<size_t>(i)];
    }
    Shape out_shape(a.shape().begin(), a.shape().end() - 2);
    out_shape.push_back(m);
    out_shape.push_back(n);
    std::vector<float> out(static_cast<size_t>(batch * m * n), 0.0f);
    const float* pa = a.data();
    const float* pb = b.data();
    for (int64_t t = 0; t < batch; ++t) {
        const float* A = pa + t * m * k;
        const float* B = b.dim() == 2 ? pb : pb + t * k * n;
        float* C = out.data() + t * m * n;
        for (int64_t i = 0; i < m; ++i) {
            for (int64_t p = 0; p < k; ++p) {
                const float av = A[i * k + p];
                const float* brow = B + p * n;
                float* crow = C + i * n;
                for (int64_t j = 0; j < n; ++j) crow[j] += av * brow[j];
            }
        }
    }
    return Tensor(std::move(out_shape), std::move(out));
}

/// Softmax along dimension `d` (negative counts from the end), computed stably by subtracting the max.
template <int>
Tensor softmax(const Tensor& x, int64_t d) {
    const int64_t w = detail::wrap_dim(d, x.dim(), "softmax", x.shape());
    const int64_t extent = x.size(w);
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; i < w; ++i) outer *= x.size(i);
    for (int64_t i = w + 1; i < x.dim(); ++i) inner *= x.size(i);
    Tensor out = x;
    float* p = out.data();
    for (int64_t o = 0; o < outer; ++o) {
        for (int64_t in = 0; in < inner; ++in) {
            float* base = p + o * extent * inner + in;
            float mx = -INFINITY;
            for (int64_t e = 0; e < extent; ++e) mx = std::fmax(mx, base[e * inner]);
            float sum = 0.0f;
            for (int64_t e = 0; e < extent; ++e) {
                base[e * inner] = std::exp(base[e * inner] - mx);
                sum += base[e * inner];
            }
            for (int64_t e = 0; e < extent; ++e) base[e * inner] /= sum;
        }
    }
    return out;
}

/// Concatenates tensors along dimension `d`; all other extents must agree.
template <int>
Tensor cat(const std::vector<Tensor>& tensors, int64_t d) {
    if (tensors.empty()) throw tensor_invalid_argument("cat: needs at least one tensor");
    const Tensor& first = tensors.front();
    const int64_t w = detail::wrap_dim(d, first.dim(), "cat", first.shape());
    Shape out_shape = first.shape();
    out_shape[static_cast<size_t>(w)] = 0;
    for (size_t t = 0; t < tensors.size(); ++t) {
        const Tensor& x = tensors[t];
        bool ok = x.dim() == first.dim();
        for (int64_t i = 0; ok && i < x.dim(); ++i) ok = i == w || x.size(i) == first.size(i);
        if (!ok) {
            throw tensor_invalid_argument("cat: tensor " + std::to_string(t) + " has shape " + shape_str(x.shape()) +
                                        ", which does not match " + shape_str(first.shape()) +
                                        " outside dimension " + std::to_string(w));
        }
        out_shape[static_cast<size_t>(w)] += x.size(w);
    }
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; i < w; ++i) outer *= first.size(i);
    for (int64_t i = w + 1; i < first.dim(); ++i) inner *= first.size(i);
    std::vector<float> out;
    out.reserve(static_cast<size_t>(detail::checked_numel(out_shape, "cat")));
    for (int64_t o = 0; o < outer; ++o) {
        for (const Tensor& x : tensors) {
            const int64_t chunk = x.size(w) * inner;
            const float* base = x.data() + o * chunk;
            out.insert(out.end(), base, base + chunk);
        }
    }
    return Tensor(std::move(out_shape), std::move(out));
}

namespace detail {

// The shape two shapes broadcast to, by PyTorch's rules; `name` and both shapes in the error.
inline Shape broadcast_shape(const Shape& a, const Shape& b, const std::string& name) {
    const size_t rank = a.size() > b.size() ? a.size() : b.size();
    Shape out(rank, 1);
    for (size_t i = 0; i < rank; ++i) {  // i counts from the last dimension
        const int64_t ea = i < a.size() ? a[a.size() - 1 - i] : 1;
        const int64_t eb = i < b.size() ? b[b.size() - 1 - i] : 1;
        if (ea != eb && ea != 1 && eb != 1) {
            throw tensor_invalid_argument(name + ": shapes " + shape_str(a) + " and " + shape_str(b) +
                                        " do not broadcast: dimension -" + std::to_string(i + 1) + " is " +
                                        std::to_string(ea) + " in the first and " + std::to_string(eb) +
                                        " in the second (each pair must be equal or 1)");
        }
        out[rank - 1 - i] = ea == 1 ? eb : ea;
    }
    return out;
}

// The strides with which `shape`, broadcast to `out`, is read: 0 along a broadcast dimension.
inline Shape broadcast_strides(const Shape& shape, const Shape& out) {
    const Shape own = strides_of(shape);
    Shape st(out.size(), 0);
    const size_t lead = out.size() - shape.size();
    for (size_t i = 0; i < shape.size(); ++i) st[lead + i] = shape[i] == 1 ? 0 : own[i];
    return st;
}

template <class Op>
Tensor elementwise(const Tensor& a, const Tensor& b, const std::string& name, Op op) {
    if (a.shape() == b.shape()) {
        Tensor out = a;
        float* p = out.data();
        const float* q = b.data();
        for (int64_t i = 0; i < out.numel(); ++i) p[i] = op(p[i], q[i]);
        return out;
    }
    Shape shape = broadcast_shape(a.shape(), b.shape(), name);
    const auto n = static_cast<size_t>(checked_numel(shape, name.c_str()));
    const Shape sa = broadcast_strides(a.shape(), shape), sb = broadcast_strides(b.shape(), shape);
    std::vector<float> out(n);
    std::vector<int64_t> idx(shape.size(), 0);
    int64_t oa = 0, ob = 0;
    const float* pa = a.data();
    const float* pb = b.data();
    for (size_t flat = 0; flat < n; ++flat) {
        out[flat] = op(pa[oa], pb[ob]);
        for (size_t i = shape.size(); i-- > 0;) {  // the next index, last dimension fastest
            oa += sa[i];
            ob += sb[i];
            if (++idx[i] < shape[i]) break;
            oa -= sa[i] * shape[i];
            ob -= sb[i] * shape[i];
            idx[i] = 0;
        }
    }
    return Tensor(std::move(shape), std::move(out));
}

template <class Op>
Tensor scalar_op(const Tensor& a, Op op) {
    Tensor out = a;
    float* p = out.data();
    for (int64_t i = 0; i < out.numel(); ++i) p[i] = op(p[i]);
    return out;
}

// Applies `fold` to every slice along `dim`: fold(first, extent, stride) gives that slice's value.
template <class Fold>
Tensor reduce(const Tensor& x, int64_t dim, bool keepdim, const char* name, Fold fold) {
    const int64_t w = wrap_dim(dim, x.dim(), name, x.shape());
    const int64_t extent = x.size(w);
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; i < w; ++i) outer *= x.size(i);
    for (int64_t i = w + 1; i < x.dim(); ++i) inner *= x.size(i);
    Shape shape = x.shape();
    if (keepdim) {
        shape[static_cast<size_t>(w)] = 1;
    } else {
        shape.erase(shape.begin() + w);
    }
    std::vector<float> out(static_cast<size_t>(outer * inner));
    for (int64_t o = 0; o < outer; ++o) {
        for (int64_t in = 0; in < inner; ++in) {
            out[static_cast<size_t>(o * inner + in)] = fold(x.data() + o * extent * inner + in, extent, inner);
        }
    }
    return Tensor(std::move(shape), std::move(out));
}

inline float slice_sum(const float* p, int64_t n, int64_t stride) {
    float s = 0.0f;
    for (int64_t e = 0; e < n; ++e) s += p[e * stride];
    return s;
}

}  // namespace detail

template <int>
Tensor sum(const Tensor& x, int64_t dim, bool keepdim) {
    return detail::reduce(x, dim, keepdim, "sum", detail::slice_sum);
}

template <int>
Tensor mean(const Tensor& x, int64_t dim, bool keepdim) {
    return detail::reduce(x, dim, keepdim, "mean", [](const float* p, int64_t n, int64_t stride) {
        return detail::slice_sum(p, n, stride) / static_cast<float>(n);
    });
}

template <int>
Tensor var(const Tensor& x, int64_t dim, bool unbiased, bool keepdim) {
    return detail::reduce(x, dim, keepdim, "var", [unbiased](const float* p, int64_t n, int64_t stride) {
        const float m = detail::slice_sum(p, n, stride) / static_cast<float>(n);
        float s = 0.0f;
        for (int64_t e = 0; e < n; ++e) s += (p[e * stride] - m) * (p[e * stride] - m);
        return s / static_cast<float>(unbiased ? n - 1 : n);  // n - 1 = 0 gives NaN or inf, as in PyTorch
    });
}

template <int>
Tensor amax(const Tensor& x, int64_t dim, bool keepdim) {
    const int64_t w = detail::wrap_dim(dim, x.dim(), "amax", x.shape());
    if (x.size(w) == 0) {
        throw tensor_invalid_argument("amax: dimension " + std::to_string(dim) + " of a tensor of shape " +
                                    shape_str(x.shape()) + " is empty, and an empty slice has no maximum");
    }
    return detail::reduce(x, dim, keepdim, "amax", [](const float* p, int64_t n, int64_t stride) {
        float m = -INFINITY;
        for (int64_t e = 0; e < n; ++e) {
            const float v = p[e * stride];
            if (std::isnan(v)) return v;
            if (v > m) m = v;
        }
        return m;
    });
}

template <int>
Tensor sqrt(const Tensor& x) { return detail::scalar_op(x, [](float v) { return std::sqrt(v); }); }
template <int>
Tensor exp(const Tensor& x) { return detail::scalar_op(x, [](float v) { return std::exp(v); }); }
template <int>
Tensor log(const Tensor& x) { return detail::scalar_op(x, [](float v) { return std::log(v); }); }
template <int>
Tensor sin(const Tensor& x) { return detail::scalar_op(x, [](float v) { return std::sin(v); }); }
template <int>
Tensor cos(const Tensor& x) { return detail::scalar_op(x, [](float v) { return std::cos(v); }); }
template <int>
Tensor tanh(const Tensor& x) { return detail::scalar_op(x, [](float v) { return std::tanh(v); }); }
template <int>
Tensor relu(const Tensor& x) {
    return detail::scalar_op(x, [](float v) { return std::isnan(v) || v > 0.0f ? v : 0.0f; });
}
// As PyTorch, p = 0.5, 2, 3, -0.5, -1 and -2 are sqrt, products and reciprocals: pow(-inf, 0.5) is NaN, not inf.
template <int>
Tensor pow(const Tensor& x, float p) {
    return detail::scalar_op(x, [p](float v) {
        if (p == 0.5f) return std::sqrt(v);
        if (p == -0.5f) return 1.0f / std::sqrt(v);
        if (p == 2.0f) return v * v;
        if (p == 3.0f) return v * v * v;
        if (p == -1.0f) return 1.0f / v;
        if (p == -2.0f) return 1.0f / (v * v);
        return std::pow(v, p);
    });
}
template <int>
Tensor maximum(const Tensor& a, const Tensor& b) {
    return detail::elementwise(a, b, "maximum", [](float x, float y) {
        if (std::isnan(x) || std::isnan(y)) return std::isnan(x) ? x : y;
        return x > y ? x : y;
    });
}

/// Element-wise arithmetic, broadcast, or with a float scalar.
Tensor operator+(const Tensor& a, const Tensor& b) {
    return detail::elementwise(a, b, "operator+", [](float x, float y) { return x + y; });
}
Tensor operator-(const Tensor& a, const Tensor& b) {
    return detail::elementwise(a, b, "operator-", [](float x, float y) { return x - y; });
}
Tensor operator*(const Tensor& a, const Tensor& b) {
    return detail::elementwise(a, b, "operator*", [](float x, float y) { return x * y; });
}
Tensor operator/(const Tensor& a, const Tensor& b) {
    return detail::elementwise(a, b, "operator/", [](float x, float y) { return x / y; });
}
Tensor operator+(const Tensor& a, float s) { return detail::scalar_op(a, [s](float x) { return x + s; }); }
Tensor operator-(const Tensor& a, float s) { return detail::scalar_op(a, [s](float x) { return x - s; }); }
Tensor operator*(const Tensor& a, float s) { return detail::scalar_op(a, [s](float x) { return x * s; }); }
Tensor operator/(const Tensor& a, float s) { return detail::scalar_op(a, [s](float x) { return x / s; }); }
Tensor operator+(float s, const Tensor& a) { return detail::scalar_op(a, [s](float x) { return s + x; }); }
Tensor operator-(float s, const Tensor& a) { return detail::scalar_op(a, [s](float x) { return s - x; }); }
Tensor operator*(float s, const Tensor& a) { return detail::scalar_op(a, [s](float x) { return s * x; }); }
Tensor operator/(float s, const Tensor& a) { return detail::scalar_op(a, [s](float x) { return s / x; }); }
Tensor operator-(const Tensor& a) { return detail::scalar_op(a, [](float x) { return -x; }); }

// The definitions a solution's calls link to: it sees only the declarations above.
template IntTensor repeat_interleave<0>(const IntTensor&, int64_t, int64_t);
template Tensor repeat_interleave<0>(const Tensor&, int64_t, int64_t);
template IntTensor repeat_interleave<0>(const IntTensor&, int64_t);
template IntTensor repeat<0>(const IntTensor&, const Shape&);
template Tensor repeat<0>(const Tensor&, const Shape&);
template Tensor full<0>(const Shape&, float);
template Tensor zeros<0>(const Shape&);
template Tensor ones<0>(const Shape&);
template Tensor arange<0>(int64_t);
template Tensor from_vector<0>(std::vector<float>, const Shape&);
template Tensor matmul<0>(const Tensor&, const Tensor&);
template Tensor softmax<0>(const Tensor&, int64_t);
template Tensor cat<0>(const std::vector<Tensor>&, int64_t);
template Tensor sum<0>(const Tensor&, int64_t, bool);
template Tensor mean<0>(const Tensor&, int64_t, bool);
template Tensor var<0>(const Tensor&, int64_t, bool, bool);
template Tensor amax<0>(const Tensor&, int64_t, bool);
template Tensor sqrt<0>(const Tensor&);
template Tensor exp<0>(const Tensor&);
template Tensor log<0>(const Tensor&);
template Tensor sin<0>(const Tensor&);
template Tensor cos<0>(const Tensor&);
template Tensor tanh<0>(const Tensor&);
template Tensor relu<0>(const Tensor&);
template Tensor pow<0>(const Tensor&, float);
template Tensor maximum<0>(const Tensor&, const Tensor&);

}  // namespace judge

#endif  // JUDGE_TENSOR_IMPLEMENTATION
