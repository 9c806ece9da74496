"""The scatter kernels against the specs: every worked example of the seeds (with their errata),
property tests against a plain loop over each spec's formula, ONNX's reference, round trips
through the gather inverses, and the fast routes (whole rows, updates grouped by target, work
split over the cores) against loops."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from irexec import buffers
from irexec.kernels import (
    IndexOutOfRangeError,
    gather_elements,
    gather_nd,
    scatter_elements,
    scatter_elements_update,
    scatter_nd_update,
    scatter_update,
)
from irexec.kernels import indices as indices_module
from irexec.kernels import reduce as reduce_module

# ---- the seed examples ----------------------------------------------------------------------------
ND_DATA = np.array([1, 2, 3, 4])
ND_IDX = np.array([[0], [2], [-3], [-3], [0]])
ND_UPD = np.array([10, 20, 30, 40, 50])


@pytest.mark.parametrize(
    "reduction, dtype, right, printed",
    [
        # ScatterNDUpdate-15 XML examples 1-4: (right by the formula, what the spec prints)
        ("none", np.float32, [50, 40, 20, 4], [50, 20, 20, 4]),  # erratum: index -3 is 1, so 40 wins
        ("sum", np.float16, [61, 72, 23, 4], [61, 72, 23, 4]),
        ("sub", np.int32, [-59, -68, -17, 4], [-59, -68, -17, 4]),
        ("prod", np.float32, [500, 2400, 60, 4], [500, 3600, 40, 4]),  # erratum: 2*30*40 and 3*20
    ],
)
def test_scatter_nd_15_xml_examples(reduction, dtype, right, printed):
    out = scatter_nd_update(ND_DATA.astype(dtype), ND_IDX.astype(np.int32), ND_UPD.astype(dtype), reduction)
    np.testing.assert_array_equal(out, right)
    assert out.dtype == dtype
    if printed != right:
        assert not np.array_equal(out, printed)


def test_scatter_nd_15_example_1_erratum():
    """The spec prints [1, 11, 3, 10, 4, 6, 13, 12]; index -4 is 4, so position 4 ends as 14."""
    out = scatter_nd_update(
        np.arange(1, 9), np.array([[4], [3], [1], [7], [-2], [-4]]), np.array([9, 10, 11, 12, 13, 14])
    )
    np.testing.assert_array_equal(out, [1, 11, 3, 10, 14, 6, 13, 12])


SLICE_DATA = np.array(
    [[[1, 2, 3, 4], [5, 6, 7, 8], [8, 7, 6, 5], [4, 3, 2, 1]]] * 2
    + [[[8, 7, 6, 5], [4, 3, 2, 1], [1, 2, 3, 4], [5, 6, 7, 8]]] * 2
)
SLICE_UPD = np.array([[[5] * 4, [6] * 4, [7] * 4, [8] * 4], [[1] * 4, [2] * 4, [3] * 4, [4] * 4]])


@pytest.mark.parametrize("negative", [False, True])  # ScatterNDUpdate-3 and -15 both print this one
def test_scatter_nd_slice_example(negative):
    out = scatter_nd_update(SLICE_DATA, np.array([[0], [2]]), SLICE_UPD, negative=negative)
    want = SLICE_DATA.copy()
    want[0], want[2] = SLICE_UPD
    np.testing.assert_array_equal(out, want)


def test_scatter_nd_3_example_1():
    out = scatter_nd_update(np.arange(1, 9), np.array([[4], [3], [1], [7]]), np.array([9, 10, 11, 12]), negative=False)
    np.testing.assert_array_equal(out, [1, 11, 3, 10, 9, 6, 7, 12])


@pytest.mark.parametrize(
    "reduction, init, data, idx, upd, axis, want",
    [
        # ScatterElementsUpdate-12 spec examples 1-5
        ("sum", True, [2, 3, 4, 6], [1, 0, 0, -2, -1, 2], [10, 20, 30, 40, 70, 60], 0, [52, 13, 104, 76]),
        ("sum", False, [2, 3, 4, 6], [1, 0, 0, 2, 3, 2], [10, 20, 30, 40, 70, 60], 0, [50, 10, 100, 70]),
        (
            "none",
            True,
            np.zeros((3, 4)),
            [[1, 2], [0, 3]],
            [[11, 12], [13, 14]],
            1,
            [[0, 11, 12, 0], [13, 0, 0, 14], [0, 0, 0, 0]],
        ),
        (
            "sum",
            True,
            np.ones((3, 4)),
            [[1, 1], [0, 3]],
            [[11, 12], [13, 14]],
            1,
            [[1, 24, 1, 1], [14, 1, 1, 15], [1, 1, 1, 1]],
        ),
        (
            "prod",
            True,
            np.full((3, 4), 2),
            [[1, 1], [0, 3]],
            [[11, 12], [13, 14]],
            1,
            [[2, 264, 2, 2], [26, 2, 2, 28], [2, 2, 2, 2]],
        ),
    ],
)
def test_scatter_elements_12_examples(reduction, init, data, idx, upd, axis, want):
    out = scatter_elements_update(
        np.asarray(data, np.float32), np.asarray(idx), np.asarray(upd, np.float32), axis, reduction, init
    )
    np.testing.assert_array_equal(out, want)


def test_onnx_scatter_elements_examples():
    out = scatter_elements(
        np.zeros((3, 3), np.float32),
        np.array([[1, 0, 2], [0, 2, 1]]),
        np.array([[1.0, 1.1, 1.2], [2.0, 2.1, 2.2]], np.float32),
    )
    np.testing.assert_array_equal(out, np.array([[2.0, 1.1, 0.0], [1.0, 0.0, 2.2], [0.0, 2.1, 1.2]], np.float32))
    out = scatter_elements(np.array([[1.0, 2.0, 3.0, 4.0, 5.0]]), np.array([[1, 3]]), np.array([[1.1, 2.1]]), axis=1)
    np.testing.assert_array_equal(out, [[1.0, 1.1, 3.0, 2.1, 5.0]])


# ---- semantics decided where the specs are silent ----------------------------------------------------


def test_duplicates_last_writer_wins_everywhere():
    idx = np.array([2, 0, 2, 2, 0, 1] * 50)
    upd = np.arange(idx.size, dtype=np.float64)
    last = {int(i): float(u) for i, u in zip(idx, upd)}
    want = [last[0], last[1], last[2]]
    np.testing.assert_array_equal(scatter_elements_update(np.zeros(3), idx, upd, 0), want)
    np.testing.assert_array_equal(scatter_nd_update(np.zeros(3), idx[:, None], upd), want)
    np.testing.assert_array_equal(scatter_update(np.zeros(3), idx, upd, 0), want)
    rows = scatter_nd_update(np.zeros((3, 2)), idx[:, None], np.stack([upd, -upd], 1))
    np.testing.assert_array_equal(rows[:, 0], want)


def test_nan_propagates_in_min_and_max():
    nan = np.nan
    for red in ("min", "max"):
        out = scatter_elements_update(np.array([nan, 1.0, 2.0]), np.array([0, 1, 1]), np.array([5.0, nan, 0.0]), 0, red)
        assert np.isnan(out[0]) and np.isnan(out[1]) and out[2] == 2.0


def test_integer_mean_rounds_down_and_counts_init():
    out = scatter_elements_update(
        np.array([0, 0, 7], np.int32),
        np.array([0, 0, 1, 1]),
        np.array([-1, -2, 1, 2], np.int32),
        0,
        "mean",
        use_init_val=False,
    )
    np.testing.assert_array_equal(out, [-2, 1, 7])  # -1.5 -> -2 (floor), 1.5 -> 1, untouched 7
    out = scatter_elements_update(np.array([-3, 3], np.int32), np.array([0, 1]), np.array([-4, 4], np.int32), 0, "mean")
    np.testing.assert_array_equal(out, [-4, 3])  # (-3-4)/2 = -3.5 -> -4; (3+4)/2 = 3.5 -> 3


def test_f16_reductions_accumulate_in_f32():
    upd = np.array([2048, 1, 1, 1, 1], np.float16)
    out = scatter_elements_update(np.zeros(1, np.float16), np.zeros(5, np.int64), upd, 0, "sum")
    assert out.dtype == np.float16 and out[0] == 2052  # step-by-step f16 would stay at 2048


def test_integer_overflow_wraps():
    out = scatter_nd_update(np.array([120], np.int8), np.zeros((2, 1), np.int64), np.array([10, 10], np.int8), "sum")
    assert out[0] == np.int8(-116)


def test_boolean_reductions_are_logical():
    data = np.array([True, False, True, False])
    idx = np.array([[0], [1], [2], [3]])
    upd = np.array([True, True, False, False])
    for red, want in [
        ("sum", [1, 1, 1, 0]),
        ("sub", [0, 1, 1, 0]),
        ("prod", [1, 0, 0, 0]),
        ("min", [1, 0, 0, 0]),
        ("max", [1, 1, 1, 0]),
    ]:
        np.testing.assert_array_equal(scatter_nd_update(data, idx, upd, red), np.array(want, bool), err_msg=red)
    with pytest.raises(Exception, match="mean"):
        scatter_elements_update(data, idx[:, 0], upd, 0, "mean")


def test_inputs_never_written_and_out_in_place():
    data = np.arange(6.0)
    frozen = data.copy()
    out = scatter_elements_update(data, np.array([1]), np.array([9.0]), 0, "sum")
    np.testing.assert_array_equal(data, frozen)
    again = scatter_elements_update(out, np.array([1]), np.array([1.0]), 0, "sum", out=out)
    assert again is out and out[1] == 11


# ---- bad indices: an error with the position, the value and the bound -----------------------------


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: scatter_update(np.zeros((4, 3)), np.array([[0, 4]]), np.zeros((1, 2, 3)), 0),
            r"index 4 at position \[0, 1\] is out of range \[0, 3\]",
        ),
        (
            lambda: scatter_update(np.zeros(4), np.array([-1]), np.zeros(1), 0),
            r"index -1 at position \[0\] is out of range \[0, 3\].*negative indices are not allowed",
        ),
        (
            lambda: scatter_elements_update(np.zeros((2, 3)), np.array([[0, -4]]), np.zeros((1, 2)), 1),
            r"index -4 at position \[0, 1\] is out of range \[-3, 2\] along dim 1",
        ),
        (
            lambda: scatter_nd_update(np.zeros((2, 3)), np.array([[1, 0], [0, 3]]), np.zeros(2)),
            r"index 3 at position \[1, 1\] is out of range \[-3, 2\] along dim 1",
        ),
        (lambda: gather_nd(np.zeros((2, 3)), np.array([[2]])), r"index 2 at position \[0, 0\]"),
        (lambda: gather_elements(np.zeros((2, 3)), np.array([[5]]), 1), r"index 5 at position \[0, 0\]"),
    ],
)
def test_out_of_range_is_a_clear_error(call, message):
    with pytest.raises(IndexOutOfRangeError, match=message):
        call()


def test_unsigned_and_narrow_index_types():
    for dt in (np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.uint64):
        out = scatter_update(np.zeros(5), np.array([4, 1], dt), np.array([1.0, 2.0]), 0)
        np.testing.assert_array_equal(out, [0, 2, 0, 0, 1])
    with pytest.raises(IndexOutOfRangeError, match="18446744073709551615"):
        scatter_update(np.zeros(5), np.array([2**64 - 1], np.uint64), np.array([1.0]), 0)
    with pytest.raises(Exception, match="integer type"):
        scatter_update(np.zeros(5), np.array([1.0]), np.array([1.0]), 0)


def test_zero_d_indices_for_scatter_update():
    out = scatter_update(np.zeros((3, 2)), np.array(1), np.array([5.0, 6.0]), 0)
    np.testing.assert_array_equal(out, [[0, 0], [5, 6], [0, 0]])


# ---- property tests against plain loops over the specs' formulas -----------------------------------


def loop_scatter_elements(data, idx, upd, axis, reduction, use_init_val=True):
    out = data.copy()
    fns = {"sum": lambda a, b: a + b, "prod": lambda a, b: a * b, "min": min, "max": max}
    seen = {}
    for pos in np.ndindex(*idx.shape):
        tgt = list(pos)
        tgt[axis] = int(idx[pos]) % data.shape[axis]
        tgt = tuple(tgt)
        if reduction == "none":
            out[tgt] = upd[pos]
            continue
        if tgt not in seen:
            seen[tgt] = [out[tgt]] if use_init_val else []
        seen[tgt].append(upd[pos])
    for tgt, vals in seen.items():
        if reduction == "mean":
            out[tgt] = np.floor(sum(int(v) for v in vals) / len(vals))
        else:
            acc = vals[0]
            for v in vals[1:]:
                acc = fns[reduction](acc, v)
            out[tgt] = acc
    return out


@st.composite
def elements_case(draw):
    rank = draw(st.integers(1, 3))
    shape = tuple(draw(st.integers(1, 4)) for _ in range(rank))
    axis = draw(st.integers(-rank, rank - 1))
    ax = axis % rank
    ishape = tuple(draw(st.integers(1, 6)) if d == ax else draw(st.integers(1, shape[d])) for d in range(rank))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    data = rng.integers(-20, 20, shape).astype(np.int64)
    idx = rng.integers(-shape[ax], shape[ax], ishape)
    upd = rng.integers(-20, 20, ishape).astype(np.int64)
    return data, idx, upd, axis


@settings(max_examples=150, deadline=None)
@given(elements_case(), st.sampled_from(["none", "sum", "prod", "min", "max", "mean"]), st.booleans())
def test_scatter_elements_matches_the_formula(case, reduction, use_init_val):
    data, idx, upd, axis = case
    want = loop_scatter_elements(data, idx, upd, axis % data.ndim, reduction, use_init_val)
    got = scatter_elements_update(data, idx, upd, axis, reduction, use_init_val)
    np.testing.assert_array_equal(got, want)


@st.composite
def nd_case(draw):
    rank = draw(st.integers(1, 4))
    shape = tuple(draw(st.integers(1, 4)) for _ in range(rank))
    k = draw(st.integers(1, rank))
    lead = tuple(draw(st.integers(1, 4)) for _ in range(draw(st.integers(1, 2))))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    idx = np.stack([rng.integers(-shape[j], shape[j], lead) for j in range(k)], -1)
    data = rng.integers(-9, 9, shape)
    upd = rng.integers(-9, 9, lead + shape[k:])
    return data, idx, upd


@settings(max_examples=150, deadline=None)
@given(nd_case(), st.sampled_from(["none", "sum", "sub", "prod", "min", "max"]))
def test_scatter_nd_matches_the_spec_snippet(case, reduction):
    """The ScatterNDUpdate-15 spec's NumPy snippet, run as a loop (index order for duplicates)."""
    data, idx, upd = case
    fn = {
        "none": lambda x, y: y,
        "sum": lambda x, y: x + y,
        "sub": lambda x, y: x - y,
        "prod": lambda x, y: x * y,
        "min": np.minimum,
        "max": np.maximum,
    }[reduction]
    want = data.copy()
    for ndidx in np.ndindex(idx.shape[:-1]):
        key = tuple(int(i) for i in idx[ndidx])
        want[key] = fn(want[key], upd[ndidx])
    np.testing.assert_array_equal(scatter_nd_update(data, idx, upd, reduction), want)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 3).flatmap(lambda r: st.tuples(st.just(r), st.integers(-r, r - 1), st.integers(0, 2**16))),
    st.integers(0, 3),
)
def test_scatter_update_matches_the_formula(params, idx_rank):
    rank, axis, seed = params
    rng = np.random.default_rng(seed)
    shape = tuple(rng.integers(1, 5, rank))
    ax = axis % rank
    idx = rng.integers(0, shape[ax], tuple(rng.integers(1, 4, idx_rank)))
    upd = rng.standard_normal(shape[:ax] + idx.shape + shape[ax + 1 :])
    data = rng.standard_normal(shape)
    want = data.copy()
    for m in np.ndindex(*idx.shape):
        for pre in np.ndindex(*shape[:ax]):
            for post in np.ndindex(*shape[ax + 1 :]):
                want[pre + (idx[m],) + post] = upd[pre + m + post]
    np.testing.assert_array_equal(scatter_update(data, idx, upd, axis), want)


