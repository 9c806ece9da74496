"""Scatter reductions with heavy duplicates (graph networks' aggregation: many edges into few
nodes), through reduce_rows' route: ScatterNDUpdate-15's rows and ScatterElementsUpdate-12's
whole rows (one target per slice of indices).

The specs leave the order of a target's updates open; irexec applies them in index order, and
these tests hold it to a plain loop over the updates bit for bit, for every reduction and type
(f16 and bf16 are reduced in f32 and rounded once, the loop does the same). The plugin
comparisons are in the case tables (tests/cases/movement/test_scatter_*_update.py) and in
tests/ops/test_diff_scatter_duplicates.py (heavy duplicates of random floats: irexec's bits are
the loop's, the plugin's what some order of the updates gives)."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from irexec.kernels import IndexOutOfRangeError, scatter_elements_update, scatter_nd_update
from irexec.kernels import indices as indices_module
from irexec.kernels import reduce as reduce_module

STEP = {"sum": np.add, "sub": np.subtract, "prod": np.multiply, "min": np.minimum, "max": np.maximum, "mean": np.add}
NEUTRAL = {"sum": 0, "sub": 0, "mean": 0, "prod": 1}


def sequential(data, rows, upd, reduction, use_init_val=True):
    """The loop the spec writes: each update in index order, onto its target row."""
    wide = np.float32 if data.dtype in (np.float16, ml_dtypes.bfloat16) else data.dtype
    out = data.astype(wide)
    count = np.zeros(data.shape[0], np.int64)
    rows = np.where(rows < 0, rows + data.shape[0], rows)
    if not use_init_val:
        for r in set(rows.tolist()):
            if reduction in NEUTRAL:
                out[r] = NEUTRAL[reduction]
            elif np.dtype(wide).kind == "f":
                out[r] = np.inf if reduction == "min" else -np.inf
            else:
                info = np.iinfo(np.dtype(wide))
                out[r] = info.max if reduction == "min" else info.min
    with np.errstate(over="ignore", invalid="ignore"):
        if reduction == "mean" and out.dtype.kind in "iu":
            out = out.astype(np.int64)
        for r, u in zip(rows.tolist(), upd):
            out[r] = STEP[reduction](out[r], u.astype(out.dtype))
            count[r] += 1
        if reduction == "mean":
            touched = count > 0
            n = (count + (1 if use_init_val else 0))[touched].reshape(-1, 1)
            out[touched] = out[touched] // n if out.dtype.kind in "iu" else out[touched] / n.astype(out.dtype)
    return out.astype(data.dtype)


def values(rng, dtype, shape, reduction):
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-1000, 1000, shape).astype(dtype)
    if reduction == "prod":  # near 1: long products stay finite and are far from exact
        return rng.uniform(0.9, 1.1, shape).astype(dtype)
    return (rng.standard_normal(shape) * 10).astype(dtype)


DTYPES = (np.float32, np.float16, ml_dtypes.bfloat16, np.float64, np.int32, np.int8, np.uint8, np.int64)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dtype=st.sampled_from(DTYPES),
    reduction=st.sampled_from(["sum", "sub", "prod", "min", "max"]),
    edges=st.integers(0, 300),
    nodes=st.integers(1, 12),
    features=st.sampled_from([16, 33]),
)
def test_nd_rows_equal_the_loop_bit_for_bit(seed, dtype, reduction, edges, nodes, features):
    rng = np.random.default_rng(seed)
    data = values(rng, dtype, (nodes, features), reduction)
    rows = rng.integers(-nodes, nodes, edges)
    upd = values(rng, dtype, (edges, features), reduction)
    got = scatter_nd_update(data, rows.reshape(-1, 1), upd, reduction)
    np.testing.assert_array_equal(got.view(np.uint8), sequential(data, rows, upd, reduction).view(np.uint8))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dtype=st.sampled_from(DTYPES),
    reduction=st.sampled_from(["sum", "prod", "min", "max", "mean"]),
    use_init_val=st.booleans(),
    edges=st.integers(2, 300),
    nodes=st.integers(1, 12),
    broadcast=st.booleans(),
)
def test_elements_whole_rows_equal_the_loop_bit_for_bit(seed, dtype, reduction, use_init_val, edges, nodes, broadcast):
    """Indices that repeat one target over a row's features, materialised or a broadcast view."""
    rng = np.random.default_rng(seed)
    data = values(rng, dtype, (nodes, 4, 5), reduction)
    rows = rng.integers(-nodes, nodes, edges)
    idx = np.broadcast_to(rows.reshape(-1, 1, 1), (edges, 4, 5))
    if not broadcast:
        idx = idx.copy()
    upd = values(rng, dtype, (edges, 4, 5), reduction)
    got = scatter_elements_update(data, idx, upd, 0, reduction, use_init_val)
    want = sequential(data.reshape(nodes, 20), rows, upd.reshape(edges, 20), reduction, use_init_val)
    np.testing.assert_array_equal(got.reshape(nodes, 20).view(np.uint8), want.view(np.uint8))


