"""Making nodes: ``make_node`` for any of irexec's ops, and the three every model has
(``parameter``, ``constant``, ``result``; as classes, OpenVINO's ``op.Parameter``, ``op.Constant``,
``op.Result``). Importing this module also gives nodes and ports OpenVINO's arithmetic
(``a + b`` builds an Add): the operators need ``make_node``, which needs the node classes below it."""

from __future__ import annotations

import numpy as np

from ..check.shape_inference import fact_of
from ..errors import InputError, IRExecError
from ..ops.op import Fact
from ..ops.registry import lookup
from ..strings import as_strings
from ..types import BY_NAME, ElementType, from_dtype
from .nodes import Node, Output
from .partial_shape import PartialShape


def make_node(op_type: str, version: str, inputs: list, attrs: dict | None = None, name: str | None = None) -> Node:
    """A node of irexec's op ``(op_type, version)`` fed by ``inputs`` (outputs, nodes, or values,
    which become Constants), with ``attrs`` (by their IR names, as Python values; those left out
    take the op's declared defaults)."""
    cls = lookup(op_type, version)
    raw = {}
    for a in cls.attrs:
        if attrs is not None and a.name in attrs and attrs[a.name] is not None:
            raw[a.name] = a.text(attrs[a.name])
        elif not a.required:
            raw[a.name] = a.text(a.default) if a.default is not None else None
    raw = {k: v for k, v in raw.items() if v is not None}
    unknown = set(attrs or ()) - {a.name for a in cls.attrs}
    if unknown:
        raise InputError(f"{op_type}-{version} has no attribute {', '.join(sorted(unknown))}")
    op = cls(raw)
    node = Node(op, [as_output(x) for x in inputs], name, raw)
    node._version = version  # (the opset it was built under, as OpenVINO's type info says)
    node._infer()
    return node


def as_output(value) -> Output:
    """An Output for what a builder was given: an Output, a single-output Node, or values (a
    NumPy array, a number or a list), which become a Constant."""
    if isinstance(value, Output):
        return value
    if isinstance(value, Node):
        if value.get_output_size() != 1:
            raise InputError(
                f"'{value.friendly_name}' has {value.get_output_size()} outputs: give one (node.output(i))"
            )
        return value.output(0)
    return constant(value).output(0)


def parameter(shape, element_type=np.float32, name: str | None = None) -> Node:
    """A model input of ``element_type`` and (partial) ``shape``."""
    etype = element_type_of(element_type)
    pshape = PartialShape(shape).irexec_shape()
    raw = {"shape": _shape_text(pshape), "element_type": etype.name}
    op = lookup("Parameter", "opset1")(raw)
    node = Node(op, [], name, raw)
    node._infer([Fact(etype, pshape)])
    node._auto = f"Parameter_{node._auto.rsplit('_', 1)[1]}"
    node.__class__ = Parameter
    return node


def constant(value, element_type=None, name: str | None = None) -> Node:
    """A Constant holding ``value`` (an array, a number, a list, strings), of ``element_type``
    (default: the array's own, as OpenVINO takes it; Python ints as i64, floats as f64)."""
    if isinstance(value, Node) and value.value is not None:
        return value
    arr = _constant_array(value, element_type)
    etype = element_type_of(element_type if element_type is not None else arr.dtype)
    if etype.is_string:
        arr = as_strings(arr)
    elif arr.dtype != etype.dtype:
        arr = arr.astype(etype.dtype)
    arr = np.array(arr, copy=True)  # (the caller's array may change after)
    arr.flags.writeable = False
    nbytes = arr.size * arr.dtype.itemsize
    raw = {"element_type": etype.name, "shape": ",".join(map(str, arr.shape)), "offset": "0", "size": str(nbytes)}
    op = lookup("Const", "opset1")(raw)
    node = Node(op, [], name, raw)
    node.value = arr
    node._infer([fact_of(arr, etype)])
    node.__class__ = Constant
    return node


