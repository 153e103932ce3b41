"""An accepted alternative in NumPy that does not load: a syntax error."""
import numpy as np


def probe(x)
    return np.array(x)