# ---- round trips: gathering what was scattered gives the updates back -------------------------------


@settings(max_examples=100, deadline=None)
@given(elements_case())
def test_gather_elements_inverts_scatter_elements(case):
    data, idx, upd, axis = case
    ax = axis % data.ndim
    if idx.shape[ax] > data.shape[ax]:
        return  # then some update must be overwritten
    perm = np.argsort(np.random.default_rng(0).random(idx.shape), axis=ax)  # distinct along axis
    out = scatter_elements_update(data, perm, upd, axis)
    np.testing.assert_array_equal(gather_elements(out, perm, axis), upd)


@settings(max_examples=100, deadline=None)
@given(nd_case())
def test_gather_nd_inverts_scatter_nd(case):
    """Gathering at the scattered index tuples gives each one the update that won its target
    (the last in index order), so with distinct targets exactly the updates."""
    data, idx, upd = case
    k = idx.shape[-1]
    flat = np.ravel_multi_index(tuple(np.moveaxis(idx % np.array(data.shape[:k]), -1, 0)), data.shape[:k]).reshape(-1)
    targets, first_from_end = np.unique(flat[::-1], return_index=True)
    winner = dict(zip(targets.tolist(), (flat.size - 1 - first_from_end).tolist()))
    src = np.array([winner[t] for t in flat.tolist()])
    want = upd.reshape((flat.size,) + upd.shape[idx.ndim - 1 :])[src].reshape(upd.shape)
    np.testing.assert_array_equal(gather_nd(scatter_nd_update(data, idx, upd), idx), want)