def _constant_array(value, element_type) -> np.ndarray:
    """The array a Constant holds: an array or a NumPy scalar as it is, Python numbers and lists as
    NumPy takes them (an int is i64, a float f64, as OpenVINO's ``constant`` makes them)."""
    if isinstance(value, np.ndarray):
        return value
    if hasattr(value, "data") and isinstance(getattr(value, "data", None), np.ndarray):  # a Tensor
        return value.data
    return np.array(value)


def result(value, name: str | None = None) -> Node:
    """A model output: ``value``'s (an Output or a single-output node)."""
    op = lookup("Result", "opset1")({})
    node = Node(op, [as_output(value)], name, {})
    node._infer()
    node.__class__ = Result
    return node


def element_type_of(value) -> ElementType:
    """An element type from what OpenVINO's builders take: a Type, its name, or a NumPy dtype or
    scalar type (``np.float32``, ``int``, ``float``, ``bool``, ``str``)."""
    if isinstance(value, ElementType):
        return value
    if isinstance(value, str):
        if value in BY_NAME:
            return BY_NAME[value]
        if value == "bool":
            return BY_NAME["boolean"]
    if value in (str, bytes, np.str_, np.bytes_):
        return BY_NAME["string"]
    if value is int:
        return BY_NAME["i64"]
    if value is float:
        return BY_NAME["f32"]
    if value is bool:
        return BY_NAME["boolean"]
    try:
        dtype = np.dtype(value)
        return BY_NAME["string"] if dtype.kind in "US" else from_dtype(dtype)
    except (TypeError, ValueError, IRExecError):
        raise InputError(f"{value!r} is not an element type") from None


def _shape_text(shape) -> str:
    if shape is None:
        return "..."
    return ",".join(str(d) for d in shape)


def _binary(op_type: str, a, b) -> Node:
    return make_node(op_type, "opset1", [a, b], {"auto_broadcast": "numpy"})


# ---- OpenVINO's op classes: ``op.Parameter(Type.f32, Shape([1, 3]))`` ----------------------------


class Parameter(Node):
    """``op.Parameter(element_type, shape)``: a model input (a node like any other)."""

    def __init__(self, *args, **kwargs):
        pass  # (made whole by __new__)

    def __new__(cls, element_type, shape=None, name: str | None = None):
        return parameter(PartialShape.dynamic() if shape is None else shape, element_type, name)


class Constant(Node):
    """``op.Constant(array)``, ``op.Constant(element_type, shape, values)`` (values: a list or array
    of the shape's size, or one value repeated over it)."""

    def __init__(self, *args, **kwargs):
        pass  # (made whole by __new__)

    def __new__(cls, *args, shared_memory: bool = False, name: str | None = None):
        if len(args) == 1 or (len(args) == 2 and isinstance(args[1], bool)):
            return constant(args[0], name=name)
        if len(args) == 3:
            etype, shape, values = args
            dims = tuple(int(d) for d in shape)
            arr = np.asarray(values)
            count = int(np.prod(dims, dtype=np.int64))
            if arr.size == 1 and count != 1:
                arr = np.full(dims, arr.reshape(-1)[0])
            elif arr.size != count:
                raise InputError(f"a Constant of shape {list(dims)} needs {count} values, {arr.size} were given")
            et = element_type_of(etype)
            return constant(arr.reshape(dims) if not et.is_string else arr.reshape(dims), et, name)
        raise InputError("Constant takes an array, or an element type, a shape and values")


class Result(Node):
    """``op.Result(output)``: a model output."""

    def __init__(self, *args, **kwargs):
        pass  # (made whole by __new__)

    def __new__(cls, value, name: str | None = None):
        return result(value, name)


def _arithmetic(op_type: str, swapped: bool = False):
    def operator(self, other):
        return _binary(op_type, other, self) if swapped else _binary(op_type, self, other)

    return operator


for _cls in (Node, Output):
    for _name, _op in (("add", "Add"), ("sub", "Subtract"), ("mul", "Multiply"), ("truediv", "Divide")):
        setattr(_cls, f"__{_name}__", _arithmetic(_op))
        setattr(_cls, f"__r{_name}__", _arithmetic(_op, swapped=True))
