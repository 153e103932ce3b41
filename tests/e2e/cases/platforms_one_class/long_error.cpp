#include <judge/tensor.hpp>
#include <iostream>
#include <map>
#include <vector>
#include <string>
struct S {};
void f() {
    std::map<std::vector<std::string>, std::map<std::string, std::vector<int>>> m;
    std::cout << m; std::cout << S{}; std::cerr << m; std::clog << S{};
    std::cout << m; std::cout << S{}; std::cerr << m; std::clog << S{};
}
