"""Element types: IR names, port precisions, NumPy dtypes and storage bits. How the sub-byte
types are packed in the .bin is irexec.kernels.packing's.

The 8-bit floats are ml_dtypes' of the same bit layout, checked against the plugin on all 256
codes: f8e4m3 is float8_e4m3fn (no infinities, 0x7F/0xFF NaN, largest 448), f8e5m2 is IEEE-like
float8_e5m2, f8e8m0 is float8_e8m0fnu (a bare biased exponent: 0x00 is 2^-127, 0xFF NaN).
f4e2m1 is float4_e2m1fn (no NaN or infinity, largest 6). nf4 has no NumPy type: it computes as
float32 holding one of the 16 values of its fixed table (irexec.kernels.packing's NF4), as u1
computes as uint8.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import ml_dtypes
import numpy as np

from .errors import InputError, ParseError


@dataclass(frozen=True)
class ElementType:
    name: str  # as in <data element_type=...>: "f32", "i64", "boolean", ...
    precision: str  # as in <port precision=...>: "FP32", "I64", "BOOL", ...
    dtype: np.dtype  # what irexec computes with
    bits: int  # storage bits per element in the .bin
    # What kind of type it is, worked out once (the checks ask tens of thousands of times a model).
    is_packed: bool = field(init=False, repr=False, compare=False)
    is_integer: bool = field(init=False, repr=False, compare=False)
    is_string: bool = field(init=False, repr=False, compare=False)
    is_float: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        name = self.name
        kinds = dict(
            is_packed=self.bits < 8,
            is_integer=name[0] in "iu",
            is_string=name == "string",
            is_float=(name[0] in "fb" and name != "boolean") or name == "nf4",
        )
        for key, value in kinds.items():
            object.__setattr__(self, key, value)

    def nbytes(self, count: int) -> int:
        if self.name in ("u3", "u6"):  # whole groups of 3 bytes (irexec.kernels.packing)
            return 3 * -(-count * self.bits // 24)
        return (count * self.bits + 7) // 8

    def __str__(self) -> str:
        return self.name

    # OpenVINO's ``Type``, as its Python users call it.
    def get_type_name(self) -> str:
        return self.name

    def to_dtype(self) -> np.dtype:
        return self.dtype

    def is_real(self) -> bool:
        return self.is_float

    def is_integral(self) -> bool:
        return not self.is_float

    @property
    def bitwidth(self) -> int:
        return self.bits


def _et(name, precision, dtype, bits):
    return ElementType(name, precision, np.dtype(dtype), bits)


# u1, u2, u3 and u6 have no NumPy dtype of their own: they compute as uint8 (NARROW_UINTS).
_TYPES = [
    _et("boolean", "BOOL", np.bool_, 8),
    _et("f16", "FP16", np.float16, 16),
    _et("bf16", "BF16", ml_dtypes.bfloat16, 16),
    _et("f32", "FP32", np.float32, 32),
    _et("f64", "FP64", np.float64, 64),
    _et("i4", "I4", ml_dtypes.int4, 4),
    _et("u4", "U4", ml_dtypes.uint4, 4),
    _et("u1", "U1", np.uint8, 1),
    _et("u2", "U2", np.uint8, 2),
    _et("u3", "U3", np.uint8, 3),
    _et("u6", "U6", np.uint8, 6),
    _et("i8", "I8", np.int8, 8),
    _et("i16", "I16", np.int16, 16),
    _et("i32", "I32", np.int32, 32),
    _et("i64", "I64", np.int64, 64),
    _et("u8", "U8", np.uint8, 8),
    _et("u16", "U16", np.uint16, 16),
    _et("u32", "U32", np.uint32, 32),
    _et("u64", "U64", np.uint64, 64),
    # A string is a Python str in an object array (irexec.strings says why); its bits are the
    # element's pointer, for sizing: the characters are counted where strings are made.
    _et("string", "STRING", object, 64),
    _et("f8e4m3", "F8E4M3", ml_dtypes.float8_e4m3fn, 8),
    _et("f8e5m2", "F8E5M2", ml_dtypes.float8_e5m2, 8),
    _et("f8e8m0", "F8E8M0", ml_dtypes.float8_e8m0fnu, 8),
    _et("f4e2m1", "F4E2M1", ml_dtypes.float4_e2m1fn, 4),
    _et("nf4", "NF4", np.float32, 4),
]

BY_NAME = {t.name: t for t in _TYPES}
_ALIASES = {"bool": "boolean", "fp16": "f16", "fp32": "f32", "fp64": "f64", "bf16": "bf16"}
_BY_PRECISION = {t.precision: t for t in _TYPES}
_BY_PRECISION["BOOLEAN"] = BY_NAME["boolean"]
_BY_PRECISION["BIN"] = BY_NAME["u1"]  # OpenVINO writes u1 ports as precision "BIN"
# Types OpenVINO knows that irexec does not compute with: named so the error is specific.
_KNOWN_UNSUPPORTED = {"i2", "dynamic", "undefined"}
# The unsigned types held in uint8 arrays whose values span only 2^bits: code that makes or checks
# values asks their range here, as their arrays cannot be told from u8's.
NARROW_UINTS = ("u1", "u2", "u3", "u6")

_BY_DTYPE: dict[np.dtype, ElementType] = {}
for _t in _TYPES:
    if _t.name not in NARROW_UINTS + ("nf4",):
        _BY_DTYPE.setdefault(_t.dtype, _t)


# OpenVINO's ``dynamic`` type (spelt ``undefined`` before 2025; port precision ``UNSPECIFIED``):
# no type at all. The ONNX frontend writes it for the empty Consts that stand for an absent
# optional input (GroupQueryAttention's), so irexec reads it there, and only there: on a Const of
# no elements (``const_element_type``) and on ports. Its dtype is the placeholder of the empty
# array such a Const gives; no op accepts it unless its declaration names "dynamic".
DYNAMIC = ElementType("dynamic", "UNSPECIFIED", np.dtype(np.float32), 0)
_DYNAMIC_NAMES = ("dynamic", "undefined")
_DYNAMIC_PRECISIONS = ("UNSPECIFIED", "DYNAMIC", "UNDEFINED")


def const_element_type(name: str) -> ElementType:
    """A Const's ``element_type``: any type ``element_type`` reads, or ``dynamic`` (the Const
    then refuses any element: see ``DYNAMIC``)."""
    if name.strip().lower() in _DYNAMIC_NAMES:
        return DYNAMIC
    return element_type(name)


def port_type(precision: str) -> ElementType:
    """A port's ``precision=``: as ``from_precision``, and ``UNSPECIFIED`` (a dynamic type)."""
    if precision.strip().upper() in _DYNAMIC_PRECISIONS:
        return DYNAMIC
    return from_precision(precision)


