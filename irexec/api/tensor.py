"""OpenVINO's ``Tensor`` over a NumPy array, and its ``Strides``. (Its element ``Type`` lives
with irexec's element types, in irexec.types, and is imported from here as OpenVINO users do.)

A ``Tensor`` holds its elements in irexec's form, a C-ordered NumPy array: the dtype irexec
computes with (bfloat16, int4, the 8-bit floats as ml_dtypes' types, u1, u2, u3 and u6 a byte an
element, nf4 as float32), strings as Python str in an object array. ``Tensor(array)`` copies, as OpenVINO's does;
``shared_memory=True`` shares the array's memory, which must be C-contiguous and writeable.
``Tensor(array, shape, type)`` views the array's bytes as OpenVINO's does (always shared).
A tensor keeps its first allocation as its capacity: ``set_shape`` to fewer elements reuses it,
to more reallocates (a tensor over shared memory refuses to grow), as OpenVINO's does.
"""

from __future__ import annotations

import builtins
import math
import operator
import warnings

import numpy as np

from ..errors import InputError
from ..limits import default_max_tensor_bytes, fmt_bytes
from ..strings import ENCODING, ERRORS, as_strings, to_unicode
from ..types import BY_NAME, ElementType, Type
from .partial_shape import ArgumentTypeError, ArgumentValueError, DimIndexError, Shape


class TensorError(InputError, RuntimeError):
    """What OpenVINO refuses with a RuntimeError: a copy between element types, memory it cannot
    share, a size past a shared tensor's memory."""


class Strides:
    """OpenVINO's ``Strides``: ints of 0 or more, one per axis: a tensor's bytes between neighbours
    along each dim (``tensor.strides``), or a convolution's steps (``Strides([2, 2])``). Printed as
    OpenVINO prints them (``<Strides: (12, 4)>``); equal to a list or tuple of the same ints."""

    def __init__(self, values=()):
        try:
            items = [operator.index(v) for v in values]
        except TypeError:
            raise ArgumentTypeError(f"Strides takes a sequence of ints, not {values!r}") from None
        if any(v < 0 for v in items):  # (a TypeError, as OpenVINO's: its steps are unsigned)
            raise ArgumentTypeError(f"Strides takes ints of 0 or more, not {items}")
        self._items = items

    def _at(self, index) -> int:
        k = operator.index(index)
        if not -len(self._items) <= k < len(self._items):
            raise DimIndexError(f"index {k} is out of range for {len(self._items)} strides")
        return k

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __getitem__(self, index) -> int:
        return self._items[self._at(index)]

    def __setitem__(self, index, value) -> None:
        self._items[self._at(index)] = Strides([value])._items[0]

    def __eq__(self, other):
        if isinstance(other, (Strides, list, tuple)):
            return self._items == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (it changes, and equals a list)

    def __str__(self) -> str:
        return ", ".join(map(str, self._items))

    def __repr__(self) -> str:
        return f"<Strides: ({self})>"


def _is_type(value, shape) -> bool:
    """Whether a Tensor's first argument names an element type (text only beside a shape)."""
    return isinstance(value, (ElementType, np.dtype, builtins.type)) or (isinstance(value, str) and shape is not None)


def _computed(etype: Type) -> Type:
    if etype.name not in BY_NAME:
        raise TensorError(f"irexec does not compute with element type {etype.name}: it makes no tensor of it")
    return etype


def _sizes(shape) -> tuple:
    """A tensor's shape as given (a Shape, list or tuple of sizes; no PartialShape nor text, as OpenVINO)."""
    if isinstance(shape, str):
        raise ArgumentTypeError(f"a tensor's shape is a Shape or a list of sizes, not text {shape!r}")
    return tuple(Shape(shape))


def _fresh(etype: Type, sizes: tuple) -> np.ndarray:
    """A new C-ordered array of ``sizes``: zeros, or empty strings (OpenVINO leaves it uninitialised)."""
    count = math.prod(sizes)
    need = count * (8 if etype.is_string else etype.dtype.itemsize)
    budget = default_max_tensor_bytes()
    if need > budget:
        raise TensorError(
            f"a {etype.name} tensor of shape {list(sizes)} takes {fmt_bytes(need)}: over the budget of "
            f"{fmt_bytes(budget)} for one tensor"
        )
    if etype.is_string:
        return np.full(sizes, "", dtype=object)
    return np.zeros(sizes, etype.dtype)


def _typed(arr: np.ndarray, shared: bool) -> tuple:
    """An array given to Tensor as (its Type, the array in irexec's form, whether that is a new array)."""
    kind = arr.dtype.kind
    if kind in "SU":
        if shared:
            raise TensorError("a string tensor cannot share a str or bytes array's memory: it is copied")
        text = np.strings.decode(arr, ENCODING, ERRORS) if kind == "S" else arr
        return Type.string, np.ascontiguousarray(text.astype(object)), True
    if kind == "O":
        strings = as_strings(arr)
        if strings is None:
            raise TensorError("an object array is a tensor only when every element is a str")
        return Type.string, strings, False
    return Type(arr.dtype), arr, False


