"""The op registry: (type, version) -> op class, filled by ``@register`` as op files import.

An op file is imported when a layer of its type is first looked up, not when irexec is: the
200-odd op files took most of irexec's import time, and a model uses a few dozen types. A type's
file is first guessed from its name (ScatterUpdate: ``scatter_update.py``; the file's name
without underscores is the type in lower case, or starts with it: Const, ``constant.py``), which
takes a listing of the folders. Only when the guess does not register the (type, version) is
the text of every file read for the type it names (``type = "Relu"``, or ``type, version =
"Relu", ...``): reading the 200 files took a new process's first result 5 ms. A (type, version)
not found there either imports every file before it is called unknown, so a file that names its
type some other way is still found; whatever needs the whole registry (``REGISTRY``,
``all_ops``, the known types and versions) imports every file first.
"""

from __future__ import annotations

import importlib
import os
import re

from ..errors import ValidationError

_REGISTRY: dict[tuple, type] = {}
_OPS = os.path.dirname(os.path.abspath(__file__))
_PACKAGE = __name__.rsplit(".", 1)[0]
_TYPE_NAMED = re.compile(r'^\s+type(?:, version)? = "(\w+)"', re.M)
_STATE = {"all": False, "index": None, "loaded": set(), "files": None}


def __getattr__(name):
    if name == "REGISTRY":  # the whole of it: every op file imported
        load_all()
        return _REGISTRY
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register(cls: type) -> type:
    """Register an op class under its version and each of its aliases."""
    for version in (cls.version,) + tuple(cls.aliases):
        key = (cls.type, version)
        if key in _REGISTRY:
            raise RuntimeError(f"op {key} registered twice")
        _REGISTRY[key] = cls
    return cls


def op_files() -> list:
    """(module name, path) of every op file: ``<category>/<op>.py``, the category a package, no
    leading underscore on either (those are helpers, imported by the ops using them)."""
    out = []
    for category in sorted(os.listdir(_OPS)):
        folder = os.path.join(_OPS, category)
        if category.startswith("_") or not os.path.isfile(os.path.join(folder, "__init__.py")):
            continue
        out += [
            (f"{_PACKAGE}.{category}.{name[:-3]}", os.path.join(folder, name))
            for name in sorted(os.listdir(folder))
            if name.endswith(".py") and not name.startswith("_")
        ]
    return out


def load_all() -> None:
    """Import every op file (each registers its ops)."""
    if not _STATE["all"]:
        for module, _ in op_files():
            importlib.import_module(module)
        _STATE["all"] = True


def _guess(op_type: str) -> list:
    """The op files whose names spell ``op_type``: exactly (underscores aside), else as a prefix
    (Const in ``constant.py``, If in ``if_op.py``). Only a guess: ``lookup`` checks what it registers."""
    if _STATE["files"] is None:
        _STATE["files"] = [(module, module.rsplit(".", 1)[1].replace("_", "")) for module, _ in op_files()]
    name = op_type.lower()
    exact = [module for module, bare in _STATE["files"] if bare == name]
    return exact or [module for module, bare in _STATE["files"] if bare.startswith(name)]


def _load(op_type: str) -> None:
    """Import the op files whose text names ``op_type`` as a class's type."""
    if _STATE["index"] is None:
        index = {}
        for module, path in op_files():
            with open(path, encoding="utf-8") as f:
                for t in set(_TYPE_NAMED.findall(f.read())):
                    index.setdefault(t, []).append(module)
        _STATE["index"] = index
    if op_type not in _STATE["loaded"]:
        _STATE["loaded"].add(op_type)
        for module in _STATE["index"].get(op_type, ()):
            importlib.import_module(module)


def opset_number(version: str) -> int:
    """The number in an opset name ("opset8" -> 8; -1 when there is none)."""
    digits = "".join(ch for ch in str(version) if ch.isdigit())
    return int(digits) if digits else -1


def known_versions(op_type: str) -> list:
    load_all()
    return sorted((v for (t, v) in _REGISTRY if t == op_type), key=lambda v: (opset_number(v), v))


def known_type(op_type: str):
    """The type as irexec spells it: types are case-sensitive in IR, but the specs spell some
    differently (ScatterNdUpdate). None when irexec knows no such type."""
    load_all()
    spellings = _spellings()
    if op_type in spellings[0]:
        return op_type
    return spellings[1].get(op_type.lower())


_SPELLINGS = [0, None]  # (the registry's size when made, (its types, lower case -> first spelling))


def _spellings() -> tuple:
    """Made once (as long as no op is registered since): every layer of a type spelt in another
    case asks, and a walk over the 200 types for each took most of reading such a file."""
    if _SPELLINGS[1] is None or _SPELLINGS[0] != len(_REGISTRY):
        types = {t for t, _ in _REGISTRY}
        folded = {}
        for t in sorted(types):
            folded.setdefault(t.lower(), t)
        _SPELLINGS[:] = [len(_REGISTRY), (types, folded)]
    return _SPELLINGS[1]


def newest_version(op_type: str) -> str:
    return known_versions(op_type)[-1]


def lookup(op_type: str, version) -> type:
    """Find the op class for a layer's (type, version); the error lists the versions known."""
    key = (op_type, version)
    if key in _REGISTRY:
        return _REGISTRY[key]
    for module in _guess(op_type):
        importlib.import_module(module)
    if key in _REGISTRY:
        return _REGISTRY[key]
    _load(op_type)
    if key in _REGISTRY:
        return _REGISTRY[key]
    spelled = known_type(op_type)  # (every op file imported)
    if spelled is None:
        raise ValidationError(f"unknown operation type {op_type!r}", code="O001")
    if key in _REGISTRY:
        return _REGISTRY[key]
    if spelled != op_type:
        return lookup(spelled, version)
    known = known_versions(op_type)
    raise ValidationError(
        f"{op_type} version {version!r} is not supported (known versions: {', '.join(known)})", code="O002"
    )


def all_ops() -> list:
    """Every op class once, by type then version."""
    load_all()
    seen = {}
    for cls in _REGISTRY.values():
        seen[id(cls)] = cls
    return sorted(seen.values(), key=lambda c: (c.type, opset_number(c.version)))
