"""The one rule for what a caller's array may feed (irexec.api.inputs), message by message: kinds
never cross, integers fit the input's range up to its exact bounds, floats narrow only when no
finite value is lost, u1 takes 0 and 1, an empty array takes the input's type, strings are str."""

import warnings

import ml_dtypes
import numpy as np
import pytest

import irexec
from helpers.irtext import net, param, result, write
from irexec.api.inputs import check_input, convert_input, narrow_input
from irexec.api.tensor_info import TensorInfo
from irexec.errors import InputError
from irexec.shapes import DYN, fixed
from irexec.types import BY_NAME

STRINGS = "expects string (an array or nested lists of str, of one shape), got "


def info(et, shape=None, name="x"):
    return TensorInfo(name, (), None if et is None else BY_NAME[et], shape, "0")


def refused(et, value, shape=None, *what) -> str:
    with pytest.raises(InputError) as e:
        check_input(info(et, shape), value, *what)
    return str(e.value)


def taken(et, value, shape=None) -> np.ndarray:
    """check_input's array (taken without a NumPy warning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (no NumPy warning on the way)
        arr = check_input(info(et, shape), value)
    return arr


# ---- strings -------------------------------------------------------------------------------------


def test_a_string_input_takes_str_arrays_and_lists_of_str_as_objects():
    for value in (["a", "bc"], np.array(["a", "bc"]), np.array(["a", "bc"], dtype=object)):
        arr = taken("string", value)
        assert arr.dtype == object and arr.tolist() == ["a", "bc"]
    assert taken("string", [["a"], ["b"]], (fixed(2), fixed(1))).shape == (2, 1)


@pytest.mark.parametrize(
    "value, got",
    [
        ([1, 2], "list"),
        (3, "int"),
        (np.array([1, 2], np.int64), "i64 (int64)"),
        (np.array([1j, 2j]), "complex128"),
        (np.array(["a", 1], dtype=object), "an object array holding int"),
        (np.array([[1.5, "a"], ["b", "c"]], dtype=object), "an object array holding float"),
        ([["a"], ["b", "c"]], "list"),  # (ragged)
    ],
    ids=["list-of-ints", "int", "int-array", "complex-array", "object-array", "2-d-object-array", "ragged"],
)
def test_anything_but_str_for_a_string_input_is_named(value, got):
    assert refused("string", value) == f"input 'x' {STRINGS}{got}"


def test_a_string_input_names_what_it_is_in_messages():
    assert refused("string", [1], None, "variable") == f"variable 'x' {STRINGS}list"
    assert refused("string", ["a", "b"], (fixed(3),)) == "input 'x' expects shape [3], got [2]"


# ---- arrays that are not one array, of another kind, of another shape ---------------------------


def test_ragged_lists_are_not_one_array():
    message = refused("f32", [[1.0, 2.0], [3.0]])
    assert message.startswith("input 'x': the value is not one array: ") and "inhomogeneous" in message
    assert refused("f32", [[1.0], []], None, "variable").startswith("variable 'x': the value is not one array: ")


@pytest.mark.parametrize(
    "et, value, got, why",
    [
        ("f32", np.array([1, 2], np.int32), "i32 (int32)", " (ints are not converted to floats)"),
        ("f16", [1, 2], "i64 (int64)", " (ints are not converted to floats)"),
        ("i32", np.array([1.0]), "f64 (float64)", " (floats are not converted to ints)"),
        ("i4", np.array([1.0], np.float32), "f32 (float32)", " (floats are not converted to ints)"),
        ("i32", np.array([True]), "boolean (bool)", ""),
        ("boolean", np.array([1, 0]), "i64 (int64)", ""),
        ("f32", np.array([False]), "boolean (bool)", ""),
        ("boolean", np.array([1.0]), "f64 (float64)", ""),
        ("f32", np.array([1j]), "complex128", ""),
        ("i32", np.array([1, 2], dtype=object), "string (object)", ""),
        ("i32", np.array(["1"]), "<U1", ""),
        ("u1", np.array([True]), "boolean (bool)", ""),
        ("u1", np.array([1.0]), "f64 (float64)", " (floats are not converted to ints)"),
        ("f32", np.array([1], ml_dtypes.int4), "i4 (int4)", " (ints are not converted to floats)"),
        ("i32", np.array([1], ml_dtypes.bfloat16), "bf16 (bfloat16)", " (floats are not converted to ints)"),
    ],
)
def test_no_array_crosses_kinds(et, value, got, why):
    assert refused(et, value) == f"input 'x' expects {et}, got {got}{why}"
    assert convert_input(np.asarray(value), BY_NAME[et]) == (None, why)


def test_the_message_names_the_caller_s_word_for_the_value():
    assert refused("f32", np.array([1]), None, "variable") == (
        "variable 'x' expects f32, got i64 (int64) (ints are not converted to floats)"
    )
    assert refused("u1", np.array([3], np.uint8), None, "variable") == "variable 'x' is u1: values must be 0 or 1"
    assert refused("f32", np.zeros(2, np.float32), (fixed(3),), "variable") == "variable 'x' expects shape [3], got [2]"


def test_a_shape_the_input_cannot_take_is_refused():
    assert refused("f32", np.ones((3, 3), np.float32), (fixed(2), DYN)) == "input 'x' expects shape [2,?], got [3, 3]"
    assert refused("f32", np.ones(2, np.float32), (fixed(2), DYN)) == "input 'x' expects shape [2,?], got [2]"
    assert taken("f32", np.ones((2, 5), np.float32), (fixed(2), DYN)).shape == (2, 5)
    assert taken("f32", np.ones((4, 1, 2), np.float32), None).shape == (4, 1, 2)


def test_an_input_of_no_type_takes_any_array_as_it_is():
    for value in (np.ones((3, 3), np.int16), np.array([1.5]), np.array(["a"])):
        arr = taken(None, value)
        assert arr.dtype == value.dtype and np.array_equal(arr, value)
    assert refused(None, np.ones(2), (fixed(3),)) == "input 'x' expects shape [3], got [2]"


# ---- u1 ------------------------------------------------------------------------------------------


def test_u1_takes_0_and_1_only():
    assert taken("u1", np.array([0, 1, 1], np.uint8)).tolist() == [0, 1, 1]
    arr = taken("u1", np.array([0, 1, 1]))  # (i64: converted)
    assert arr.dtype == np.uint8 and arr.tolist() == [0, 1, 1]
    assert taken("u1", np.zeros(0, np.uint8)).shape == (0,)
    for value in (np.array([0, 1, 2], np.uint8), np.array([2]), np.array([255], np.uint8)):
        assert refused("u1", value) == "input 'x' is u1: values must be 0 or 1"
    assert (
        refused("u1", np.array([256]))
        == "input 'x' expects u1, got i64 (int64) with values outside u1's range [0, 255]"
    )


def test_values_past_1_are_no_concern_of_other_inputs():
    assert taken("f32", np.array([2.0, 7.0], np.float32)).tolist() == [2.0, 7.0]
    assert taken("u8", np.array([2, 200], np.uint8)).tolist() == [2, 200]
    assert taken("i32", np.array([5])).tolist() == [5]


# ---- integers: every value in the input's range, to its exact bounds -----------------------------


@pytest.mark.parametrize(
    "et, lo, hi",
    [("i8", -128, 127), ("u8", 0, 255), ("i16", -(2**15), 2**15 - 1), ("i32", -(2**31), 2**31 - 1), ("u4", 0, 15)],
)
def test_integers_feed_an_integer_input_up_to_its_bounds(et, lo, hi):
    want = BY_NAME[et]
    arr, why = convert_input(np.array([lo, hi], np.int64), want)
    assert why == "" and arr.dtype == want.dtype and arr.astype(np.int64).tolist() == [lo, hi]
    outside = f" with values outside {et}'s range [{lo}, {hi}]"
    for bad in ([lo - 1, hi], [lo, hi + 1], [lo - 1], [hi + 1]):
        assert convert_input(np.array(bad, np.int64), want) == (None, outside)
        assert refused(et, np.array(bad, np.int64)) == f"input 'x' expects {et}, got i64 (int64){outside}"


def test_an_integer_type_that_always_fits_needs_no_look_at_the_values():
    arr, why = convert_input(np.array([0, 255], np.uint8), BY_NAME["i32"])
    assert why == "" and arr.dtype == np.int32 and arr.tolist() == [0, 255]
    arr, why = convert_input(np.array([-8, 7], ml_dtypes.int4), BY_NAME["i64"])
    assert why == "" and arr.dtype == np.int64 and arr.tolist() == [-8, 7]


def test_narrow_integer_types_take_integers():
    arr = taken("i4", np.array([-8, 7]))
    assert arr.dtype == BY_NAME["i4"].dtype and arr.astype(np.int64).tolist() == [-8, 7]
    assert (
        refused("i4", np.array([8])) == "input 'x' expects i4, got i64 (int64) with values outside i4's range [-8, 7]"
    )
    assert taken("i32", [1, 2]).dtype == np.int32  # (Python ints feed i32)


# ---- empty arrays take the input's type ----------------------------------------------------------


@pytest.mark.parametrize(
    "source, et",
    [(np.int64, "boolean"), (np.float64, "i32"), (np.int64, "f32"), (np.bool_, "f16"), (np.float32, "u1")],
)
def test_an_empty_array_takes_the_input_s_type(source, et):
    arr, why = convert_input(np.zeros((0, 2), source), BY_NAME[et])
    assert why == "" and arr.dtype == BY_NAME[et].dtype and arr.shape == (0, 2)
    assert taken(et, np.zeros((0, 2), source)).dtype == BY_NAME[et].dtype


def test_an_empty_array_of_no_number_type_is_still_refused():
    assert convert_input(np.zeros(0, np.complex64), BY_NAME["f32"]) == (None, "")
    assert refused("f32", np.zeros(0, np.complex64)) == "input 'x' expects f32, got complex64"


def test_one_value_of_another_kind_is_refused_as_many():
    assert convert_input(np.array([1.5]), BY_NAME["i32"]) == (None, " (floats are not converted to ints)")
    assert convert_input(np.array([3]), BY_NAME["f32"]) == (None, " (ints are not converted to floats)")


# ---- floats: rounded to the input's precision, no finite value lost ------------------------------


def test_floats_round_to_a_narrower_float_input():
    arr, why = convert_input(np.array([1.1, -2.0, np.inf, np.nan]), BY_NAME["f16"])
    assert why == "" and arr.dtype == np.float16
    assert arr[0] == np.float16(1.1) and arr[1] == -2 and arr[2] == np.inf and np.isnan(arr[3])
    arr, why = convert_input(np.array([65504.0, -65504.0]), BY_NAME["f16"])
    assert why == "" and arr.tolist() == [65504.0, -65504.0]
    arr, why = convert_input(np.array([1.5, 3e38], np.float32), BY_NAME["bf16"])
    assert why == "" and arr.dtype == ml_dtypes.bfloat16 and float(arr[0]) == 1.5 and np.isfinite(arr[1])
    arr, why = convert_input(np.array([0.25], np.float16), BY_NAME["f64"])
    assert why == "" and arr.dtype == np.float64 and arr.tolist() == [0.25]
    arr, why = convert_input(np.array([1.5], ml_dtypes.bfloat16), BY_NAME["f32"])
    assert why == "" and arr.dtype == np.float32 and arr.tolist() == [1.5]


@pytest.mark.parametrize(
    "source, value, et",
    [
        (np.float64, 1e5, "f16"),
        (np.float32, 70000.0, "f16"),
        (np.float64, 1e39, "f32"),
        (np.float64, -1e39, "f32"),
        (np.float64, 1e39, "bf16"),
        (ml_dtypes.bfloat16, 1e5, "f16"),  # (as wide as f16, a larger range)
    ],
)
def test_a_finite_value_beyond_a_float_input_s_range_is_refused(source, value, et):
    arr = np.array([1.0, value], source)
    why = f" with finite values beyond {et}'s range"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (refused without NumPy's overflow warning)
        assert convert_input(arr, BY_NAME[et]) == (None, why)
        message = refused(et, arr)
    name = {np.float64: "f64 (float64)", np.float32: "f32 (float32)", ml_dtypes.bfloat16: "bf16 (bfloat16)"}[source]
    assert message == f"input 'x' expects {et}, got {name}{why}"


def test_a_wider_float_input_takes_any_value():
    arr, why = convert_input(np.array([65504.0, np.inf], np.float16), BY_NAME["bf16"])
    assert why == "" and arr.dtype == ml_dtypes.bfloat16 and float(arr[0]) == 65536.0 and arr[1] == np.inf
    arr, why = convert_input(np.array([3e38], np.float32), BY_NAME["f64"])
    assert why == "" and arr.tolist() == [np.float32(3e38).item()]


# ---- the floats narrower than f16 ----------------------------------------------------------------


@pytest.mark.parametrize(
    "et, good, bad",
    [
        ("f8e4m3", [448.0, -448.0, 0.0, np.nan, np.inf], [500.0, -1e6]),
        ("f8e5m2", [57344.0, -57344.0, np.inf], [61440.0, 1e6]),
        ("f4e2m1", [6.0, -6.0, 0.5, np.nan], [6.5, -7.0, 1e6]),
        ("nf4", [1.0, -1.0, 0.3, np.nan], [1.01, -1.5]),
        ("f8e8m0", [2.0**127, 0.5, 1.0, 2.0**-127, np.nan], [2.0**128, 1e300, 0.0, -1.0, -0.0]),
    ],
)
@pytest.mark.filterwarnings("error")
def test_narrow_floats_refuse_what_they_cannot_hold(et, good, bad):
    want = BY_NAME[et]
    for source in (np.float32, np.float64):
        ok = np.array(good, np.float64).astype(source)
        arr, why = convert_input(ok, want)
        assert why == "" and arr.dtype == want.dtype and arr.shape == ok.shape
        assert narrow_input(ok, want) is not None
        for v in bad:
            if source is np.float32 and abs(v) > float(np.finfo(np.float32).max):
                continue
            one = np.array([good[0], v], np.float64).astype(source)
            assert narrow_input(one, want) is None, v
            assert convert_input(one, want) == (None, f" with values outside {et}'s range")
            name = "f32 (float32)" if source is np.float32 else "f64 (float64)"
            assert refused(et, one) == f"input 'x' expects {et}, got {name} with values outside {et}'s range"


def test_narrow_floats_round_as_convert_does():
    arr = taken("f8e4m3", np.array([1.1, 300.0]))
    assert arr.dtype == ml_dtypes.float8_e4m3fn and arr.astype(np.float64).tolist() == [1.125, 288.0]
    arr = taken("f4e2m1", np.array([2.4, -5.5], np.float32))
    assert arr.astype(np.float64).tolist() == [2.0, -6.0]
    # nf4 computes as f32: an f32 array is still rounded to nf4's 16 values.
    arr = taken("nf4", np.array([0.3, 1.0, -1.0, 0.0], np.float32))
    assert arr.dtype == np.float32 and arr.tolist() == [np.float32(0.33791524171829224), 1.0, -1.0, 0.0]
    assert (
        refused("nf4", np.array([1.01], np.float32))
        == "input 'x' expects nf4, got f32 (float32) with values outside nf4's range"
    )


def test_narrow_input_is_convert_s_result():
    arr = np.array([0.5, 3.5, 7.0])
    out = narrow_input(arr, BY_NAME["f8e8m0"])
    assert out.dtype == ml_dtypes.float8_e8m0fnu and out.astype(np.float64).tolist() == [0.5, 4.0, 8.0]
    out = narrow_input(np.array([np.inf, -np.inf, np.nan]), BY_NAME["f8e5m2"])
    assert np.isinf(out.astype(np.float64)[:2]).all() and np.isnan(out.astype(np.float64)[2])


# ---- through a model ------------------------------------------------------------------------------


def test_a_model_s_input_refuses_as_the_rule_says(tmp_path):
    xml = net([param(0, "x", (2,), "f16"), result(1, "f16", (2,), name="y")], [(0, 0, 1, 0)])
    model = irexec.read_model(write(tmp_path, xml))
    got = model.infer({"x": np.array([1.5, -2.0], ml_dtypes.bfloat16)})
    assert next(iter(got.values())).tolist() == [1.5, -2.0]
    with pytest.raises(InputError, match=r"^input 'x' expects f16, got bf16 \(bfloat16\) with finite values beyond"):
        model.infer({"x": np.array([1e5, 1.0], ml_dtypes.bfloat16)})
    with pytest.raises(InputError, match=r"^input 'x' expects shape \[2\], got \[3\]$"):
        model.infer({"x": np.ones(3, np.float16)})


@pytest.mark.filterwarnings("error")
def test_an_f64_beyond_f32_s_range_for_a_narrow_float_input_is_refused_without_a_warning(tmp_path):
    xml = net([param(0, "x", (2,), "f8e4m3"), result(1, "f8e4m3", (2,), name="y")], [(0, 0, 1, 0)])
    model = irexec.read_model(write(tmp_path, xml))
    assert next(iter(model.infer({"x": np.array([1.0, 448.0])}).values())).astype(np.float64).tolist() == [1.0, 448.0]
    message = r"^input 'x' expects f8e4m3, got f64 \(float64\) with values outside f8e4m3's range$"
    with pytest.raises(InputError, match=message):
        model.infer({"x": np.array([1.0, 1e300])})
