"""``Type`` and ``Tensor`` behave as OpenVINO's: each expression or step runs on ``openvino`` and on
irexec, and both give the same value (type, printed forms, array contents) or raise the same
built-in class. Where irexec answers otherwise on purpose, a test below says what each does."""

import pickle
from types import SimpleNamespace

import ml_dtypes
import numpy as np
import pytest

import irexec
from helpers.ov_same import assert_same
from irexec.api.partial_shape import ArgumentTypeError, ArgumentValueError, PartialShape, Shape
from irexec.api.tensor import Strides, Tensor, TensorError, Type, tensor_of
from irexec.types import BY_NAME, DtypeError, ElementType, NoDtypeError

ov = pytest.importorskip("openvino")

OURS = SimpleNamespace(Type=Type, Tensor=Tensor, Shape=Shape, PartialShape=PartialShape, Strides=Strides)
A = np.arange(6, dtype=np.float32).reshape(2, 3)


def _names(api) -> dict:
    return {
        "T": api.Type,
        "Te": api.Tensor,
        "S": api.Shape,
        "P": api.PartialShape,
        "St": api.Strides,
        "np": np,
        "A": A.copy(),
    }


def same(expr: str):
    assert_same(lambda: eval(expr, _names(ov)), lambda: eval(expr, _names(OURS)))


def same_steps(run):
    """``run(api)`` on both: steps over fresh arrays, giving what they saw."""
    assert_same(lambda: run(ov), lambda: run(OURS))


# ---- Type -------------------------------------------------------------------------------------------

TYPE_NAMES = [
    *(n for n in dir(ov.Type) if isinstance(getattr(ov.Type, n), ov.Type)),
]
ASKED = [
    "repr(t)",
    "str(t)",
    "t.get_type_name()",
    "t.to_string()",
    "t.type_name",
    "t.bitwidth",
    "t.get_bitwidth()",
    "t.size",
    "t.get_size()",
    "t.is_real()",
    "t.is_integral()",
    "t.is_integral_number()",
    "t.is_signed()",
    "t.is_quantized()",
    "t.is_static()",
    "t.is_dynamic()",
    "t.real",
    "t.integral",
    "t.integral_number",
    "t.signed",
    "t.quantized",
    "isinstance(t, T)",
    "t == t",
    "t == T.f32",
    "t != T.f32",
    "t.compatible(T.dynamic)",
    "t.compatible(T.i32)",
    "t.merge(T.dynamic)",
    "t.merge(T.u8)",
    "T.dynamic.merge(t)",
]


def test_irexec_names_every_type_openvino_names():
    assert "f32" in TYPE_NAMES and "dynamic" in TYPE_NAMES and "undefined" not in TYPE_NAMES
    assert all(isinstance(getattr(Type, n), Type) for n in TYPE_NAMES)
    with pytest.raises(AttributeError):
        Type.undefined  # noqa: B018  (as OpenVINO: there is none)


@pytest.mark.parametrize("name", TYPE_NAMES)
def test_type(name):
    for expr in ASKED:
        assert_same(
            lambda expr=expr: eval(expr, {**_names(ov), "t": getattr(ov.Type, name)}),
            lambda expr=expr: eval(expr, {**_names(OURS), "t": getattr(Type, name)}),
        )


