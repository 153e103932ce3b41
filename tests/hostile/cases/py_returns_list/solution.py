# expect: runtime_error
# tiers: bubblewrap
# report: probe returned a list; expected a tensor
# A list is not a tensor: refused with a message that names it, never converted.
def probe(x):
    return x.tolist()
