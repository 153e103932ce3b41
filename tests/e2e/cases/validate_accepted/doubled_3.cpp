this is not C++
