"""A model's inputs from the command line: ``-i KEY=FILE.npy`` and ``-i FILE.npz`` (read by
``npy``), and ``--shape KEY=D1,D2,...`` for ``--random``; ``irexec run``, ``--steps`` and
``irexec compare`` all read them here.

KEY says which input, by one rule that never depends on the model's names:

- unquoted digits are an index, from 0 (``-i 0=x.npy``);
- anything else unquoted is a name (the input's, or one of its tensor names), up to the first
  ``=``: a name may hold ``,``, spaces, or quotes after its first character (``--shape a,b=2,8``);
- a key in double quotes is a name whatever it holds (``"x=1"=x.npy``, ``"0"=x.npy`` for an
  input named 0); a quote inside it is doubled (``"a ""b"" c"=x.npy`` for ``a "b" c``).

Everything after the key's ``=`` is the path (or the dims), so a path may hold ``=``. A spec
starting with ``=`` has no key: ``-i =a=1/in.npz``, a .npz (or the only input's .npy) whose
path holds ``=``.

Digits that are one input's index and another input's name are refused rather than read as the
index: a model exported with inputs named ``1`` and ``0`` would otherwise take data for the
wrong one from a command line written for names.
"""

from __future__ import annotations

import os
import re
import shlex
import zipfile

import numpy as np

from ..api.model import Model
from ..errors import InputError, IRExecError, UsageError, listing
from ..shapes import parse_shape

_INDEX = re.compile(r"[0-9]+")
# Names a suggestion writes as they are: safe in a shell unquoted, and not read as an index.
_PLAIN = re.compile(r"[A-Za-z0-9_.:/][A-Za-z0-9_.:/-]*")


def load_inputs(m: Model, specs, step: int | None = None) -> dict:
    """The arrays the ``-i`` specs give, by input name; with ``step``, ``{step}`` in each path is
    replaced by its number (in the path only: a name keeps its braces)."""
    feeds, given = {}, {}
    for spec in specs:
        key, quoted, path = split_key(spec, "-i", "FILE.npy")
        if step is not None:
            from .state import for_step  # (only --steps: its module writes the state too)

            path = for_step(path, step)
        if key is not None:
            info = input_for(m, key, quoted, "-i", spec)
            if info.name in given:
                raise UsageError(f"-i '{spec}': input '{info.name}' is given twice (also by -i '{given[info.name]}')")
            given[info.name] = spec
            feeds[info.name] = _load_npy(m, info, path)
        elif path.endswith(".npz"):
            feeds.update(_load_npz(m, path))
        elif len(m.inputs) == 1:
            feeds[m.inputs[0].name] = _load_npy(m, m.inputs[0], path)
        else:
            e_g = f", e.g. {suggest(m, m.inputs[0], '-i', 'FILE.npy')}" if m.inputs else ""
            raise UsageError(
                f"-i '{spec}': use NAME=FILE.npy or INDEX=FILE.npy{e_g} (the model has {len(m.inputs)} inputs)"
            )
    return feeds


def parse_shape_specs(m: Model, specs) -> dict:
    """``--shape KEY=D1,D2,...``: input name -> tuple of ints."""
    shapes, given = {}, {}
    for spec in specs:
        key, quoted, dims = split_key(spec, "--shape", "D1,D2,...")
        if key is None:
            e_g = f", e.g. {suggest(m, m.inputs[0], '--shape', 'D1,D2,...')}" if m.inputs else ""
            raise UsageError(f"--shape '{spec}': use NAME=D1,D2,... or INDEX=D1,D2,...{e_g}")
        info = input_for(m, key, quoted, "--shape", spec)
        try:
            shape = parse_shape(dims)
        except IRExecError as e:
            raise UsageError(f"--shape '{spec}': {e.message}") from None
        if shape is None or not all(d.is_static for d in shape):
            raise UsageError(f"--shape '{spec}': give every dim as a number")
        if info.name in given:
            raise UsageError(
                f"--shape '{spec}': input '{info.name}' is given twice (also by --shape '{given[info.name]}')"
            )
        given[info.name] = spec
        shapes[info.name] = tuple(d.lo for d in shape)
    return shapes


def split_key(spec: str, flag: str, value: str):
    """``spec`` as (key, whether it was quoted, the rest after its ``=``); the key is None when
    the spec has none (no ``=``, or a leading ``=``)."""
    if spec.startswith('"'):
        parts, i = [], 1
        while True:
            j = spec.find('"', i)
            if j < 0:
                raise UsageError(
                    f"{flag} '{spec}': the quoted name has no closing quote (a quote inside a name is doubled: \"\")"
                )
            parts.append(spec[i:j])
            if not spec.startswith('"', j + 1):
                break
            parts.append('"')
            i = j + 2
        if not spec.startswith("=", j + 1):
            raise UsageError(
                f"{flag} '{spec}': a quoted name is followed by ={value} (a quote inside a name is doubled: \"\")"
            )
        return "".join(parts), True, spec[j + 2 :]
    if spec.startswith("=") or "=" not in spec:
        return None, False, spec[1:] if spec.startswith("=") else spec
    key, rest = spec.split("=", 1)
    return key, False, rest