def test_gather_nd_batch_dims_and_v5_shape():
    data = np.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)
    idx = np.array([[[1, 0], [2, 3]], [[0, 1], [1, -1]]]).reshape(2, 2, 2)
    out8 = gather_nd(data, idx, batch_dims=1)
    assert out8.shape == (2, 2, 5)
    np.testing.assert_array_equal(out8[1, 1], data[1, 1, 3])
    out5 = gather_nd(data[None], idx[None], batch_dims=2, merge_batch=True)
    assert out5.shape == (2, 2, 5)


def test_onnx_string_tensors():
    out = scatter_elements(np.array([["a", "b"], ["c", "d"]]), np.array([[1, 0]]), np.array([["x", "y"]]))
    np.testing.assert_array_equal(out, [["a", "y"], ["x", "d"]])


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.int64, np.uint64])
@pytest.mark.parametrize("use_init_val", [True, False])
def test_integer_mean_is_exact_at_the_type_limits(dtype, use_init_val):
    info = np.iinfo(dtype)
    rng = np.random.default_rng(7)
    data = rng.integers(info.min, info.max, 4, dtype=dtype, endpoint=True)
    idx = np.array([0, 0, 0, 1, 1, 2, 0, 1])
    upd = np.array([info.max, info.max, info.max - 1, info.min, info.min, info.max, 3, 1], dtype=dtype)
    out = scatter_elements_update(data, idx, upd, 0, "mean", use_init_val)
    for t in range(4):
        vals = [int(u) for u, i in zip(upd, idx) if i == t] + ([int(data[t])] if use_init_val else [])
        want = sum(vals) // len(vals) if idx.tolist().count(t) else int(data[t])  # exact floor
        assert int(out[t]) == want, (t, vals)


