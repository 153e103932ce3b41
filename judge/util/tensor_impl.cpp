// The judge's own copy of the student tensor's definitions (the judge uses Tensor and shape_str).
#define JUDGE_TENSOR_IMPLEMENTATION
#include "judge/tensor.hpp"
