#!/usr/bin/env bash
# Issue #62, point 4: the judge in a container started as the graders' platforms start theirs:
# Debian's podman, an image imported from a root made by debootstrap (no registry is reachable),
# the default capabilities, no --privileged, and a seccomp profile with or without user namespaces.
#
#   bash tests/container/podman_tier.sh JUDGE_BINARY SOURCE_ROOT
#
# As root, with `apt-get install -y podman runc debootstrap`. The image (localhost/judge-debian:12)
# is made once and kept: `podman rmi localhost/judge-debian:12` to make it again. Two profiles:
#   - podman's own default profile, which allows user namespaces (bubblewrap still cannot start:
#     the container's masked /proc cannot be mounted again);
#   - Docker's rules for namespaces applied to podman's profile (what PrairieLearn's and most
#     graders' Docker gives): clone with a namespace flag, clone3, unshare, setns and mount refused.
# In each, `judge doctor` must say the fallback tier with secret grading as root and Landlock's
# rules for files, and the hostile cases of issue #62 run in the fallback tier
# (tests/container/in_container.sh).
#
# The settings that work on a 2-core Debian 12 VM (cgroups v1 and v2 mixed, a hard limit of 20000
# open files): crun refuses a hybrid cgroup layout, so the runtime is runc; the default ulimits
# (nofile 1048576) cannot be raised past the host's, so they are set lower; --cgroups=disabled is
# not needed with runc and is refused by it.
set -euo pipefail
JUDGE=$(realpath "$1") ROOT=$(realpath "$2")
IMAGE=localhost/judge-debian:12
if [ "$(id -u)" != 0 ]; then echo "skipped: podman_tier needs root"; exit 77; fi
for tool in podman runc debootstrap; do
    command -v "$tool" >/dev/null || { echo "skipped: no $tool (apt-get install -y podman runc debootstrap)"; exit 77; }
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if ! podman image exists "$IMAGE"; then
    echo "== making $IMAGE with debootstrap (once)"
    debootstrap --variant=minbase bookworm "$TMP/root" http://deb.debian.org/debian >"$TMP/debootstrap.log" 2>&1 ||
        { tail -20 "$TMP/debootstrap.log"; exit 1; }
    cp /etc/resolv.conf "$TMP/root/etc/resolv.conf"
    chroot "$TMP/root" sh -c 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends g++ libspdlog1.10 libfmt9 libssl3 libseccomp2 libpng16-16 python3-numpy \
        bubblewrap procps bc' >"$TMP/apt.log" 2>&1 || { tail -20 "$TMP/apt.log"; exit 1; }
    tar -C "$TMP/root" -c . | podman import - "$IMAGE" >/dev/null
    rm -rf "$TMP/root"
fi
# Docker's default profile refuses new namespaces to a container without CAP_SYS_ADMIN: its rules
# for clone (no namespace flag), clone3 (ENOSYS, so that the C library falls back to clone),
# unshare, setns and mount, applied to podman's own profile.
python3 - /usr/share/containers/seccomp.json "$TMP/no-userns.json" <<'PY'
import json, sys
profile = json.load(open(sys.argv[1]))
closed = {"clone", "clone3", "unshare", "setns", "mount", "umount", "umount2", "pivot_root"}
for rule in profile["syscalls"]:
    if rule["action"] == "SCMP_ACT_ALLOW":
        rule["names"] = [n for n in rule["names"] if n not in closed]
namespaces = 0x7E020000  # CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET
profile["syscalls"].append({"names": ["clone"], "action": "SCMP_ACT_ALLOW",
                            "args": [{"index": 0, "value": namespaces, "valueTwo": 0, "op": "SCMP_CMP_MASKED_EQ"}]})
profile["syscalls"].append({"names": ["clone3"], "action": "SCMP_ACT_ERRNO", "errnoRet": 38})
json.dump(profile, open(sys.argv[2], "w"))
PY
failed=0
for profile in podman-default no-userns; do
    opts=()
    [ "$profile" = no-userns ] && opts=(--security-opt "seccomp=$TMP/no-userns.json")
    echo "== $profile: podman --runtime runc run --rm --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 ${opts[*]}"
    podman --runtime runc run --rm --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 "${opts[@]}" \
        -v "$ROOT:/src:ro" -v "$JUDGE:/usr/local/bin/judge:ro" "$IMAGE" \
        bash /src/tests/container/in_container.sh "$profile" || failed=1
done
[ "$failed" = 0 ] && echo "podman_tier: every check passed in both profiles" || echo "podman_tier: FAILED"
exit "$failed"