# ---- the fast routes: whole rows, updates grouped by target, work split over the cores -------------

BF16 = np.dtype(ml_dtypes.bfloat16)


def loop_scatter_nd(data, idx, upd, reduction):
    """ScatterNDUpdate-15's snippet as a loop, computing the half types in f32 (rounded once at
    the end) and booleans logically, as the module docstring of irexec.kernels.reduce decides."""
    half = data.dtype in (np.float16, BF16)
    want = data.astype(np.float32) if half else data.copy()
    upd = upd.astype(np.float32) if half else upd
    logical = {
        "sum": np.logical_or,
        "sub": np.logical_xor,
        "prod": np.logical_and,
        "min": np.logical_and,
        "max": np.logical_or,
    }
    arith = {
        "none": lambda x, y: y,
        "sum": np.add,
        "sub": np.subtract,
        "prod": np.multiply,
        "min": np.minimum,
        "max": np.maximum,
    }
    fn = logical[reduction] if data.dtype == np.bool_ and reduction != "none" else arith[reduction]
    for pos in np.ndindex(idx.shape[:-1]):
        key = tuple(int(i) for i in idx[pos])
        want[key] = fn(want[key], upd[pos])
    return want.astype(data.dtype)


def small_values(rng, shape, dtype):
    """Values whose sums, differences and products stay exact in every float type (so no
    accumulation order can change a result); integers may wrap, as decided."""
    if np.dtype(dtype) == np.bool_:
        return rng.random(shape) < 0.5
    return rng.integers(-3, 4, shape).astype(dtype)