def element_type(name: str) -> ElementType:
    """Look up an element type by its IR name (``element_type=`` spelling, case-insensitive)."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key in BY_NAME:
        return BY_NAME[key]
    if key in _KNOWN_UNSUPPORTED:
        raise ParseError(f"element type {key!r} is not supported by irexec")
    raise ParseError(f"unknown element type {name!r}")


def from_precision(precision: str) -> ElementType:
    """Look up an element type by a port's ``precision=`` spelling."""
    key = precision.strip().upper()
    if key in _BY_PRECISION:
        return _BY_PRECISION[key]
    return element_type(precision)


def from_dtype(dtype) -> ElementType:
    dtype = np.dtype(dtype)
    try:
        return _BY_DTYPE[dtype]
    except KeyError:
        raise ParseError(f"NumPy dtype {dtype} has no OpenVINO element type") from None


# ---- OpenVINO's Type: an element type as OpenVINO's Python API shows one ----------------------------


class DtypeError(InputError, TypeError):
    """Not a NumPy data type, where one is wanted (OpenVINO's TypeError)."""


class NoDtypeError(InputError, IndexError):
    """``Type.dynamic`` has no NumPy dtype (OpenVINO's IndexError)."""


# How OpenVINO prints a type: its C++ type's name, "[u]int<bits>_t" for the integers, else the
# IR name (measured).
_PRINTED = dict(boolean="char", f16="float16", bf16="bfloat16", f32="float32", f64="double64", nf4="nfloat4")
# The types OpenVINO's is_quantized() says yes to (measured: a fixed list, not a rule).
_QUANTIZED = frozenset({"i4", "i8", "i32", "u8", "nf4", "f8e4m3", "f8e5m2", "f8e8m0", "f4e2m1"})
# Types OpenVINO names that irexec does not compute with: they exist to be named and compared.
_NAMED_ONLY = [_et("dynamic", "DYNAMIC", object, 0)]
# One element of a string tensor in OpenVINO's memory: a std::string, 32 bytes.
_STRING_BYTES = 32


