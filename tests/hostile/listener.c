/* A loopback listener for the network case: prints its port, then waits up to 30 s for a
   connection and records it in the file named by argv[1]. Only 127.0.0.1 is ever used. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (s < 0 || bind(s, (struct sockaddr*)&a, sizeof a) != 0 || listen(s, 4) != 0 ||
        getsockname(s, (struct sockaddr*)&a, &len) != 0)
        return 1;
    printf("%d\n", ntohs(a.sin_port));
    fflush(stdout);
    struct pollfd p = {s, POLLIN, 0};
    if (poll(&p, 1, 30000) == 1 && accept(s, NULL, NULL) >= 0) {
        FILE* f = fopen(argv[1], "w");
        if (f) fclose(f);
    }
    return 0;
}
