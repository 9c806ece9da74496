"""Arrays in and out of the command line, shared by the commands, batches and comparisons:

- ``npy``: .npy files and .npz members read safely (header checked before any data is read);
- ``inputs``: a model's inputs from ``-i`` files and ``--shape``;
- ``random_inputs``: ``--random`` for a model, index-aware;
- ``outputs``: the .npz of outputs (atomic), the output table, and the widened types both use;
- ``dump``: ``--dump DIR``, every tensor of a run.

Files named on the command line are the user's; names inside models and .npz files are not:
they are escaped before they reach a terminal and sanitised before they name a file.
"""

import importlib

# The tolerances of --compare and --compare-dir (numpy.isclose's): here, so that `irexec run`
# shows them in its options without importing the comparison.
DEFAULT_RTOL, DEFAULT_ATOL = 1e-5, 1e-8

# Each name is imported from its module when first asked for: the package is imported with any of
# its modules, and a plain `irexec run` needs neither the dump nor the state (nor their json).
_NAMES = {
    "DumpDir": "dump",
    "safe_component": "dump",
    "load_inputs": "inputs",
    "parse_shape_specs": "inputs",
    "NpzReader": "npy",
    "load_npy": "npy",
    "read_array": "npy",
    "check_output_file": "outputs",
    "format_table": "outputs",
    "save_npz_atomic": "outputs",
    "storable": "outputs",
    "stored_nbytes": "outputs",
    "widened": "outputs",
    "random_inputs": "random_inputs",
}


def __getattr__(name):
    if name not in _NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_NAMES[name]}"), name)
