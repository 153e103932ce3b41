// The judge's one definition of shape_str (see protocol/shape.hpp).
#define JUDGE_SHAPE_IMPLEMENTATION
#include "protocol/shape.hpp"