def test_heavy_duplicates_split_over_threads_equal_the_loop():
    """Enough updates to split the targets over the cores: still the loop's result, bit for bit."""
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 50, 2 * reduce_module.RANK_PARTS_MIN + 7)
    data = rng.standard_normal((50, 16)).astype(np.float32)
    upd = rng.standard_normal((rows.size, 16)).astype(np.float32)
    for reduction in ("sum", "max"):
        got = scatter_nd_update(data, rows.reshape(-1, 1), upd, reduction)
        np.testing.assert_array_equal(got, sequential(data, rows, upd, reduction))


def test_half_specials_through_the_rank_steps_equal_the_loop():
    """Infinities, NaN, subnormals and signed zeros in f16 updates with repeated targets."""
    rng = np.random.default_rng(5)
    rows = rng.integers(0, 4, 64)
    upd = (rng.standard_normal((64, 16)) * 1e-5).astype(np.float16)  # many subnormal
    upd[5, 3], upd[9, 4], upd[17, 5], upd[20, 6] = np.inf, -np.inf, np.nan, -0.0
    data = np.zeros((4, 16), np.float16)
    for reduction in ("sum", "min", "max"):
        got = scatter_nd_update(data, rows.reshape(-1, 1), upd, reduction)
        np.testing.assert_array_equal(got.view(np.uint16), sequential(data, rows, upd, reduction).view(np.uint16))


def test_sums_in_index_order_not_pairwise():
    """A sum that rounding makes order-dependent: the loop's order gives 0, summing the updates
    first (pairwise, or reduceat) would give 1 (1 + 1e8 - 1e8)."""
    data = np.ones((1, 16), np.float32)
    upd = np.repeat(np.array([[1e8], [-1e8]], np.float32), 16, 1)
    got = scatter_nd_update(data, np.array([[0], [0]]), upd, "sum")
    assert (got == 0).all()
    got = scatter_elements_update(data, np.zeros((2, 16), np.int64), upd, 0, "sum")
    assert (got == 0).all()


def test_integer_mean_rounds_down_and_does_not_overflow():
    data = np.full((1, 16), 2**31 - 1, np.int32)
    idx = np.zeros((3, 16), np.int64)
    upd = np.full((3, 16), 2**31 - 2, np.int32)
    assert (scatter_elements_update(data, idx, upd, 0, "mean") == 2**31 - 2).all()  # floor(-0.25 + max)
    neg = scatter_elements_update(
        np.zeros((1, 16), np.int32), idx[:2], np.full((2, 16), -3, np.int32), 0, "mean", use_init_val=True
    )
    assert (neg == -2).all()  # -6 / 3 = -2 exactly; and -3 + -4 ...
    odd = scatter_elements_update(
        np.zeros((1, 16), np.int32), idx[:2], np.array([[-3] * 16, [-4] * 16], np.int32), 0, "mean", use_init_val=False
    )
    assert (odd == -4).all()  # floor(-3.5), as the spec rounds
    big = np.full((2, 16), 2**62, np.int64)  # i64: no wider accumulator, summed without overflow
    got = scatter_elements_update(
        big, np.zeros((3, 16), np.int64), np.full((3, 16), 2**62 + 1, np.int64), 0, "mean", use_init_val=False
    )
    assert (got[0] == 2**62 + 1).all() and (got[1] == 2**62).all()


def test_indices_that_are_not_whole_rows_take_the_elementwise_route():
    """One element of one slice differs: not whole rows, and the result is still the loop's."""
    rng = np.random.default_rng(2)
    idx = np.repeat(rng.integers(0, 3, (40, 1)), 16, 1)
    idx[39, 15] = (idx[39, 0] + 1) % 3
    assert indices_module.whole_rows(idx, (3, 16), 0) is None
    assert indices_module.whole_rows(idx[:39], (3, 16), 0) is not None
    data = rng.standard_normal((3, 16)).astype(np.float32)
    upd = rng.standard_normal((40, 16)).astype(np.float32)
    got = scatter_elements_update(data, idx, upd, 0, "sum")
    want = data.copy()
    np.add.at(want, (idx, np.broadcast_to(np.arange(16), idx.shape)), upd)
    np.testing.assert_array_equal(got, want)


def test_whole_rows_index_out_of_range_names_its_position():
    idx = np.zeros((5, 16), np.int64)
    idx[3] = -4
    with pytest.raises(IndexOutOfRangeError, match=r"index -4 at position \[3, 0\] is out of range \[-3, 2\]"):
        scatter_elements_update(
            np.zeros((3, 16), np.float32), np.broadcast_to(idx[:, :1], (5, 16)), np.ones((5, 16), np.float32), 0, "sum"
        )
