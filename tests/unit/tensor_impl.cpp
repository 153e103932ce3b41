// The tensor's definitions for the unit tests (the judge itself never uses the student tensor).
#define JUDGE_TENSOR_IMPLEMENTATION
#include "judge/tensor.hpp"
