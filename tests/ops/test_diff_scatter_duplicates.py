"""Heavy duplicate targets (graph networks' aggregation) against the OpenVINO CPU plugin.

The specs leave the order of a target's updates open. The plugin (2026.4, CPU) was measured to
apply them in index order: with random floats, where any other order of summation changes the
last bits, its results were irexec's bit for bit, for every reduction of ScatterNDUpdate-15 and
of ScatterElementsUpdate-12 with whole-row indices (PyTorch's expanded index), f32, f16 and i32.
So irexec keeps the sequential order, and these tests hold irexec to that loop bit for bit (as
tests/ops/test_scatter_duplicates.py does), but the plugin only to what any order of the updates
could give: the same value where the order cannot matter (integers wrap alike, min and max), and
within the rounding of some order of the sums and products. min/max keep the accumulator on ties
as the spec's snippet (Python's min and max) and the plugin do (-0 against +0)."""

import numpy as np
import pytest

import irexec
from helpers.oracle import compare, ov, run_openvino, save

o8, o15 = ov.opset8, ov.opset15
TYPES = {"f32": np.float32, "f16": np.float16, "i32": np.int32}
STEP = {"sum": np.add, "sub": np.subtract, "prod": np.multiply, "min": np.minimum, "max": np.maximum}


def in_index_order(data, targets, upd, reduction):
    """The spec's loop: each update onto its target row in index order (f16 reduced in f32 and
    rounded once, as irexec does)."""
    wide = np.float32 if data.dtype == np.float16 else data.dtype
    out = data.astype(wide)
    with np.errstate(over="ignore", invalid="ignore"):
        for t, u in zip(targets.tolist(), upd.astype(wide)):
            out[t] = STEP[reduction](out[t], u)
    return out.astype(data.dtype)


def assert_some_order(plugin, data, targets, upd, reduction):
    """The plugin's output is what some order of each target's updates gives: exactly the loop's
    where the order cannot matter (integers wrap alike; min and max), else within the rounding
    error any order of the float sums or products may make (n terms: n unit roundoffs each)."""
    want = in_index_order(data, targets, upd, reduction)
    assert plugin.shape == want.shape and plugin.dtype == want.dtype, (plugin.shape, plugin.dtype)
    if data.dtype.kind in "iu" or reduction in ("min", "max"):
        np.testing.assert_array_equal(plugin, want)
        return
    terms = np.bincount(targets, minlength=data.shape[0])[:, None] + 1.0
    u = np.finfo(data.dtype).eps / 2
    exact = data.astype(np.float64)
    if reduction == "prod":
        np.multiply.at(exact, targets, upd.astype(np.float64))
        bound = terms * u * np.abs(exact) * 1.01
    else:
        np.add.at(exact, targets, -upd.astype(np.float64) if reduction == "sub" else upd.astype(np.float64))
        magnitude = np.abs(data.astype(np.float64))
        np.add.at(magnitude, targets, np.abs(upd.astype(np.float64)))
        bound = terms * u * magnitude * 1.01
    error = np.abs(plugin.astype(np.float64) - exact)
    assert (error <= bound).all(), f"off by {error.max()} at most, bound {bound[error > bound].min()}"


def aggregation(etype: str, reduction: str, edges: int, nodes: int, features: int):
    """Both ops on the same data and updates: ND-15's [edges, 1] indices, SE-12's [edges, features]."""
    t = getattr(ov.Type, etype)
    d = o15.parameter([nodes, features], t, name="data")
    rows = o15.parameter([edges, 1], ov.Type.i64, name="rows")
    expanded = o15.parameter([edges, features], ov.Type.i64, name="expanded")
    u = o15.parameter([edges, features], t, name="updates")
    outs = [o15.result(o15.scatter_nd_update(d, rows, u, reduction))]
    if reduction != "sub":  # (ScatterElementsUpdate has no sub)
        outs.append(o15.result(o15.scatter_elements_update(d, expanded, u, o8.constant(0), reduction, True)))
    return ov.Model(outs, [d, rows, expanded, u])


@pytest.mark.parametrize("etype", list(TYPES))
@pytest.mark.parametrize("reduction", ["sum", "sub", "prod", "min", "max"])
def test_heavy_duplicates_reduce_in_index_order_in_irexec_in_some_order_in_the_plugin(etype, reduction, tmp_path):
    rng = np.random.default_rng(len(etype) * 7 + len(reduction))
    edges, nodes, features = 6000, 40, 16  # 150 updates a target
    dtype = TYPES[etype]
    scale = 1000 if etype == "i32" else 1
    targets = rng.integers(0, nodes, edges)
    if reduction == "prod" and etype != "i32":  # near 1: the products stay finite, their bits order-dependent
        upd = rng.uniform(0.99, 1.01, (edges, features)).astype(dtype)
    else:
        upd = (rng.standard_normal((edges, features)) * scale).astype(dtype)
    inputs = {
        "data": (rng.standard_normal((nodes, features)) * scale).astype(dtype),
        "rows": targets.reshape(-1, 1),
        "expanded": np.repeat(targets.reshape(-1, 1), features, 1),
        "updates": upd,
    }
    path = save(aggregation(etype, reduction, edges, nodes, features), tmp_path)
    outs = list(irexec.read_model(path).infer(inputs).values())
    for out, theirs in zip(outs, run_openvino(path, inputs), strict=True):
        np.testing.assert_array_equal(out, in_index_order(inputs["data"], targets, upd, reduction))  # bit for bit
        assert_some_order(theirs, inputs["data"], targets, upd, reduction)
    if etype == "f32" and reduction in ("sum", "sub"):
        # (Not vacuous: summed in another order, the same values give other bits. An f16 sum is
        # accumulated in f32 and rounded once, which mostly hides the order.)
        other = inputs["data"].copy()
        np.add.at(other, targets[::-1], -upd[::-1] if reduction == "sub" else upd[::-1])
        assert not np.array_equal(other, outs[0])


@pytest.mark.parametrize("reduction", ["min", "max"])
def test_signed_zeros_keep_the_accumulator_on_both(reduction, tmp_path):
    """-0 and +0 compare equal: the value already there stays (std::min/max, np.minimum/maximum)."""
    features = 16
    targets = np.array([0, 0, 1, 1])
    inputs = {
        "data": np.array([[0.0] * features, [-0.0] * features], np.float32),
        "rows": targets.reshape(-1, 1),
        "expanded": np.repeat(targets.reshape(-1, 1), features, 1),
        "updates": np.array([[-0.0] * features, [0.0] * features, [0.0] * features, [-0.0] * features], np.float32),
    }
    for out in compare(aggregation("f32", reduction, 4, 2, features), inputs, tmp_path):
        assert np.signbit(out[:, 0]).tolist() == [False, True]