@pytest.fixture(params=["serial", "parallel"])
def split(request, monkeypatch):
    """Run a test as is, and again with every job split over the cores (and rows reduced a few
    at a time), so both the serial and the parallel code paths see the same cases."""
    if request.param == "parallel":
        monkeypatch.setattr(buffers, "PARALLEL_COPY_BYTES", 0)
        monkeypatch.setattr(reduce_module, "ROW_BLOCK_BYTES", 64)
        monkeypatch.setattr(reduce_module, "PARALLEL_GROUP_MIN", 4)
        monkeypatch.setattr(reduce_module, "RANK_PARTS_MIN", 4)
        monkeypatch.setattr(indices_module, "WHOLE_ROWS_BLOCK", 40)
        monkeypatch.setattr(reduce_module, "cores", lambda: 3)  # three parts, on any machine
        monkeypatch.setattr(buffers, "cores", lambda: 3)
    return request.param


@pytest.mark.parametrize("dtype", [np.float32, np.float16, BF16, np.int8, np.uint8, np.bool_])
@pytest.mark.parametrize("reduction", ["sum", "sub", "prod", "min", "max"])
@pytest.mark.parametrize("duplicates", [False, True])
def test_nd_whole_row_reductions(dtype, reduction, duplicates, split):
    """Slices of ROW_MIN or more elements are reduced as whole rows: gathered, reduced and
    written back when distinct, grouped by target when some repeat."""
    rng = np.random.default_rng(7)
    shape = (7, 5, reduce_module.ROW_MIN + 3)
    rows = rng.integers(0, 35, 24) if duplicates else rng.permutation(35)[:24]
    if duplicates:
        rows[:6] = rows[6]  # a row hit seven times, besides the random repeats
    idx = np.stack(np.unravel_index(rows, shape[:2]), -1)
    idx[::3, 0] -= shape[0]  # negative indices too
    data = small_values(rng, shape, dtype)
    upd = small_values(rng, (24, shape[2]), dtype)
    got = scatter_nd_update(data, idx, upd, reduction)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, loop_scatter_nd(data, idx, upd, reduction))