# The types whose data OpenVINO holds as irexec does (the others: below).
SAME_DTYPE = ["boolean", "f16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "u1", "string"]


@pytest.mark.parametrize("name", SAME_DTYPE)
def test_type_to_dtype(name):
    same(f"T.{name}.to_dtype()")


TYPES_MADE = [
    "T(np.float32)",
    "T(np.dtype('int64'))",
    "T(np.float16)",
    "T(np.float64)",
    "T(np.uint8)",
    "T(np.uint64)",
    "T(np.int8)",
    "T(np.bool_)",
    "T(int)",
    "T(float)",
    "T(bool)",
    "T(str)",
    "T(bytes)",
    "T(np.str_)",
    "T(np.bytes_)",
    "T(np.dtype('S5'))",
    "T(np.dtype('U3'))",
    "T('float32')",
    "T('int8')",
    "T('bool')",
    "T(None)",
    "T(object)",
    "T(np.complex64)",
    "T(np.dtype('V4'))",
    "T('f32')",
    "T(1)",
    "T()",
    "T(np.int32).get_type_name()",
    "T(np.float64) == T.f64",
    "T.f32 == T(np.float32)",
    "T.f32 == T.f64",
    "T.f32 == 'f32'",
    "T.f32 == np.float32",
    "T.f32 == None",
    "T.f32 != T.f64",
    "hash(T.f32) == hash(T(np.float32))",
    "{T.f32: 1}[T(np.float32)]",
    "T.dynamic.to_dtype()",
    "T.undefined",
]


@pytest.mark.parametrize("expr", TYPES_MADE)
def test_type_made_and_compared(expr):
    same(expr)


def test_a_type_is_irexecs_element_type():
    for name, etype in BY_NAME.items():
        t = getattr(Type, name)
        assert isinstance(t, ElementType) and t == etype and etype == t and hash(t) == hash(etype)
        assert t.dtype == etype.dtype and t.bits == etype.bits and str(etype) == name  # (irexec's own text stays)
        assert Type(etype) is t and {etype: 1}[t] == 1
    assert Type(np.float32) is Type.f32 and Type(ml_dtypes.bfloat16) is Type.bf16  # (OpenVINO takes no bfloat16 dtype)
    assert irexec.Type is Type
    for t in (Type.f32, Type.string, Type.dynamic):
        assert pickle.loads(pickle.dumps(t)) is t
    with pytest.raises(DtypeError, match="cannot read 'f32' as a NumPy data type") as caught:
        Type("f32")
    assert isinstance(caught.value, TypeError)
    for dtype in (np.complex64, object):
        with pytest.raises(
            irexec.ParseError, match=r"NumPy dtype (complex64|object) has no OpenVINO element type"
        ) as caught:
            Type(dtype)
        assert isinstance(caught.value, RuntimeError)
    with pytest.raises(NoDtypeError, match="Type.dynamic has no NumPy dtype") as caught:
        Type.dynamic.to_dtype()
    assert isinstance(caught.value, IndexError)


def test_to_dtype_is_irexecs_compute_dtype_where_openvino_gives_its_storage():
    # OpenVINO holds these packed or as raw bytes (bf16 as float16 bits); irexec computes with them.
    theirs = {n: getattr(ov.Type, n).to_dtype() for n in ("bf16", "i4", "u4", "nf4", "f8e4m3", "f4e2m1")}
    assert theirs == {
        "bf16": np.float16,
        "i4": np.int8,
        "u4": np.uint8,
        "nf4": np.uint8,
        "f8e4m3": np.uint8,
        "f4e2m1": np.uint8,
    }
    assert Type.bf16.to_dtype() == ml_dtypes.bfloat16 and Type.i4.to_dtype() == ml_dtypes.int4
    assert Type.u4.to_dtype() == ml_dtypes.uint4 and Type.nf4.to_dtype() == np.float32
    assert Type.f8e4m3.to_dtype() == ml_dtypes.float8_e4m3fn and Type.f4e2m1.to_dtype() == ml_dtypes.float4_e2m1fn


# ---- Tensor: made, and what it answers ----------------------------------------------------------------

TENSORS = [
    # allocated
    "Te(T.f32, S([2, 3]))",
    "Te(T.f32, [2, 3])",
    "Te(T.f32, (2, 3))",
    "Te(T.f32, [])",
    "Te(T.f32, [0, 3])",
    "Te(np.float32, [2])",
    "Te(type=T.f32, shape=[2, 3])",
    "Te(T.f32, shape=[2, 3])",
    "Te(T.f32, P([2, 3]))",
    "Te(T.f32, [2, -1])",
    "Te('f32', [2])",
    "Te(T.dynamic, [2])",
    "Te(T.f32, [2, 3], True)",
    "Te(T.f32, [2, 3]).data.dtype",
    "Te(T.f32, [2, 3]).data.shape",
    "Te(T.f32, [2, 3]).data.flags.writeable",
    "Te(T.f16, [2]).data.dtype",
    "Te(T.boolean, [3]).data.dtype",
    "Te(T.i64, [2]).data.dtype",
    "Te(T.u8, [2]).element_type",
    # from an array
    "Te(A)",
    "repr(Te(A))",
    "Te(A, True)",
    "Te(array=A)",
    "Te(array=A, shared_memory=True)",
    "Te(A).data",
    "Te([1, 2, 3])",
    "Te([1, 2, 3]).element_type",
    "Te([1.0, 2.0]).element_type",
    "Te(A.astype(np.float64)).element_type",
    "Te(A.astype(np.int64)).element_type",
    "Te(A.astype(np.bool_)).element_type",
    "Te(A.astype(np.uint16)).element_type",
    "Te(A.astype(np.float16)).element_type",
    "Te(A.astype(np.int8)).element_type",
    "Te(A.astype(np.complex64))",
    "Te(A.astype(object))",
    "Te(np.array(3.0, np.float32)).shape",
    "Te(A.T).shape",
    "Te(A.T).data",
    "Te(A[::2]).shape",
    "Te(A) == Te(A)",
    "len(Te(A))",
    "Te(A)[0]",
    # what it answers
    "Te(T.f32, [2, 3]).shape",
    "Te(T.f32, [2, 3]).get_shape()",
    "Te(T.f32, [2, 3]).shape == [2, 3]",
    "Te(T.f32, [2, 3]).element_type",
    "Te(T.f32, [2, 3]).get_element_type()",
    "Te(T.f32, [2, 3]).size",
    "Te(T.f32, [2, 3]).get_size()",
    "Te(T.f32, [2, 3]).byte_size",
    "Te(T.f32, [2, 3]).get_byte_size()",
    "Te(T.u1, [10]).byte_size",
    "Te(T.i4, [3]).byte_size",
    "Te(T.string, [2]).byte_size",
    "Te(T.f32, [2, 3]).strides",
    "Te(T.f32, [2, 3]).get_strides()",
    "str(Te(T.f32, [2, 3]).strides)",
    "list(Te(T.f32, [2, 3]).strides)",
    "Te(T.f32, [2, 3]).strides == [12, 4]",
    "Te(T.f32, [2, 3]).strides == (12, 4)",
    "Te(T.f32, [2, 3]).strides != [12, 4]",
    "Te(T.f32, [2, 3]).strides[0]",
    "len(Te(T.f32, [2, 3]).strides)",
    "hash(Te(T.f32, [2, 3]).strides)",
    "Te(T.f32, [3]).strides",
    "Te(T.f32, []).strides",
    "str(Te(T.f32, []).strides)",
    "Te(T.f32, [0, 3]).strides",
    "Te(T.string, [2, 3]).strides",
    "Te(T.boolean, [2, 3]).strides",
    "Te(A.T).strides",
    "Te(T.i4, [3, 4]).strides",
    "Te(T.u1, [10]).strides",
    "Te(A).is_continuous()",
    "Te(A, shared_memory=True).is_continuous()",
    # Strides of their own (a graph builder's)
    "St([1, 2])",
    "St([])",
    "St((2, 2))",
    "St([-1])",
    "St([1.5])",
    "St(5)",
    "St([1, 2]) == St([1, 2])",
    "St([1, 2]) == [1, 2]",
    "St([1, 2]) == (1, 3)",
    "St([1, 2]) == '1, 2'",
    "list(St([4]))",
    "type(St([4])[0])",
]


@pytest.mark.parametrize("expr", TENSORS)
def test_tensor(expr):
    same(expr)


def test_allocated_tensors_hold_zeros_or_empty_strings():
    # (OpenVINO leaves a new tensor's memory as it finds it: irexec's is zeros, its strings empty)
    t = Tensor(Type.f32, Shape([2, 3]))
    assert t.data.dtype == np.float32 and not t.data.any() and t.data.flags.c_contiguous
    assert Tensor(Type.bf16, [2]).data.dtype == ml_dtypes.bfloat16 and Tensor(Type.i4, [3]).data.shape == (3,)
    assert Tensor(Type.string, [2]).str_data.tolist() == ["", ""]
    # u2 as u1: a byte an element (OpenVINO's data packs them: 1 byte), its byte size OpenVINO's.
    assert Tensor(Type.u2, [4]).data.tolist() == [0, 0, 0, 0] and Tensor(Type.u2, [4]).byte_size == 1
    with pytest.raises(TensorError, match="irexec does not compute with element type dynamic"):
        Tensor(Type.dynamic, [4])
    with pytest.raises(TensorError, match="over the budget") as caught:
        Tensor(Type.f32, [2**40, 2**20])
    assert isinstance(caught.value, RuntimeError)


# ---- memory: copied or shared -------------------------------------------------------------------------


def _copied(api):
    a = A.copy()
    t = api.Tensor(a)
    t.data[0, 0] = -1
    a[1, 2] = 70
    return a, t.data, np.shares_memory(t.data, a)


def _shared(api):
    a = A.copy()
    t = api.Tensor(a, shared_memory=True)
    t.data[0, 0] = 42  # writes through to the array ...
    a[1, 2] = 7  # ... and the array's writes show in the tensor
    return a, t.data, np.shares_memory(t.data, a)


def _not_shared(api):
    a = A.copy()
    t = api.Tensor(a, shared_memory=False)
    return np.shares_memory(t.data, a)


@pytest.mark.parametrize("run", [_copied, _shared, _not_shared])
def test_an_array_is_copied_unless_shared_memory(run):
    same_steps(run)


@pytest.mark.parametrize(
    "expr",
    [
        "Te(A.T, shared_memory=True)",
        "Te(A[:, 1:], shared_memory=True)",
        "Te(np.frombuffer(b'abcd', np.uint8), shared_memory=True)",
        "Te(np.frombuffer(b'abcd', np.uint8)).data.flags.writeable",
        "Te(np.array(['a', 'bc']), shared_memory=True)",
    ],
)
def test_what_shared_memory_refuses(expr):
    same(expr)


def test_strides_are_set_by_item():
    def run(api):
        steps = api.Strides([1, 2])
        steps[0] = 3
        return steps

    same_steps(run)


def test_data_is_written_in_place():
    def run(api):
        t = api.Tensor(api.Type.u8, [2])
        t.data[:] = 3
        t.data[1] += 1
        return t.data, api.Tensor(np.array([True, False])).data

    same_steps(run)


@pytest.mark.parametrize(
    "expr",
    [
        "Te(A, [3, 2])",
        "Te(A, S([3, 2]))",
        "Te(A, [3, 2]).data",
        "Te(A, [6], T.f32).data",
        "Te(A, [4], T.f32).data",
        "Te(A, [3], T.i64).data",
        "Te(A, [12], T.f16).data",
        "Te(A, [2, 3], T.f16)",
        "Te(A.view(np.uint8).reshape(-1), [2, 3], T.f32).data",
        "Te(np.arange(6, dtype=np.float32), [1, 1, 2], T.f32).data",
        "Te(np.arange(6, dtype=np.int64), [3], T.f32).data",
        "np.shares_memory(Te(A, [6]).data, A)",
        "np.shares_memory(Te(A, [6], T.f32).data, A)",
        "Te(A, shape=[6])",
        "Te(A.T, [6])",
        "Te(A, [-1])",
        "Te(A, P([6]))",
        "Te(A, [6], 'f32')",
        "Te(np.array(['a', 'bc']), [2], T.string)",
    ],
)
def test_an_array_viewed_as_a_shape_and_type(expr):
    same(expr)


def test_a_view_past_the_arrays_bytes_is_refused_where_openvino_reads_past_them():
    t = ov.Tensor(A.copy(), [8], ov.Type.f32)  # (OpenVINO: two elements of whatever lies beyond)
    assert t.shape == [8]
    with pytest.raises(TensorError, match=r"shape \[8\] of f32 takes 32 bytes, the array holds 24"):
        Tensor(A.copy(), [8], Type.f32)
    with pytest.raises(TensorError, match="cannot view an array's bytes as them"):
        Tensor(np.zeros(2, np.uint8), [3], Type.i4)


# ---- set_shape and copies -----------------------------------------------------------------------------


def _set_shapes(api):
    t = api.Tensor(api.Type.f32, [2, 3])
    first = t.data
    seen = []
    for shape in ([3, 2], [2, 2], [4, 4], api.Shape([1, 2]), (5,)):
        t.set_shape(shape)
        seen.append((list(t.shape), np.shares_memory(first, t.data)))  # (OpenVINO's shape is the tensor's own)
    return seen


def _set_shapes_shared(api):
    a = A.copy()
    t = api.Tensor(a, shared_memory=True)
    seen = []
    for shape in ([3, 2], [1, 2]):
        t.set_shape(shape)
        seen.append((list(t.shape), t.data.copy(), np.shares_memory(t.data, a)))
    t.set_shape([4, 4])  # (past the shared memory: refused)
    return seen


def _set_bad_shape(api, shape):
    t = api.Tensor(api.Type.f32, [2, 3])
    t.set_shape(shape(api) if callable(shape) else shape)
    return t.shape


@pytest.mark.parametrize("run", [_set_shapes, _set_shapes_shared])
def test_set_shape_keeps_the_memory_when_it_fits(run):
    same_steps(run)


@pytest.mark.parametrize("shape", [[-1], lambda api: api.PartialShape([2]), [1.5], "2,3"])
def test_set_shape_refuses_what_openvino_refuses(shape):
    same_steps(lambda api: _set_bad_shape(api, shape))


def _copy_to(api, target):
    src = api.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    dst = target(api)
    src.copy_to(dst)
    return dst.shape, dst.data


def _copy_from(api, source):
    dst = api.Tensor(api.Type.f32, [1])
    dst.copy_from(source(api))
    return dst.shape, dst.data


TARGETS = [
    lambda api: api.Tensor(api.Type.f32, [2, 3]),
    lambda api: api.Tensor(api.Type.f32, [3, 2]),
    lambda api: api.Tensor(api.Type.f32, [7]),
    lambda api: api.Tensor(api.Type.f32, []),
    lambda api: api.Tensor(api.Type.i32, [2, 3]),
    lambda api: api.Tensor(np.zeros(6, np.float32), shared_memory=True),
    lambda api: np.zeros((2, 3), np.float32),
]
SOURCES = [
    lambda api: np.ones((2, 3), np.float32),
    lambda api: np.arange(6, dtype=np.float32).reshape(3, 2),
    lambda api: api.Tensor(np.arange(6, dtype=np.float32)),
    lambda api: np.ones((2, 3), np.float64),
    lambda api: [1, 2, 3],
    lambda api: api.Tensor(api.Type.i32, [2, 3]),
    lambda api: 5,
]


@pytest.mark.parametrize("target", range(len(TARGETS)))
def test_copy_to(target):
    same_steps(lambda api: _copy_to(api, TARGETS[target]))


@pytest.mark.parametrize("source", range(len(SOURCES)))
def test_copy_from(source):
    same_steps(lambda api: _copy_from(api, SOURCES[source]))


def test_a_refused_copy_leaves_the_destination_as_it_was():
    # (OpenVINO's copy_from an array of another type takes its shape before it refuses it)
    def run(api, source):
        t = api.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        with pytest.raises(RuntimeError):
            t.copy_from(source(api))
        return list(t.shape)

    assert run(ov, lambda api: np.ones(2, np.float64)) == [2]
    for source in (lambda api: np.ones(2, np.float64), lambda api: api.Tensor(api.Type.i32, [2])):
        assert run(OURS, source) == [2, 3]
    assert run(ov, lambda api: api.Tensor(api.Type.i32, [2])) == [2, 3]


# ---- string tensors -----------------------------------------------------------------------------------

STRINGS = [
    "Te(np.array(['a', 'bc']))",
    "Te(np.array(['a', 'bc'])).element_type",
    "Te(np.array(['a', 'bc'])).shape",
    "Te(np.array(['a', 'bc'])).size",
    "Te(np.array(['a', 'bc'])).byte_size",
    "Te(np.array(['a', 'bc'])).get_byte_size()",
    "Te(np.array(['a', 'bc'])).str_data",
    "Te(np.array(['a', 'bc'])).bytes_data",
    "Te(np.array(['a', 'bc'])).data",
    "Te(np.array([b'a', b'bc'])).str_data",
    "Te(np.array([b'a', b'\\xff'])).str_data",
    "Te(np.array([b'a', b'\\xff'])).bytes_data",
    "Te(np.array(['\\u00e9t\\u00e9', ''])).bytes_data",
    "Te(['a', 'bc']).str_data",
    "Te(np.array([['x', 'yy'], ['zzz', '']])).str_data",
    "Te(np.array([['x', 'yy'], ['zzz', '']])).bytes_data",
    "Te(T.string, [2]).str_data",
    "Te(T.string, [2]).shape",
    "Te(A).str_data",
    "Te(A).bytes_data",
]


@pytest.mark.parametrize("expr", STRINGS)
def test_string_tensor(expr):
    same(expr)


def _fill(api, attr, value):
    t = api.Tensor(np.array(["a", "bc"]))
    setattr(t, attr, value)
    return t.shape, t.str_data


@pytest.mark.parametrize(
    "attr, value",
    [
        ("str_data", ["q", "rr"]),
        ("str_data", np.array([["q", "rr"]])),
        ("bytes_data", [b"z", b"y"]),
        ("str_data", ["q"]),
        ("str_data", 5),
        ("str_data", [1, 2]),
        ("data", np.array(["q", "rr"])),
    ],
)
def test_string_tensor_filled(attr, value):
    same_steps(lambda api: _fill(api, attr, value))


def test_string_tensors_copy():
    def run(api, n):
        src = api.Tensor(np.array(["a", "bc"]))
        dst = api.Tensor(api.Type.string, [n])
        src.copy_to(dst)
        return dst.shape, dst.str_data

    for n in (2, 3):
        same_steps(lambda api, n=n: run(api, n))


# ---- irexec's own forms, and where it answers otherwise on purpose (docs/api.md lists these) ----------


def test_irexecs_own_arrays_as_tensors():
    # irexec's strings (an object array of str) make a string tensor: OpenVINO takes no object array.
    with pytest.raises(RuntimeError):
        ov.Tensor(np.array(["a"], dtype=object))
    strings = np.array(["a", "bc"], dtype=object)
    t = Tensor(strings, shared_memory=True)
    assert t.element_type == Type.string and np.asarray(t) is strings
    # np.asarray(tensor) is irexec's array (OpenVINO's Tensor is no array: it becomes an object scalar)
    assert np.asarray(ov.Tensor(A.copy())).dtype == object
    np.testing.assert_array_equal(np.asarray(Tensor(A)), A)
    assert np.asarray(Tensor(A), dtype=np.float64).dtype == np.float64
    # tensor_of shares what can be shared, else copies (a read-only or transposed result)
    a = A.copy()
    assert np.shares_memory(tensor_of(a).data, a)
    frozen = A.copy()
    frozen.flags.writeable = False
    for arr in (A.T, frozen):
        t = tensor_of(arr)
        assert not np.shares_memory(t.data, arr) and t.data.flags.writeable
        np.testing.assert_array_equal(t.data, arr)
    # A Tensor of a Tensor: its copy (OpenVINO reads it as an image)
    t = Tensor(a, shared_memory=True)
    copied, shared = Tensor(t), Tensor(t, shared_memory=True)
    assert not np.shares_memory(copied.data, a) and np.shares_memory(shared.data, a)
    # irexec's compute dtypes: a bf16 tensor holds bfloat16 (OpenVINO's data: the bits as float16)
    assert ov.Tensor(ov.Type.bf16, [2]).data.dtype == np.float16
    assert Tensor(np.ones(2, ml_dtypes.bfloat16)).element_type == Type.bf16


def test_a_tensors_shape_is_a_copy():
    # (OpenVINO's tensor.shape is the tensor's own: setting an item changes the tensor's shape
    # without its memory; irexec's is a copy)
    t = Tensor(Type.f32, [2, 3])
    shape = t.shape
    shape[0] = 9
    assert t.shape == [2, 3] and shape == [9, 3] and isinstance(t.shape, Shape)


def test_the_errors_are_irexecs_and_the_built_in_class_openvino_raises():
    cases = [
        (lambda: Tensor(Type.f32, PartialShape([2])), ArgumentTypeError, TypeError),
        (lambda: Tensor(Type.dynamic, [2]), TensorError, RuntimeError),
        (lambda: Tensor(A.T, shared_memory=True), TensorError, RuntimeError),
        (lambda: Tensor(np.frombuffer(b"ab", np.uint8), shared_memory=True), ArgumentValueError, ValueError),
        (lambda: Tensor(A).copy_to(Tensor(Type.i32, [2, 3])), TensorError, RuntimeError),
        (lambda: Tensor(A).copy_to(A), ArgumentTypeError, TypeError),
        (lambda: Tensor(A).str_data, TensorError, RuntimeError),
        (lambda: Tensor(Type.u1, [8]).strides, TensorError, RuntimeError),
        (lambda: Tensor(A, shared_memory=True).set_shape([4, 4]), TensorError, RuntimeError),
        (lambda: Tensor(), ArgumentTypeError, TypeError),
        (lambda: Tensor(Type.f32), ArgumentTypeError, TypeError),
        (lambda: Tensor(A, type=Type.f32), ArgumentTypeError, TypeError),
    ]
    for run, ours, builtin in cases:
        with pytest.raises(ours) as caught:
            run()
        assert isinstance(caught.value, builtin) and isinstance(caught.value, irexec.IRExecError)
        assert "\n" not in str(caught.value)
    with pytest.raises(TensorError, match="element types differ: the source is f32, the destination i32"):
        Tensor(A).copy_to(Tensor(Type.i32, [2, 3]))
    with pytest.raises(TensorError, match=r"shares memory of 6 elements: shape \[4, 4\] needs 16"):
        Tensor(A.copy(), shared_memory=True).set_shape([4, 4])
    with pytest.raises(TensorError, match="the tensor holds 2 strings, 1 were given"):
        Tensor(np.array(["a", "b"])).str_data = ["c"]
    assert isinstance(Tensor(A).strides, Strides)
