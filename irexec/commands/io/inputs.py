"""A model's inputs from the command line: ``-i NAME=FILE.npy`` and ``-i FILE.npz`` (read by
``npy``), and ``--shape NAME=D1,D2,...`` for ``--random``."""
from __future__ import annotations

import zipfile

import numpy as np

from ...errors import InputError, IRExecError, UsageError
from ...model import Model
from ...shapes import parse_shape
from .npy import ZIP_ERRORS, load_npy, member_key, read_array


def load_inputs(m: Model, specs) -> dict:
    feeds = {}
    for spec in specs:
        if "=" in spec:
            name, path = spec.split("=", 1)
            info = m.input(name)
            feeds[info.name] = _load_npy(m, info, path)
        elif spec.endswith(".npz"):
            feeds.update(_load_npz(m, spec))
        elif len(m.inputs) == 1:
            feeds[m.inputs[0].name] = _load_npy(m, m.inputs[0], spec)
        else:
            raise UsageError(f"-i '{spec}': use NAME=FILE.npy (the model has {len(m.inputs)} inputs)")
    return feeds


def _load_npy(m: Model, info, path: str) -> np.ndarray:
    return load_npy(path, info.name, info.shape, m.max_tensor_bytes)


def _load_npz(m: Model, path: str) -> dict:
    try:
        with zipfile.ZipFile(path) as z:
            feeds = {}
            for member in z.infolist():
                info = m.input(member_key(member))  # an unknown name is refused before anything is decompressed
                with z.open(member) as f:
                    feeds[info.name] = read_array(f, info.name, info.shape, m.max_tensor_bytes,
                                                  f"'{path}' member '{member.filename}'")
            return feeds
    except FileNotFoundError:
        raise InputError(f"input file '{path}' not found") from None
    except ZIP_ERRORS as e:
        raise InputError(f"cannot read '{path}' as .npz: {e}") from None


def parse_shape_specs(m: Model, specs) -> dict:
    shapes = {}
    for spec in specs:
        if "=" not in spec:
            raise UsageError(f"--shape '{spec}': use NAME=D1,D2,...")
        name, dims = spec.split("=", 1)
        try:
            shape = parse_shape(dims)
        except IRExecError as e:
            raise UsageError(f"--shape '{spec}': {e.message}") from None
        if shape is None or not all(d.is_static for d in shape):
            raise UsageError(f"--shape '{spec}': give every dim as a number")
        shapes[m.input(name).name] = tuple(d.lo for d in shape)
    return shapes
