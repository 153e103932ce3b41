import struct
import sys


def npy(path, descr, shape, data):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    open(path, "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)


npy(f"{sys.argv[1]}/x.npy", "<f4", "(2,)", struct.pack("<2f", 1.5, -2))
npy(f"{sys.argv[1]}/negate.npy", "|b1", "()", b"\x01")
npy(f"{sys.argv[1]}/two.npy", "<i8", "()", struct.pack("<q", 2))
