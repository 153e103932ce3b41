// expect: accepted
// tiers: bubblewrap
// check: no_connection
// The runner listens on the host's loopback at @PORT@. Connecting from the box must not reach it:
// the box has its own network namespace, whose loopback is not the host's.
#include <judge/tensor.hpp>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return x;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(@PORT@);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    (void)::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
    ::close(s);
    return x;
}
