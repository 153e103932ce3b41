// The tensor's definitions for the unit tests (the judge itself never uses the student tensor).
// shape_str is defined once already, in the judge library (protocol/shape.cpp).
#define JUDGE_SHAPE_DEFINED
#define JUDGE_TENSOR_IMPLEMENTATION
#include "judge/tensor.hpp"