def test_nd_whole_rows_accumulate_half_types_in_f32(split):
    data = np.zeros((4, reduce_module.ROW_MIN), np.float16)
    upd = np.ones((5, reduce_module.ROW_MIN), np.float16)
    upd[0] = 2048
    out = scatter_nd_update(data, np.full((5, 1), 2), upd, "sum")  # one row, five times
    assert (out[2] == 2052).all() and not out[[0, 1, 3]].any()  # f16 steps would stay at 2048
    once = scatter_nd_update(
        np.full((4, reduce_module.ROW_MIN), 2048, np.float16),
        np.array([[1]]),
        np.ones((1, reduce_module.ROW_MIN), np.float16),
        "sum",
    )
    assert (once[1] == 2048).all()  # distinct rows: 2049 rounds back to 2048, once


def test_nd_whole_rows_propagate_nan(split):
    data = np.zeros((3, reduce_module.ROW_MIN))
    data[0, 0] = np.nan
    upd = np.zeros((2, reduce_module.ROW_MIN))
    upd[1, 1] = np.nan
    for red in ("min", "max"):
        out = scatter_nd_update(data, np.array([[0], [1]]), upd, red)
        assert np.isnan(out[0, 0]) and np.isnan(out[1, 1]) and np.isnan(out).sum() == 2


def loop_reduce(data, lin, upd, reduction, use_init_val):
    """``reduce_at`` as a loop over per-target lists in Python numbers (exact for the values the
    tests use), an integer mean rounding down; each result is rounded to the type once."""
    out = data.reshape(-1).copy()
    seen = {}
    for t, u in zip(lin.tolist(), upd.tolist()):
        seen.setdefault(t, [out[t].item()] if use_init_val else []).append(u)
    fns = {"sum": sum, "prod": lambda v: np.prod(np.array(v, np.float64)), "min": min, "max": max}
    for t, vals in seen.items():
        if reduction == "mean":
            out[t] = sum(vals) // len(vals) if data.dtype.kind in "iu" else sum(vals) / len(vals)
        else:
            out[t] = fns[reduction](vals)
    return out.reshape(data.shape)


