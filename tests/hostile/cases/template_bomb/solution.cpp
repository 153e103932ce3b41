// expect: compile_error
// tiers: bubblewrap fallback
// 2^40 distinct instantiations: the compiler must be stopped by its time or memory limit.
#include <judge/tensor.hpp>
template <int N, class T> struct Bomb {
    static constexpr long v = Bomb<N - 1, Bomb<N, T>*>::v + Bomb<N - 1, const Bomb<N, T>*>::v;
};
template <class T> struct Bomb<0, T> { static constexpr long v = 1; };
judge::Tensor probe(const judge::Tensor& x) { return x + static_cast<float>(Bomb<40, int>::v); }
