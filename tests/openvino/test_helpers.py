"""irexec.openvino's helper functions and small classes against OpenVINO's: utils.types (element
types to and from NumPy's, values to nodes), Strides and CoordinateDiff, tensor_from_file."""

import logging
import re

import numpy as np
import openvino as ov
import openvino.utils.types as their_types
import pytest

import irexec.openvino as iov
import irexec.openvino.utils.types as our_types
from irexec.openvino.exceptions import OVTypeError

# Python types, NumPy types and dtypes, and what has no element type.
DATA_TYPES = [bool, int, float, str, bytes, np.bool_, np.float16, np.float32, np.float64, np.int8, np.int16]
DATA_TYPES += [np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.str_, np.bytes_]
DATA_TYPES += [np.dtype("int64"), np.dtype("float32"), np.dtype(bool), np.dtype("U0"), np.dtype("S")]
UNIDENTIFIED = [np.complex64, np.dtype("U5"), "f32", None, object, np.dtype("float64").str]

TYPE_NAMES = ["boolean", "f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
TYPE_NAMES += ["string", "u1", "i4", "u4", "f8e4m3", "f8e5m2", "nf4"]


@pytest.mark.parametrize("data_type", DATA_TYPES, ids=repr)
def test_element_type_of_a_python_or_numpy_type(data_type):
    assert repr(our_types.get_element_type(data_type)) == repr(their_types.get_element_type(data_type))
    assert our_types.get_element_type_str(data_type) == their_types.get_element_type_str(data_type)


@pytest.mark.parametrize("data_type", UNIDENTIFIED, ids=repr)
def test_what_has_no_element_type_is_refused_as_openvino_refuses_it(data_type):
    for function in ("get_element_type", "get_element_type_str"):
        with pytest.raises(ov.exceptions.OVTypeError):
            getattr(their_types, function)(data_type)
        with pytest.raises(OVTypeError, match="Unidentified data type") as refused:
            getattr(our_types, function)(data_type)
        assert isinstance(refused.value, TypeError)


def test_pythons_int_and_float_are_32_bit_with_openvinos_warning(caplog):
    with caplog.at_level(logging.WARNING):
        their_types.get_element_type(int)
        our_types.get_element_type(int)
        their_types.get_element_type_str(float)
        our_types.get_element_type_str(float)
    theirs, ours = caplog.records[0::2], caplog.records[1::2]
    assert [r.getMessage() for r in ours] == [r.getMessage() for r in theirs] and len(ours) == 2
    assert [r.levelno for r in ours] == [logging.WARNING] * 2


@pytest.mark.parametrize("name", TYPE_NAMES)
def test_numpy_type_of_an_element_type(name):
    theirs, ours = getattr(ov.Type, name), getattr(iov.Type, name)
    try:
        want = their_types.get_dtype(theirs), their_types.get_numpy_ctype(theirs)
    except ov.exceptions.OVTypeError:
        for function in (our_types.get_dtype, our_types.get_numpy_ctype):
            with pytest.raises(OVTypeError, match="Unidentified data type"):
                function(ours)
        return
    assert (our_types.get_dtype(ours), our_types.get_numpy_ctype(ours)) == want


def test_the_tables_are_openvinos():
    assert [(repr(t), n) for t, n in our_types.openvino_to_numpy_types_map] == [
        (repr(t), n) for t, n in their_types.openvino_to_numpy_types_map
    ]
    assert our_types.openvino_to_numpy_types_str_map == their_types.openvino_to_numpy_types_str_map


@pytest.mark.parametrize("data", [1, 2.5, True, [1, 2], [[1, 2], [3, 4]], (1, 2.0), "a", np.zeros((2, 3))], ids=repr)
def test_arrays_and_shapes_of_values(data):
    got, want = our_types.get_ndarray(data), their_types.get_ndarray(data)
    assert got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want)
    assert our_types.get_shape(data) == their_types.get_shape(data)
    assert type(our_types.get_shape(data)) is type(their_types.get_shape(data))
    array = np.arange(3)
    assert our_types.get_ndarray(array) is array and their_types.get_ndarray(array) is array


CONSTANTS = [
    (1, None),
    (1.5, None),
    (True, None),
    ([1, 2], None),
    (1, np.float32),
    (1, "f16"),
    (np.array([1, 2], np.int16), None),
    (np.array([1, 2], np.int16), np.int32),
    ([[1, 2]], "u8"),
    (3, int),
]


