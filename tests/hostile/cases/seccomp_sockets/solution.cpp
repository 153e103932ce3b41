// expect: accepted
// tiers: bubblewrap fallback
// Only AF_UNIX sockets: no IPv4 or IPv6 (even on the box's own loopback), no netlink (netfilter,
// routing), no raw packets. A socket of any other family returns a wrong answer, and so does an
// AF_UNIX pair that cannot be made (the filter must not be broader than it says).
#include <judge/tensor.hpp>
#include <linux/netlink.h>
#include <sys/socket.h>
#include <unistd.h>
judge::Tensor probe(const judge::Tensor& x) {
    const int tries[][3] = {{AF_INET, SOCK_STREAM, 0},           {AF_INET6, SOCK_DGRAM, 0},
                            {AF_NETLINK, SOCK_RAW, NETLINK_NETFILTER}, {AF_NETLINK, SOCK_RAW, NETLINK_ROUTE},
                            {AF_PACKET, SOCK_RAW, 0},            {AF_VSOCK, SOCK_STREAM, 0}};
    for (const auto& t : tries)
        if (::socket(t[0], t[1], t[2]) >= 0) return x + 1.0f;
    int pair[2];
    if (::socketpair(AF_INET, SOCK_STREAM, 0, pair) == 0) return x + 1.0f;
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return x + 2.0f;
    return x;
}