@pytest.mark.parametrize(
    "dtype, reduction",
    [
        (np.int32, "mean"),
        (np.uint8, "mean"),
        (np.int64, "mean"),
        (np.float32, "mean"),
        (np.float64, "mean"),
        (np.float16, "mean"),
        (BF16, "mean"),
        (np.float16, "sum"),
        (BF16, "prod"),
        (np.float16, "min"),
        (BF16, "max"),
    ],
)
@pytest.mark.parametrize("targets", ["distinct", "spread", "one", "pivots"])
@pytest.mark.parametrize("use_init_val", [True, False])
def test_grouped_reductions(dtype, reduction, targets, use_init_val, split):
    """Mean and the half types go through updates grouped by target; split over the cores, each
    part takes whole targets whatever the duplicates: none repeat ("distinct"), random repeats
    ("spread"), all on one target ("one": one part gets everything) and many repeats of a few
    targets, which become the split points ("pivots")."""
    rng = np.random.default_rng(11)
    size, n = 300, 200
    lin = {
        "distinct": rng.permutation(size)[:n],
        "spread": rng.integers(0, size, n),
        "one": np.full(n, 17),
        "pivots": rng.choice([3, 150, 151, 299], n),
    }[targets]
    lin = lin.astype(np.int64)
    lo = 0 if np.dtype(dtype).kind == "u" else -50
    data = rng.integers(lo, 50, size).astype(dtype)
    upd = rng.integers(lo, 50, n).astype(dtype)
    if reduction == "prod":  # products of a few powers of two: exact however they are grouped
        data = rng.integers(-3, 4, size).astype(dtype)
        upd = np.where(rng.random(n) < 0.05, 2, rng.choice([-1, 1], n)).astype(dtype)
    got = data.copy()
    reduce_module.reduce_at(got, lin, upd, reduction, use_init_val)
    np.testing.assert_array_equal(got, loop_reduce(data, lin, upd, reduction, use_init_val))


def test_grouping_keeps_index_order_when_keys_do_not_pack():
    """Offsets and positions share one int64 key when they fit; otherwise a stable argsort."""
    for base in (0, 1 << 61):
        keys = np.array([5, 3, 5, 0, 3, 5], np.int64) + base
        order, run, targets, counts = reduce_module._group(keys)
        np.testing.assert_array_equal(order, [3, 1, 4, 0, 2, 5])
        np.testing.assert_array_equal(run, [0, 1, 1, 2, 2, 2])
        np.testing.assert_array_equal(targets, np.array([0, 3, 5]) + base)
        np.testing.assert_array_equal(counts, [1, 2, 3])


def test_large_grouped_mean_over_the_cores_matches_serial(monkeypatch):
    """A mean big enough to split over the cores unforced gives exactly the serial result."""
    rng = np.random.default_rng(5)
    data = rng.standard_normal(200_000).astype(np.float32)
    lin = rng.integers(0, data.size, 150_000)
    upd = rng.standard_normal(lin.size).astype(np.float32)
    split_out = data.copy()
    reduce_module.reduce_at(split_out, lin, upd, "mean")
    monkeypatch.setattr(reduce_module, "PARALLEL_GROUP_MIN", 1 << 40)
    serial = data.copy()
    reduce_module.reduce_at(serial, lin, upd, "mean")
    np.testing.assert_array_equal(split_out, serial)


def test_grouped_float_reductions_run_in_index_order(split):
    """Grouped or not, a target's float updates are added one by one in index order after its
    initial value, rounding as a step-by-step loop does (and as torch's scatter_reduce does)."""
    upd = np.array([1e8, 3, -1e8], np.float32)
    lin = np.array([2, 0, 2])
    want = np.float32(np.float32(5 + upd[0]) + upd[2])  # 8: 5 is lost to rounding, then 8 left
    assert want == 8  # (the updates summed first, 0, then 5 added, would give 5)
    got = np.full(4, 5, np.float32)
    reduce_module.reduce_at(got, lin, upd, "mean")
    assert got[2] == np.float32(want / np.float32(3)) and got[0] == 4
    rows = scatter_nd_update(
        np.full((3, reduce_module.ROW_MIN), 5, np.float32),
        lin[:, None] % 3,
        np.repeat(upd[:, None], reduce_module.ROW_MIN, 1),
        "sum",
    )
    assert (rows[2] == want).all() and (rows[0] == 8).all()


def test_reduce_at_checks_what_it_is_given():
    """The public reduce_at checks offsets and sizes (the kernels, which have, skip it)."""
    out = np.zeros(4)
    with pytest.raises(IndexError):
        reduce_module.reduce_at(out, np.array([10]), np.array([1.0]), "none")
    with pytest.raises(ValueError):
        reduce_module.reduce_at(out, np.array([0, 1, 2]), np.array([1.0, 2.0]), "none")
    with pytest.raises(TypeError):
        reduce_module.reduce_at(out, np.array([0.5]), np.array([1.0]), "sum")
    rows = np.zeros((2, 16))  # reduce_rows' mean (ScatterElementsUpdate's whole rows) divides
    reduce_module.reduce_rows(rows, np.array([0, 0]), np.ones((2, 16)), "mean")
    assert (rows[0] == 2 / 3).all() and (rows[1] == 0).all()
    lin = np.zeros(70000, np.int32)
    lin[-1] = 39999  # int32 offsets: widened before the sort packs them with their positions
    big = np.zeros(40000, np.float32)
    reduce_module.reduce_at(big, lin, np.ones(70000, np.float32), "mean")
    assert np.flatnonzero(big).tolist() == [0, 39999] and big[39999] == 0.5
    half = np.zeros(8, np.float16)
    reduce_module.reduce_at(half, np.array([1, 5, 1], np.uint64), np.ones(3, np.float16), "sum")
    assert half.tolist() == [0, 2, 0, 0, 0, 1, 0, 0]
    np.testing.assert_array_equal(out, 0)


