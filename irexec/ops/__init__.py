"""The ops: one type per file, in folders named like the operation specs' categories.

Importing this package imports every op file below it, which registers each op; nothing else
lists them (a new op file is found by itself).
"""
import importlib
import os

from .op import Attr, Bound, Fact, Input, Op  # noqa: F401
from .registry import REGISTRY, all_ops, known_versions, lookup, register  # noqa: F401

_HERE = os.path.dirname(__file__)


def _import_all() -> None:
    for category in sorted(os.listdir(_HERE)):
        folder = os.path.join(_HERE, category)
        if category.startswith("_") or not os.path.isfile(os.path.join(folder, "__init__.py")):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and not name.startswith("_"):
                importlib.import_module(f"{__name__}.{category}.{name[:-3]}")


_import_all()
