"""Arrays in and out of the command line, shared by the commands:

- ``npy``: .npy files and .npz members read safely (header checked before any data is read);
- ``inputs``: a model's inputs from ``-i`` files and ``--shape``;
- ``random_inputs``: ``--random`` for a model, index-aware;
- ``outputs``: the .npz of outputs (atomic), the output table, and the widened types both use;
- ``dump``: ``--dump DIR``, every tensor of a run.

Files named on the command line are the user's; names inside models and .npz files are not:
they are escaped before they reach a terminal and sanitised before they name a file.
"""
from .dump import DumpDir, safe_component  # noqa: F401
from .inputs import load_inputs, parse_shape_specs  # noqa: F401
from .npy import NpzReader, load_npy, read_array  # noqa: F401
from .outputs import (check_output_file, format_table, save_npz_atomic, storable,  # noqa: F401
                      stored_nbytes, widened)
from .random_inputs import random_inputs  # noqa: F401