def test_nd_rows_reduce_in_the_promoted_type_like_short_rows():
    """f32 data with f64 updates: whole rows compute as ufunc.at does on elements (in f64)."""
    data = np.full((1, 16), 2.02, np.float32)
    upd = np.full((1, 16), 2.9)
    long_rows = scatter_nd_update(data, [[0]], upd, "prod")
    short_rows = scatter_nd_update(data[:, :15], [[0]], upd[:, :15], "prod")
    assert long_rows[0, 0] == short_rows[0, 0] == np.float32(2.02 * 2.9)


def test_nd_rows_of_no_elements():
    data = np.zeros((2, 0))
    for reduction in ("none", "sum"):
        assert scatter_nd_update(data, np.array([[0]]), np.zeros((1, 0)), reduction).shape == (2, 0)


def test_f16_overflow_is_inf_without_a_warning_whether_rows_repeat_or_not():
    import warnings

    for idx in ([[0], [0]], [[0]]):
        upd = np.full((len(idx), 16), 60000, np.float16)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            got = scatter_nd_update(np.full((1, 16), 60000, np.float16), idx, upd, "sum")
        assert np.isinf(got).all()


@pytest.mark.parametrize("layout", ["contiguous", "strided", "broadcast"])
def test_whole_rows_column_is_each_rows_target(layout, split):
    """ScatterElementsUpdate-12's whole-row indices: the column of targets copied out while the
    slices are compared (block by block, over the cores when split) is every row's, in order,
    whatever the layout of the indices; one differing element anywhere means not whole rows."""
    rng = np.random.default_rng(11)
    rows = rng.integers(-7, 7, 300)
    if layout == "broadcast":
        idx = np.broadcast_to(rows.reshape(-1, 1, 1), (300, 4, 5))
    elif layout == "strided":
        idx = np.repeat(rows.reshape(-1, 1, 1), 40, 2).reshape(300, 4, 10)[:, :, ::2]
    else:
        idx = np.repeat(rows.reshape(-1, 1, 1), 20, 2).reshape(300, 4, 5)
    column = indices_module.whole_rows(idx, (7, 4, 5), 0)
    assert column.flags.c_contiguous
    np.testing.assert_array_equal(column, rows)
    data = rng.integers(-20, 20, (7, 4, 5)).astype(np.int64)
    upd = rng.integers(-20, 20, (300, 4, 5)).astype(np.int64)
    for reduction in ("sum", "max", "mean"):
        np.testing.assert_array_equal(
            scatter_elements_update(data, idx, upd, 0, reduction), loop_scatter_elements(data, idx, upd, 0, reduction)
        )
    for row in (0, 151, 299):  # in the first, a middle and the last block or part
        bad = np.array(idx)
        bad[row, 3, 4] = bad[row, 0, 0] + 1
        assert indices_module.whole_rows(bad, (7, 4, 5), 0) is None


def test_nd_single_column_indices_are_read_not_written():
    """One index column is the row itself (no copy when it needs no conversion): the caller's
    indices stay as they were, negative ones wrap in the result only, and a bad one is named."""
    idx = np.array([[1], [-1], [1], [0]])
    keep = idx.copy()
    got = scatter_nd_update(np.zeros((3, 16), np.float32), idx, np.ones((4, 16), np.float32), "sum")
    np.testing.assert_array_equal(got[:, 0], [1, 2, 1])
    np.testing.assert_array_equal(idx, keep)
    with pytest.raises(IndexOutOfRangeError, match=r"index 3 at position \[2, 0\] is out of range \[-3, 2\]"):
        scatter_nd_update(np.zeros((3, 16), np.float32), np.array([[1], [0], [3]]), np.ones((3, 16), np.float32), "sum")
