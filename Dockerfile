# The judge on Debian 12, installed from its own Debian package with NumPy and PyTorch (its
# Recommends), so that it grades C++, NumPy and PyTorch submissions: a base for Gradescope's manual
# Docker autograders, PrairieLearn's external grader images and CI jobs (docs/install.md).
#   docker build -t judge .
#   docker run --rm --privileged judge doctor
# bubblewrap needs --privileged (or a seccomp and AppArmor profile that allows namespaces and
# mounts) to isolate submissions; without it the judge falls back to an unisolated tier and warns.
FROM debian:12 AS build
WORKDIR /src
COPY scripts/setup.sh scripts/setup.sh
RUN bash scripts/setup.sh --judge-only && rm -rf /var/lib/apt/lists/*
COPY . .
RUN bash scripts/make_deb.sh /build

FROM debian:12
COPY --from=build /build/judge_*.deb /tmp/
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/judge_*.deb \
      python3-numpy python3-torch \
 && rm -rf /var/lib/apt/lists/* /tmp/judge_*.deb \
 && judge --version
ENTRYPOINT ["judge"]
CMD ["--help"]
