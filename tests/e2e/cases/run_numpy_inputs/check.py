import struct
import sys


def npy(path, descr, shape, data, fortran=False):
    dims = "".join(f"{s}," for s in shape) if len(shape) == 1 else ", ".join(map(str, shape))
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': (%s), }" % (descr, "True" if fortran else "False", dims)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    open(path, "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)


d, want = sys.argv[1], sys.argv[2]
x = [float(i) for i in range(8)]              # x of shape (1, 2, 4), row-major values 0..7
# The same x three ways: float64, big-endian float32, and Fortran order.
npy(f"{d}/x64.npy", "<f8", (1, 2, 4), struct.pack("<8d", *x))
npy(f"{d}/xbe.npy", ">f4", (1, 2, 4), struct.pack(">8f", *x))
fortran = [x[(i % 1) * 8 + ((i // 1) % 2) * 4 + (i // 2)] for i in range(8)]   # column-major of (1, 2, 4)
npy(f"{d}/xf.npy", "<f4", (1, 2, 4), struct.pack("<8f", *fortran), fortran=True)
npy(f"{want}/x.npy", "<f4", (1, 2, 4), struct.pack("<8f", *x))
npy(f"{d}/h32.npy", "<i4", (), struct.pack("<i", 2))
npy(f"{d}/hbe.npy", ">i8", (), struct.pack(">q", 2))
npy(f"{want}/num_heads.npy", "<i8", (), struct.pack("<q", 2))
npy(f"{d}/c.npy", "<c16", (1, 2, 4), b"\0" * 128)
npy(f"{d}/o.npy", "|O", (1,), b"\0" * 8)