def input_for(m: Model, key: str, quoted: bool, flag: str, spec: str):
    """The input ``key`` gives (see the module's rule)."""
    if not quoted and _INDEX.fullmatch(key):
        index = int(key)
        if index >= len(m.inputs):
            raise InputError(
                f"{flag} '{spec}': no input {index}: the model has {len(m.inputs)} input"
                f"{'s' if len(m.inputs) != 1 else ''}, indexed from 0"
            )
        info = m.inputs[index]
        named = _named(m, key)
        if named is not None and named is not info:
            rest = spec[len(key) + 1 :]
            mine = _plain_key(m, info) or quote(info.name)
            raise UsageError(
                f"{flag} '{spec}': {key} is both input {index}'s index and the name of input "
                f"{_index(m, named)}; say which by name: {_written(flag, quote(key) + '=' + rest)} "
                f"for input {_index(m, named)}, {_written(flag, mine + '=' + rest)} for input {index}"
            )
        return info
    info = _named(m, key)
    if info is None:  # (listed with their indices: a list of bare names that hold ',' reads wrong)
        known = listing(f"{k} '{other.name}'" for k, other in enumerate(m.inputs)) or "none"
        raise InputError(
            f"{flag} '{spec}': unknown input '{key}' (inputs by index: {known}){_unknown_hint(m, spec, flag)}"
        )
    return info


def _unknown_hint(m: Model, spec: str, flag: str) -> str:
    """What a key that names no input was probably meant to be."""
    at = spec.find("=")
    while at >= 0:  # a name holding '=' was cut at its first one
        at = spec.find("=", at + 1)
        info = _named(m, spec[:at]) if at > 0 else None
        if info is not None:
            key = _index_key(m, info) or quote(info.name)
            return (
                f"; input {_index(m, info)} is named '{info.name}': write {_written(flag, key + '=' + spec[at + 1 :])}"
            )
    if flag == "-i" and os.path.exists(spec):  # a path holding '=' was read as KEY=PATH
        if spec.endswith(".npz") or len(m.inputs) == 1:
            return f"; a file whose path holds '=' is given as {_written(flag, '=' + spec)}"
        return (
            f"; a file whose path holds '=' is given after its input's key, e.g. {suggest(m, m.inputs[0], flag, spec)}"
        )
    return ""


def quote(name: str) -> str:
    """``name`` as a quoted key."""
    return '"' + name.replace('"', '""') + '"'


def suggest(m: Model, info, flag: str, value: str) -> str:
    """``flag KEY=value`` for ``info``, ready for a shell: by name when the name is plain, else by
    index, else (the index being another input's name) by the quoted name."""
    return _written(flag, (_plain_key(m, info) or _index_key(m, info) or quote(info.name)) + "=" + value)


def _written(flag: str, arg: str) -> str:
    return f"{flag} {shlex.quote(arg)}"


def _plain_key(m: Model, info):
    name = info.name
    ok = _PLAIN.fullmatch(name) and not _INDEX.fullmatch(name) and _named(m, name) is info
    return name if ok else None


def _index_key(m: Model, info):
    index = str(_index(m, info))
    return index if _named(m, index) in (None, info) else None


def _named(m: Model, name: str):
    """The input called ``name``, or None."""
    try:
        return m.input(name)
    except InputError:
        return None


def _index(m: Model, info) -> int:
    return next(k for k, other in enumerate(m.inputs) if other is info)


def _load_npy(m: Model, info, path: str) -> np.ndarray:
    from .npy import load_npy  # (-i only: --random reads no file)

    return load_npy(path, info.name, info.shape, m.max_tensor_bytes)


def _load_npz(m: Model, path: str) -> dict:
    from .npy import ZIP_ERRORS, member_key, read_array

    try:
        with zipfile.ZipFile(path) as z:
            feeds = {}
            for member in z.infolist():
                info = m.input(member_key(member))  # an unknown name is refused before anything is decompressed
                with z.open(member) as f:
                    feeds[info.name] = read_array(
                        f, info.name, info.shape, m.max_tensor_bytes, f"'{path}' member '{member.filename}'"
                    )
            return feeds
    except FileNotFoundError:
        raise InputError(f"input file '{path}' not found") from None
    except IRExecError:  # (irexec's own, a RuntimeError too: raised as it is)
        raise
    except ZIP_ERRORS as e:
        raise InputError(f"cannot read '{path}' as .npz: {e}") from None
