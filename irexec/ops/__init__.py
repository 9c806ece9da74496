"""The ops: one type per file, in folders named like the operation specs' categories.

Each op file registers its ops when imported; the registry imports a file when a layer of its
type is first looked up (irexec.ops.registry), so nothing lists them (a new op file is found
by itself) and importing irexec does not import them all.
"""

from .op import Attr, Bound, Fact, Input, Op  # noqa: F401
from .registry import all_ops, known_versions, load_all, lookup, register  # noqa: F401


def __getattr__(name):
    if name == "REGISTRY":  # (every op file imported first)
        from . import registry

        return registry.REGISTRY
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
