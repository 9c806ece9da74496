"""``openvino.utils.types``: element types to and from NumPy's, and values to graph nodes, as
graph building code calls them (``get_element_type(np.float32)``, ``make_constant_node(1.5)``,
``as_nodes(x, 2)``). The table is OpenVINO's: Python's ``int``/``float`` are 32-bit (with a
warning), ``bool`` is boolean, text is string, and bf16 reads as uint16."""

from __future__ import annotations

import logging

import numpy as np

from irexec.api.tensor import Type

from ..exceptions import OVTypeError

log = logging.getLogger(__name__)

# (OpenVINO's type name, NumPy's type), in the order a lookup takes the first match.
_TABLE = [
    ("boolean", bool),
    ("boolean", np.bool_),
    ("f16", np.float16),
    ("f32", np.float32),
    ("f64", np.float64),
    ("i8", np.int8),
    ("i16", np.int16),
    ("i32", np.int32),
    ("i64", np.int64),
    ("u8", np.uint8),
    ("u16", np.uint16),
    ("u32", np.uint32),
    ("u64", np.uint64),
    ("bf16", np.uint16),
    ("string", str),
    ("string", np.str_),
    ("string", bytes),
    ("string", np.bytes_),
]

openvino_to_numpy_types_map = [(getattr(Type, name), np_type) for name, np_type in _TABLE]
openvino_to_numpy_types_str_map = [(name, np_type) for name, np_type in _TABLE if name != "bf16"]


def _unidentified(data_type) -> OVTypeError:
    return OVTypeError(
        f"Unidentified data type {data_type!r}: OpenVINO's helpers map bool, numbers and text "
        "between element types and NumPy's, nothing else"
    )


def _name_of(data_type, table) -> str:
    if data_type is int:
        log.warning("Converting int type of undefined bitwidth to 32-bit ngraph integer.")
        return "i32"
    if data_type is float:
        log.warning("Converting float type of undefined bitwidth to 32-bit ngraph float.")
        return "f32"
    for name, np_type in table:
        try:
            if bool(data_type == np_type):
                return name
        except (TypeError, ValueError):  # (an array, or a type that compares to nothing)
            break
    raise _unidentified(data_type)


def get_element_type(data_type) -> Type:
    """The element type of a Python type, a NumPy type or a NumPy dtype."""
    return getattr(Type, _name_of(data_type, _TABLE))


def get_element_type_str(data_type) -> str:
    """The name of the element type of a Python type, a NumPy type or dtype (``"f32"``)."""
    return _name_of(data_type, openvino_to_numpy_types_str_map)


def get_numpy_ctype(openvino_type) -> type:
    """The NumPy (or Python) type OpenVINO gives for an element type."""
    name = getattr(openvino_type, "get_type_name", lambda: None)()
    for type_name, np_type in _TABLE:
        if type_name == name:
            return np_type
    raise _unidentified(openvino_type)


def get_dtype(openvino_type) -> np.dtype:
    """The NumPy dtype OpenVINO gives for an element type (bf16 reads as uint16, string as str)."""
    return np.dtype(get_numpy_ctype(openvino_type))


def get_ndarray(data) -> np.ndarray:
    """``data`` as an array (an array is returned as it is)."""
    return data if isinstance(data, np.ndarray) else np.array(data)


def get_shape(data) -> list | tuple:
    """An array's shape; a list's length as a one-item list; a scalar's ``[]``."""
    if isinstance(data, np.ndarray):
        return data.shape
    if isinstance(data, list):
        return [len(data)]
    return []


def make_constant_node(value, dtype=None, *, name: str | None = None):
    """A Constant node holding ``value`` (of ``dtype``: an element type, a NumPy type or dtype;
    else the array's own type). ``name`` prefixes its friendly name (``name/Constant_3``)."""
    from irexec.api.building import Constant

    if dtype is None:
        array = get_ndarray(value)
        get_element_type(array.dtype)  # (refuses what has no element type, as OpenVINO does)
    else:
        etype = dtype if hasattr(dtype, "get_type_name") else get_element_type(dtype)
        array = np.array(value, dtype=etype.to_dtype())
    node = Constant(array)
    if name is not None:
        node.set_friendly_name(f"{name}/{node.get_friendly_name()}")
    return node


def as_node(input_value, name: str | None = None):
    """A node or output as it is; a value as a Constant node holding it."""
    from irexec.api.nodes import Node, Output

    if isinstance(input_value, (Node, Output)):
        return input_value
    return make_constant_node(input_value, name=name)


def as_nodes(*input_values, name: str | None = None) -> list:
    """Each of ``input_values`` through ``as_node``."""
    return [as_node(value, name=name) for value in input_values]