def _text(value) -> np.ndarray:
    """Strings given to fill a string tensor: str or bytes, as irexec's str array."""
    arr = np.asarray(value)
    if arr.dtype.kind == "S":
        return np.strings.decode(arr, ENCODING, ERRORS)
    if arr.dtype.kind == "U" or (arr.dtype.kind == "O" and as_strings(arr) is not None):
        return arr
    raise TensorError(f"a string tensor is filled with str or bytes, got an array of {arr.dtype}")


class Tensor:
    """OpenVINO's ``Tensor``. ``Tensor(array)`` copies the array (``shared_memory=True``
    shares it); ``Tensor(Type.f32, [2, 3])`` (or ``Shape``) allocates zeros; ``Tensor(array,
    shape, type)`` views the array's bytes as that shape and type. ``data`` is the array (a
    string tensor's: a copy as bytes; ``str_data`` and ``bytes_data`` read and fill it)."""

    def __init__(self, array=None, shape=None, type=None, shared_memory: bool = False):
        if isinstance(shape, bool):  # Tensor(array, True): OpenVINO's shared_memory, by position
            shape, shared_memory = None, shape
        if array is None or _is_type(array, shape):
            etype = array if array is not None else type
            if etype is None or shape is None or (array is not None and type is not None):
                raise ArgumentTypeError("Tensor takes an array, or an element type and a shape")
            self._type = _computed(Type(etype))
            self._data = _fresh(self._type, _sizes(shape))
            self._buffer, self._owns = self._data.reshape(-1), True
        elif shape is None:
            if type is not None:
                raise ArgumentTypeError("Tensor takes a type beside an array only with a shape")
            self._hold(array, shared_memory)
        else:
            self._view(array, shape, type)

    def _hold(self, array, shared: bool) -> None:
        if isinstance(array, Tensor):
            etype, arr, fresh = array._type, array._data, False
        else:
            arr = array if isinstance(array, np.ndarray) else np.asarray(array)
            etype, arr, fresh = _typed(arr, shared)
        if shared:
            if not arr.flags.c_contiguous:
                raise TensorError("a tensor shares only a C-contiguous array's memory: pass a copy")
            if not arr.flags.writeable:
                raise ArgumentValueError("a tensor shares only a writeable array's memory: pass a copy")
        elif not fresh:
            arr = np.array(arr, copy=True, order="C")
        self._type, self._data, self._owns = etype, arr, not shared
        self._buffer = arr.reshape(-1)

    def _view(self, array, shape, type_like) -> None:
        """OpenVINO's Tensor(array, shape, type): the array's bytes, from the start, as that shape
        and type, shared."""
        arr = np.asarray(array)
        if arr.dtype.kind in "SUO":
            raise TensorError("a string tensor is not viewed over an array's memory: it is copied")
        etype = _computed(Type(arr.dtype if type_like is None else type_like))
        if etype.is_string or etype.bits < 8:
            raise TensorError(
                f"irexec holds {etype.name} elements one to an item: it cannot view an array's bytes as them"
            )
        if not arr.flags.c_contiguous:
            raise TensorError("a tensor shares only a C-contiguous array's memory: pass a copy")
        sizes = _sizes(shape)
        need = math.prod(sizes) * etype.dtype.itemsize
        if need > arr.nbytes:
            raise TensorError(f"shape {list(sizes)} of {etype.name} takes {need} bytes, the array holds {arr.nbytes}")
        self._type, self._owns = etype, False
        self._buffer = arr.reshape(-1).view(np.uint8)[:need].view(etype.dtype)
        self._data = self._buffer.reshape(sizes)

    # ---- what it holds --------------------------------------------------------------------------

    @property
    def data(self) -> np.ndarray:
        """The elements, in place: writes change the tensor. A string tensor's is a copy, as bytes
        (with a RuntimeWarning, as OpenVINO's): read ``str_data`` or ``bytes_data``."""
        if self._type.is_string:
            warnings.warn(
                "a string tensor's data is a copy of its strings as bytes: read str_data or bytes_data",
                RuntimeWarning,
                stacklevel=2,
            )
            return self.bytes_data
        return self._data

    def _array(self) -> np.ndarray:
        """The elements in place, strings as irexec holds them (str objects): what a request feeds
        and refills, where ``data`` would give a string tensor's bytes."""
        return self._data

    def _strings(self) -> np.ndarray:
        if not self._type.is_string:
            raise TensorError(f"the tensor's element type is {self._type.name}, not string")
        return self._data

    @property
    def bytes_data(self) -> np.ndarray:
        """A string tensor's strings as UTF-8 bytes (an ``S`` array)."""
        return np.strings.encode(to_unicode(self._strings()), ENCODING, ERRORS)

    @bytes_data.setter
    def bytes_data(self, value) -> None:
        self._fill(value)

    @property
    def str_data(self) -> np.ndarray:
        """A string tensor's strings (a ``U`` array); bytes that are not UTF-8 read as U+FFFD."""
        return np.strings.decode(self.bytes_data, ENCODING, "replace")

    @str_data.setter
    def str_data(self, value) -> None:
        self._fill(value)

    def _fill(self, value) -> None:
        """Sets every string from str or bytes of the same count (the shape stays)."""
        strings = self._strings()
        text = _text(value)
        if text.size != strings.size:
            raise TensorError(f"the tensor holds {strings.size} strings, {text.size} were given")
        strings[...] = text.reshape(strings.shape)

    def __array__(self, dtype=None, copy=None):
        """irexec's array (strings as objects): what irexec computes with (``np.asarray(tensor)``)."""
        arr = self._data
        if dtype is not None and np.dtype(dtype) != arr.dtype:
            return arr.astype(dtype)
        return arr.copy() if copy else arr

    # ---- shape and type -------------------------------------------------------------------------

    @property
    def shape(self) -> Shape:
        return Shape(self._data.shape)

    def get_shape(self) -> Shape:
        return self.shape

    def set_shape(self, shape) -> None:
        """A new shape: fewer elements than first allocated keep the memory (the first ones), more
        reallocate; a tensor sharing an array's memory refuses to grow past it (as OpenVINO's)."""
        sizes = _sizes(shape)
        count = math.prod(sizes)
        if count > self._buffer.size:
            if not self._owns:
                raise TensorError(
                    f"the tensor shares memory of {self._buffer.size} elements: shape {list(sizes)} needs {count}"
                )
            self._buffer = _fresh(self._type, sizes).reshape(-1)
        self._data = self._buffer[:count].reshape(sizes)

    @property
    def element_type(self) -> Type:
        return self._type

    def get_element_type(self) -> Type:
        return self._type

    @property
    def size(self) -> int:
        return int(self._data.size)

    def get_size(self) -> int:
        return self.size

    @property
    def byte_size(self) -> int:
        """The bytes OpenVINO's tensor takes: sub-byte types packed, 32 a string."""
        n = self.size
        return n * self._type.size if self._type.is_string else self._type.nbytes(n)

    def get_byte_size(self) -> int:
        return self.byte_size

    @property
    def strides(self) -> Strides:
        """Bytes between neighbours along each dim, C order, as OpenVINO's element sizes give
        (none for sub-byte types, as OpenVINO refuses)."""
        if self._type.bitwidth < 8:
            raise TensorError(f"a {self._type.name} tensor has no strides: its elements take less than a byte")
        steps, step = [], self._type.size
        for n in reversed(self._data.shape):
            steps.append(step)
            step *= n
        return Strides(reversed(steps))

    def get_strides(self) -> Strides:
        return self.strides

    def is_continuous(self) -> bool:
        return True  # (irexec's tensors are C-ordered)

    # ---- copies ---------------------------------------------------------------------------------

    def copy_to(self, target: Tensor) -> None:
        """Into ``target``, of the same element type, which takes this tensor's shape."""
        if not isinstance(target, Tensor):
            raise ArgumentTypeError(f"copy_to takes a Tensor, got {builtins.type(target).__name__}")
        target._take(self._type, self._data)

    def copy_from(self, source) -> None:
        """From ``source`` (a Tensor or an array) of the same element type; this tensor takes its shape."""
        if isinstance(source, Tensor):
            etype, arr = source._type, source._data
        elif isinstance(source, (np.ndarray, list, tuple)):
            etype, arr, _ = _typed(np.asarray(source), False)
        else:
            raise ArgumentTypeError(f"copy_from takes a Tensor or an array, got {builtins.type(source).__name__}")
        self._take(etype, arr)

    def _take(self, etype: Type, arr: np.ndarray) -> None:
        if etype != self._type:
            raise TensorError(f"element types differ: the source is {etype.name}, the destination {self._type.name}")
        self.set_shape(arr.shape)
        self._data[...] = arr

    def __repr__(self) -> str:
        return f"<Tensor: shape{self.shape} type: {self._type.name}>"


def tensor_of(array) -> Tensor:
    """irexec's own array (an inference's output, an input it was given) as a Tensor over the
    same memory when that can be shared (C-contiguous and writeable), else over a copy."""
    arr = np.asarray(array)
    share = arr.flags.c_contiguous and arr.flags.writeable and arr.dtype.kind not in "SU"
    return Tensor(arr, shared_memory=share)
