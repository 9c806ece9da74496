"""Names a module of irexec.openvino takes from other modules of irexec, resolved when first asked
for (PEP 562): importing the module stays cheap (no NumPy, no reader), works before the modules
it names exist, and a name whose module is not there says so in the AttributeError."""

from __future__ import annotations

import importlib


def _import(where: str, module: str, name: str):
    try:
        return importlib.import_module(where)
    except ModuleNotFoundError as e:
        # Only the providing module (or its package) being absent is "not there yet": a missing
        # dependency inside it is a real error and stays one.
        if e.name is None or not (where == e.name or where.startswith(e.name + ".")):
            raise
        raise AttributeError(f"module {module!r} has no attribute {name!r}: {where} is not there") from None


def lazy_names(namespace: dict, names: dict, submodules=()) -> tuple:
    """``__getattr__`` and ``__dir__`` for the module whose globals are ``namespace``: ``names``
    maps a public name to ``"irexec.x.y"`` (the same name there) or ``"irexec.x.y:other"``;
    ``submodules`` are the module's own submodules, imported on first access (OpenVINO imports
    them with their package)."""
    module = namespace["__name__"]
    submodules = frozenset(submodules)

    def __getattr__(name: str):
        if name in submodules:
            value = importlib.import_module(f"{module}.{name}")
        elif name in names:
            where, _, attr = names[name].partition(":")
            source = _import(where, module, name)
            try:
                value = getattr(source, attr or name)
            except AttributeError:
                raise AttributeError(
                    f"module {module!r} has no attribute {name!r}: {where} has no {attr or name!r}"
                ) from None
        else:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        namespace[name] = value  # (asked once)
        return value

    def __dir__():
        return sorted(set(namespace) | set(names) | submodules)

    return __getattr__, __dir__
