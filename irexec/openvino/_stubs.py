"""What OpenVINO does natively and irexec does not: converting models from frameworks and
transforming graphs. The names import, so a program that imports them (and never calls them)
runs; calling one, or making one of its classes, raises one UsageError (a RuntimeError) saying
what irexec does instead."""

from __future__ import annotations

from ..errors import UsageError

CONVERSION = (
    "model conversion needs OpenVINO's native frontends; irexec reads IR: convert with "
    "openvino.convert_model and save_model, then read the .xml"
)
TRANSFORMATION = (
    "graph transformations need OpenVINO's native passes; irexec runs an IR as written: "
    "transform it with openvino and save_model, then read the .xml"
)


def _refusal(qualname: str, why: str) -> UsageError:
    return UsageError(f"{qualname} is not available in irexec: {why}")


def function(module: str, name: str, why: str):
    """A function of ``module`` that raises the refusal when called."""

    def refused(*args, **kwargs):
        raise _refusal(f"{_public(module)}.{name}", why)

    refused.__name__ = refused.__qualname__ = name
    refused.__module__ = module
    refused.__doc__ = f"Not available in irexec: {why}."
    return refused


def cls(module: str, name: str, why: str) -> type:
    """A class of ``module`` that can be subclassed and tested against, and raises the refusal
    when made."""

    def __init__(self, *args, **kwargs):
        raise _refusal(f"{_public(module)}.{name}", why)

    doc = f"Not available in irexec: {why}."
    return type(name, (), {"__init__": __init__, "__module__": module, "__doc__": doc})


def define(namespace: dict, why: str, classes: str = "", functions: str = "") -> None:
    """Put the stubs named (space-separated) in ``classes`` and ``functions`` in ``namespace``."""
    module = namespace["__name__"]
    for name in classes.split():
        namespace[name] = cls(module, name, why)
    for name in functions.split():
        namespace[name] = function(module, name, why)


def _public(module: str) -> str:
    """The name a program knows the module by: ``openvino.passes``, not irexec's."""
    return module.removeprefix("irexec.")