def _printed(name: str) -> str:
    if name in _PRINTED:
        return _PRINTED[name]
    if name[0] in "iu" and name[1:].isdecimal():
        return f"{'u' if name[0] == 'u' else ''}int{name[1:]}_t"
    return name


class Type(ElementType):
    """OpenVINO's ``Type``: one of irexec's element types that prints, compares and answers as
    OpenVINO's does (``<Type: 'float32'>``; irexec's own messages keep "f32"). ``Type.f32``,
    ``Type.boolean``, ``Type.string``, ``Type.dynamic`` ...; ``Type(np.float32)``,
    ``Type(np.dtype("int64"))``, ``Type(int)`` (i64), ``Type(float)`` (f64), ``Type(bool)``,
    ``Type(str)`` or ``Type(bytes)`` (string), ``Type(element_type)``. Equal to irexec's
    ElementType of the same name, and hashed alike."""

    def __new__(cls, dtype) -> Type:
        if isinstance(dtype, ElementType):
            return TYPES[dtype.name]
        try:
            dt = np.dtype(dtype)
        except TypeError:
            raise DtypeError(f"cannot read {dtype!r} as a NumPy data type") from None
        if dt.kind in "SU":
            return TYPES["string"]
        if dt.kind == "O":  # (irexec's own strings are objects, but OpenVINO takes no object dtype)
            raise ParseError("NumPy dtype object has no OpenVINO element type")
        return TYPES[from_dtype(dt).name]

    def __init__(self, dtype) -> None:
        pass  # (each Type is made once, below: Type(x) returns one of them)

    def __reduce__(self):
        return (getattr, (Type, self.name))

    @property
    def bitwidth(self) -> int:
        return _STRING_BYTES * 8 if self.is_string else self.bits

    @property
    def size(self) -> int:
        """Bytes an element takes (a sub-byte type: 1)."""
        return (self.bitwidth + 7) // 8

    def to_dtype(self) -> np.dtype:
        """The dtype of a tensor's ``data``: the one irexec computes with (bfloat16, int4, the
        8-bit floats as ml_dtypes' types, nf4 as float32), bytes (``S``) for a string, as
        OpenVINO's string tensor's data is."""
        if self.name == "dynamic":
            raise NoDtypeError("Type.dynamic has no NumPy dtype")
        return np.dtype("S") if self.is_string else self.dtype

    def is_real(self) -> bool:
        return self.name[0] == "f" or self.name == "bf16"

    def is_integral(self) -> bool:
        return not self.is_real()

    def is_integral_number(self) -> bool:
        return self.is_integral() and self.name != "boolean"

    def is_signed(self) -> bool:
        return self.name[0] in "fbi"

    def is_quantized(self) -> bool:
        return self.name in _QUANTIZED

    def is_static(self) -> bool:
        return self.name != "dynamic"

    def is_dynamic(self) -> bool:
        return self.name == "dynamic"

    def get_bitwidth(self) -> int:
        return self.bitwidth

    def get_size(self) -> int:
        return self.size

    def to_string(self) -> str:
        return self.name

    type_name = property(ElementType.get_type_name)
    real = property(is_real)
    integral = property(is_integral)
    integral_number = property(is_integral_number)
    signed = property(is_signed)
    quantized = property(is_quantized)

    def compatible(self, other: ElementType) -> bool:
        """Equal, or one of them dynamic."""
        return self == other or "dynamic" in (self.name, other.name)

    def merge(self, other: ElementType) -> Type | None:
        """The one type both may be (the other when one is dynamic), or None."""
        if self.name == "dynamic":
            return Type(other)
        return self if self.compatible(other) else None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ElementType):
            return self.name == other.name
        return NotImplemented

    __hash__ = ElementType.__hash__  # (equal to the ElementType of its name: the same fields)

    def __str__(self) -> str:
        return f"<Type: '{_printed(self.name)}'>"

    __repr__ = __str__


def _made(etype: ElementType) -> Type:
    t = object.__new__(Type)
    ElementType.__init__(t, etype.name, etype.precision, etype.dtype, etype.bits)
    return t


# Every Type, by name; each also Type's attribute (Type.f32).
TYPES = {e.name: _made(e) for e in [*BY_NAME.values(), *_NAMED_ONLY]}
for _name, _type in TYPES.items():
    setattr(Type, _name, _type)
