"""How OpenVINO's Python API names and prints what irexec reads: the class of an IR type, an element
type as a Parameter prints it, an attribute's value as ``get_attributes()`` gives it (each measured
on OpenVINO's runtime)."""

from __future__ import annotations

from typing import NamedTuple

from ..types import ElementType

# The IR types whose OpenVINO class is named otherwise (irexec keeps the IR's spelling; measured:
# OpenVINO writes ``Const``, ``PReLU`` and ``SoftMax`` for these classes, ``ReLU`` for ``Relu``,
# which irexec spells as the class).
CLASS_NAMES = {"Const": "Constant", "PReLU": "PRelu", "SoftMax": "Softmax"}
# How OpenVINO's Python API prints the nodes whose Python class is not named as the op is.
PRINTED = {
    "ReadValue": "read_value",
    "Assign": "assign",
    "If": "if_op",
    "Loop": "loop",
    "TensorIterator": "tensor_iterator",
}
# The recurrent ops' attributes irexec keeps as written (comma-separated) and OpenVINO gives as
# lists: of names, of numbers.
_LISTED = {"activations": str.strip, "activations_alpha": float, "activations_beta": float}
# The choices irexec reads in lower case that OpenVINO spells otherwise (measured; its other
# choices are lower case, as irexec's).
SPELLED = {
    ("MVN", "eps_mode"): str.upper,
    ("Gelu", "approximation_mode"): str.upper,
    ("DetectionOutput", "code_type"): lambda v: "caffe.PriorBoxParameter." + v.rsplit(".", 1)[-1].upper(),
}
# An element type as a Parameter prints it (OpenVINO's C type names; the others by their IR name).
_C_TYPES = {"boolean": "char", "f32": "float", "f64": "double", "f16": "float16", "bf16": "bfloat16", "nf4": "nfloat4"}


def c_type(etype: ElementType | None) -> str:
    """An element type as OpenVINO prints a Parameter's."""
    if etype is None:
        return "dynamic"
    name = etype.name
    if name in _C_TYPES:
        return _C_TYPES[name]
    if name[0] in "iu" and name[1:].isdecimal():
        return f"{'u' if name[0] == 'u' else ''}int{name[1:]}_t"
    return name


class TypeInfo(NamedTuple):
    """``node.get_type_info()``: the op's type and its opset, as OpenVINO names them."""

    name: str
    version_id: str


def ov_value(name: str, value, attr):
    """An attribute's value as OpenVINO's ``get_attributes()`` gives it (``attr``: as the op
    declares it, None when it does not)."""
    if attr is not None and attr.kind == "shape":
        return [] if value is None else [d.lo if d.is_static else -1 for d in value]
    if isinstance(value, ElementType):
        return value.name
    if isinstance(value, str):
        if name in _LISTED:
            return [_LISTED[name](v) for v in value.split(",") if v.strip()]
        return value
    if isinstance(value, (tuple, list)):
        return [v.name if isinstance(v, ElementType) else v for v in value]
    return value