@pytest.mark.parametrize("value,dtype", CONSTANTS, ids=repr)
def test_a_constant_node_of_a_value(value, dtype):
    theirs = their_types.make_constant_node(value, getattr(ov.Type, dtype) if isinstance(dtype, str) else dtype)
    ours = our_types.make_constant_node(value, getattr(iov.Type, dtype) if isinstance(dtype, str) else dtype)
    assert ours.get_type_name() == theirs.get_type_name() == "Constant"
    assert ours.get_element_type().get_type_name() == theirs.get_element_type().get_type_name()
    assert [d.get_length() for d in ours.get_output_partial_shape(0)] == [
        d.get_length() for d in theirs.get_output_partial_shape(0)
    ]
    np.testing.assert_array_equal(np.asarray(ours.get_data()), theirs.get_data())


def test_a_named_constant_node_and_the_refusals():
    named = re.compile(r"k/Constant_\d+")
    assert named.fullmatch(their_types.make_constant_node(3, name="k").get_friendly_name())
    assert named.fullmatch(our_types.make_constant_node(3, name="k").get_friendly_name())
    with pytest.raises(ov.exceptions.OVTypeError):
        their_types.make_constant_node("abc")
    with pytest.raises(OVTypeError):
        our_types.make_constant_node("abc")
    with pytest.raises(OVTypeError):
        our_types.make_constant_node(1, np.complex64)


def test_values_as_nodes():
    their_x = ov.opset13.parameter([2], np.float32, name="p")
    our_x = iov.opset13.parameter([2], np.float32, name="p")
    assert their_types.as_node(their_x) is their_x and our_types.as_node(our_x) is our_x
    our_out = our_x.output(0)
    assert our_types.as_node(our_out) is our_out
    theirs = their_types.as_nodes(their_x, 1, their_x.output(0), name="q")
    ours = our_types.as_nodes(our_x, 1, our_out, name="q")
    assert [type(n).__name__ for n in ours] == [type(n).__name__ for n in theirs] == ["Parameter", "Constant", "Output"]
    assert re.fullmatch(r"q/Constant_\d+", ours[1].get_friendly_name())
    assert ours[1].get_element_type().get_type_name() == theirs[1].get_element_type().get_type_name()
    assert our_types.as_nodes() == their_types.as_nodes() == []


COORDINATES = [[], [1], [1, 2, 3]]


@pytest.mark.parametrize("values", COORDINATES, ids=repr)
def test_strides_and_coordinate_diffs_print_as_openvinos(values):
    for name in ("Strides", "CoordinateDiff"):
        theirs, ours = getattr(ov, name)(values), getattr(iov, name)(values)
        assert (repr(ours), str(ours), list(ours), len(ours)) == (repr(theirs), str(theirs), list(theirs), len(theirs))
    assert iov.Strides(values) == values and ov.Strides(values) == values
    assert iov.Strides(values) == tuple(values) and ov.Strides(values) == tuple(values)


def test_strides_hold_ints_of_zero_or_more_and_change_in_place():
    ours, theirs = iov.Strides([1, 2]), ov.Strides([1, 2])
    ours[0] = theirs[0] = 5
    assert list(ours) == list(theirs) == [5, 2] and ours[1] == theirs[1] == 2
    for wrong in ([-1], [1.5], ["a"]):
        with pytest.raises(TypeError):
            ov.Strides(wrong)
        with pytest.raises(TypeError):
            iov.Strides(wrong)
    with pytest.raises(TypeError):
        hash(ours)
    with pytest.raises(TypeError):
        hash(theirs)
    assert list(iov.CoordinateDiff([0, -1])) == [0, -1]


def test_a_tensor_from_a_files_bytes(tmp_path):
    path = tmp_path / "blob.bin"
    path.write_bytes(bytes(range(10)))
    theirs, ours = ov.tensor_from_file(str(path)), iov.tensor_from_file(path)
    assert ours.element_type.get_type_name() == theirs.element_type.get_type_name() == "u8"
    assert list(ours.shape) == list(theirs.shape) == [10]
    np.testing.assert_array_equal(ours.data, theirs.data)
    (tmp_path / "empty.bin").write_bytes(b"")
    assert list(iov.tensor_from_file(tmp_path / "empty.bin").shape) == [0]
    with pytest.raises(FileNotFoundError):
        ov.tensor_from_file(str(tmp_path / "missing.bin"))
    with pytest.raises(FileNotFoundError, match="missing.bin") as missing:
        iov.tensor_from_file(tmp_path / "missing.bin")
    assert isinstance(missing.value, RuntimeError)
    assert iov.shutdown() is None and ov.shutdown.__name__ == iov.shutdown.__name__
