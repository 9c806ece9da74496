"""Differential tests of the scatter family and its gather inverses against the OpenVINO CPU plugin.

Ops: ScatterUpdate-3, ScatterElementsUpdate-3 and -12, ScatterNDUpdate-3 (written "opset4") and
-15, GatherElements-6, GatherND-5 and -8. The random tests build one model per (op, reduction,
element type) with one output per (index type, use_init_val, random case), so every combination
is compiled and compared without paying a compile per combination. Cases come from numpy
generators seeded by the test's parameters: the same cases every run.

What the plugin (openvino 2026.4.1, CPU) was measured to do, and what the random tests therefore
keep to (each point has its own test below, asserting the plugin's value and irexec's):
- i64/u32/u64 data are computed as i32 (the low 32 bits: 2**40 + 1 gives 1) and f64 as f32
  (1e300 becomes FLT_MAX): values stay in ranges both represent.
- Integer sum/sub/prod wrap, as irexec does: random values use the full range of i8/u8/i16/u16/i32.
- Float sums with duplicate targets depend on the plugin's accumulation order, which we do not
  rely on: float values are small integers (or eighths) whose sums and products of powers of two
  are exact in every float type, so any order gives the same bits. bf16 keeps |partial sums|
  <= 256 because the plugin rounds bf16 after every step.
- Integer mean truncates in the plugin and floors in irexec (the spec): random mean values are
  non-negative and small, where the two agree. Float mean: f64 is compared to f32 precision and
  bf16 to one bf16 unit, because the plugin divides in f32 and truncates the bf16 quotient.
- Boolean ScatterNDUpdate-15 ``sub`` with duplicate targets differs (see below): random boolean
  ``sub`` cases have distinct targets.
- Negative indices in the v3 ops and out-of-range indices are in their own tests; random indices
  of the v3 ops are in range and non-negative.
- Duplicate targets under reduction none: irexec lets the last write in index order win. The
  specs leave the order open, so the plugin's value at an element written more than once is only
  checked to be one of the writers' (check_none), on every scatter op: its ScatterNDUpdate and
  ScatterUpdate write in parallel and an earlier write sometimes wins; its ScatterElementsUpdate
  happens to write in index order, which no test relies on.
Never run on the plugin, because it crashes the process or reads outside the tensors:
ScatterUpdate-3 with an index out of range; ScatterElementsUpdate-3/-12 with an index below
-size (SIGSEGV or heap corruption, measured in a subprocess); GatherElements/GatherND out of range.
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import irexec
from helpers.oracle import BF16, assert_plugin_gives_one_of, core, from_ov_tensor, ov, save, to_ov_tensor
from irexec.errors import IRExecError
from irexec.kernels import IndexOutOfRangeError

o3, o4, o5, o6, o8, o15 = ov.opset3, ov.opset4, ov.opset5, ov.opset6, ov.opset8, ov.opset15

NP = {
    "f32": np.float32,
    "f16": np.float16,
    "bf16": BF16,
    "f64": np.float64,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "u8": np.uint8,
    "u16": np.uint16,
    "u32": np.uint32,
    "u64": np.uint64,
    "boolean": np.bool_,
}
NP = {k: np.dtype(v) for k, v in NP.items()}
DATA_TYPES = list(NP)
INDEX_TYPES = ["i32", "i64", "i8", "u8", "i16", "u16", "u32", "u64"]
ND_INDEX_TYPES = ["i32", "i64"]  # ScatterNDUpdate and GatherElements: the plugin refuses others
SEU12_REDUCTIONS = ["none", "sum", "prod", "min", "max", "mean"]
SND15_REDUCTIONS = ["none", "sum", "sub", "prod", "min", "max"]
FLT_MAX = float(np.finfo(np.float32).max)


def ov_type(dtype) -> ov.Type:
    name = {v: k for k, v in NP.items()}[np.dtype(dtype)]
    return getattr(ov.Type, name)


def type_name(dtype) -> str:
    return {v: k for k, v in NP.items()}[np.dtype(dtype)]


def seeded(*parts) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(parts).encode()))


# ---- running a model on both runtimes ----------------------------------------------------------


def run_plugin(path: str, feeds: list) -> list:
    compiled = core().compile_model(path, "CPU")
    request = compiled.create_infer_request()
    for k, value in enumerate(feeds):
        request.set_input_tensor(k, to_ov_tensor(value))
    request.infer()
    return [from_ov_tensor(request.get_output_tensor(k)) for k in range(len(compiled.outputs))]


def run_irexec(path: str, feeds: list) -> list:
    return list(irexec.read_model(path).infer(feeds).values())


def run_both(model, feeds: list, tmp_path) -> tuple:
    path = save(model, tmp_path)
    ir = run_irexec(path, feeds)
    ref = run_plugin(path, feeds)
    assert len(ir) == len(ref)
    return ref, ir


def assert_same(ref: np.ndarray, got: np.ndarray, label="", rtol=None):
    """Same shape, same element type, same values (NaN equals NaN); ``rtol`` for the few cases
    whose rounding is known to differ (each caller says why)."""
    assert got.shape == ref.shape, (label, got.shape, ref.shape)
    assert got.dtype == ref.dtype, (label, got.dtype, ref.dtype)
    if rtol is None:
        wide = np.float32 if got.dtype == BF16 else None
        np.testing.assert_array_equal(
            got.astype(wide) if wide else got, ref.astype(wide) if wide else ref, err_msg=label
        )
    else:
        np.testing.assert_allclose(got.astype(np.float64), ref.astype(np.float64), rtol=rtol, atol=0, err_msg=label)


class Graph:
    """Several independent ops in one model: Parameters for data and updates (so the plugin runs
    its own kernels rather than constant-folding them), indices as a Parameter or a Constant."""

    def __init__(self):
        self.params, self.feeds, self.outputs, self.labels, self.tols = [], [], [], [], []

    def input(self, value: np.ndarray, const=False):
        value = np.asarray(value)
        if const and value.dtype != BF16:
            return o8.constant(value)
        p = o8.parameter(list(value.shape), ov_type(value.dtype))
        self.params.append(p)
        self.feeds.append(value)
        return p

    def output(self, node, label: str, rtol=None, racy=False):
        """``racy``: the plugin's value at a target written twice or more is not deterministic
        (reduction none of ScatterNDUpdate and ScatterUpdate); the caller checks it."""
        self.outputs.append(node)
        self.labels.append(label)
        self.tols.append("racy" if racy else rtol)

    def model(self):
        return ov.Model(self.outputs, self.params)

    def compare(self, tmp_path) -> list:
        """irexec's outputs, after checking them against the plugin's; (plugin, irexec) pairs
        for outputs marked racy, whose values the caller checks."""
        ref, ir = run_both(self.model(), self.feeds, tmp_path)
        out = []
        for r, g, label, tol in zip(ref, ir, self.labels, self.tols):
            if tol == "racy":
                assert (g.shape, g.dtype) == (r.shape, r.dtype), label
                out.append((r, g))
            else:
                assert_same(r, g, label, tol)
                out.append(g)
        return out


# ---- random values that both runtimes represent -------------------------------------------------


def sample(rng, shape, dtype: str, reduction: str = "none") -> np.ndarray:
    dt = NP[dtype]
    shape = tuple(shape)
    if dtype == "boolean":
        return rng.integers(0, 2, shape).astype(bool)
    unsigned = dt.kind == "u"
    if reduction == "prod":
        # Products of powers of two: exact in every float type, whatever the order.
        vals = [0, 1, 2] if unsigned else [-2, -1, 0, 1, 2]
        p = [0.04, 0.48, 0.48] if unsigned else [0.12, 0.22, 0.04, 0.3, 0.32]
        return rng.choice(vals, shape, p=p).astype(dt)
    if reduction == "mean":
        # Non-negative integers: truncation (plugin) and floor (spec) agree; no overflow.
        return rng.integers(0 if dt.kind in "iu" else -16, 16, shape, endpoint=True).astype(dt)
    if dtype in ("i8", "u8", "i16", "u16", "i32"):
        info = np.iinfo(dt)  # both wrap: the full range tests overflow too
        return rng.integers(int(info.min), int(info.max), shape, endpoint=True, dtype=dt)
    summing = reduction in ("sum", "sub")
    if dtype == "i64":
        bound = 2**20 if summing else 2**31
        return rng.integers(-bound, bound, shape).astype(dt)
    if dtype in ("u32", "u64"):
        return rng.integers(0, 2**20 if summing else 2**31, shape).astype(dt)
    if dtype == "bf16":
        return rng.integers(-8, 9, shape).astype(np.float32).astype(dt)  # |partial sums| <= 256
    if summing:
        return rng.integers(-64, 65, shape).astype(dt)
    return (rng.integers(-512, 513, shape) / 8).astype(dt)


def signed(itype: str) -> bool:
    return itype[0] == "i"


def axis_input(g: Graph, rng, axis: int):
    """The axis as a Constant of a random integer type (all of them work), scalar or [1]."""
    choices = [t for t in INDEX_TYPES if signed(t) or axis >= 0]
    value = np.array(axis, dtype=NP[choices[int(rng.integers(len(choices)))]])
    if rng.random() < 0.3:
        value = value.reshape(1)
    return o8.constant(value)


# ---- loop references for reduction "none" (the specs' formulas) ------------------------------------
# Each yields the (target element, value) writes in index order. With duplicate targets irexec
# guarantees the last write wins. The specs leave the order open, and the plugin's ScatterNDUpdate
# and ScatterUpdate "none" kernels write in parallel: an earlier write sometimes wins (measured: 1
# to 3 runs in 2000 for a 3x3 ScatterNDUpdate onto 4 rows, 16 in 1000 for a 64-index ScatterUpdate,
# some of those mixing two writers within one row). Its ScatterElementsUpdate writes in index order
# (no other outcome in 2000 runs), but the spec does not say so. So the plugin's value at a
# multiply-written element is only checked to be one of its writers' values, on every op.


def writes_elements(data, idx, upd, axis):
    for pos in np.ndindex(*idx.shape):
        tgt = list(pos)
        tgt[axis] = int(idx[pos]) % data.shape[axis]
        yield tuple(tgt), upd[pos]


def writes_nd(data, idx, upd):
    k = idx.shape[-1]
    for pos in np.ndindex(*idx.shape[:-1]):
        key = tuple(int(i) % data.shape[j] for j, i in enumerate(idx[pos]))
        for sub in np.ndindex(*data.shape[k:]):
            yield key + sub, upd[pos + sub]


def writes_scatter_update(data, idx, upd, axis):
    for m in np.ndindex(*idx.shape):
        for pre in np.ndindex(*data.shape[:axis]):
            for post in np.ndindex(*data.shape[axis + 1 :]):
                yield pre + (int(idx[m]),) + post, upd[pre + m + post]


def last_writer(data, writes):
    """(the result where the last write wins, {element: values written} for elements written twice+)."""
    out = data.copy()
    seen = {}
    for tgt, value in writes:
        out[tgt] = value
        seen.setdefault(tgt, []).append(value)
    return out, {t: v for t, v in seen.items() if len(v) > 1}


def check_none(pair_or_ir, data, writes):
    """irexec: exactly the last writer everywhere. The plugin (when given a racy pair): equal to
    irexec wherever at most one write landed, and one of the writers' values elsewhere."""
    want, multi = last_writer(data, writes)
    if isinstance(pair_or_ir, tuple):
        ref, ir = pair_or_ir
        assert_a_writer(ref, want, multi)
    else:
        ir = pair_or_ir
    wide = np.float32 if ir.dtype == BF16 else None
    np.testing.assert_array_equal(ir.astype(wide) if wide else ir, want.astype(wide) if wide else want)
    return multi


def assert_a_writer(ref, want, multi):
    """The plugin's value: ``want`` (the last writer's) wherever at most one write landed, and one of
    the writers' values at each element of ``multi`` (the spec leaves their order open)."""
    assert ref.shape == want.shape, (ref.shape, want.shape)
    mask = np.ones(want.shape, bool)
    for tgt, values in multi.items():
        mask[tgt] = False
        assert any(ref[tgt] == v for v in values), (tgt, ref[tgt], values)
    np.testing.assert_array_equal(ref[mask].astype(np.float64), want[mask].astype(np.float64))


# ---- ScatterElementsUpdate-3 and -12 ------------------------------------------------------------


def elements_case(rng, dtype, itype, reduction, v12):
    rank = int(rng.integers(1, 4))
    shape = tuple(int(d) for d in rng.integers(1, 5, rank))
    axis = int(rng.integers(-rank, rank))
    ax = axis % rank
    # v12 lets indices exceed data along the axis (duplicates); v3 says <= everywhere.
    ishape = tuple(int(rng.integers(1, shape[d] + (4 if v12 and d == ax else 0) + 1)) for d in range(rank))
    lo = -shape[ax] if v12 and signed(itype) else 0
    idx = rng.integers(lo, shape[ax], ishape).astype(NP[itype])
    return sample(rng, shape, dtype, reduction), idx, sample(rng, ishape, dtype, reduction), axis


def mean_tolerance(dtype, reduction):
    if reduction != "mean":
        return None
    # The plugin divides in f32 (f64 data) and truncates the bf16 quotient (bf16 data).
    return {"f64": 2.0**-23, "bf16": 2.0**-7}.get(dtype)


SEU12_COMBOS = [(r, t) for r in SEU12_REDUCTIONS for t in DATA_TYPES if not (t == "boolean" and r == "mean")]


@pytest.mark.parametrize("reduction, dtype", SEU12_COMBOS)
def test_scatter_elements_update_12_random(reduction, dtype, tmp_path):
    rng = seeded("seu12", reduction, dtype)
    g = Graph()
    refs = []
    for itype in INDEX_TYPES:
        for init in (True, False, True, False):
            data, idx, upd, axis = elements_case(rng, dtype, itype, reduction, v12=True)
            node = o15.scatter_elements_update(
                g.input(data),
                g.input(idx, const=rng.random() < 0.3),
                g.input(upd),
                axis_input(g, rng, axis),
                reduction,
                init,
            )
            g.output(
                node,
                f"{itype} use_init_val={init} data{data.shape} idx{idx.shape} axis={axis}",
                mean_tolerance(dtype, reduction),
                racy=reduction == "none",
            )
            refs.append((data, idx, upd, axis))
    out = g.compare(tmp_path)
    if reduction == "none":  # duplicates abound: the last in index order wins in irexec, any in the plugin
        multi = [
            check_none(o, data, writes_elements(data, idx, upd, axis % data.ndim))
            for o, (data, idx, upd, axis) in zip(out, refs)
        ]
        assert any(multi)


@pytest.mark.parametrize("dtype", DATA_TYPES)
def test_scatter_elements_update_3_random(dtype, tmp_path):
    rng = seeded("seu3", dtype)
    g = Graph()
    refs = []
    for itype in INDEX_TYPES:
        for _ in range(3):
            data, idx, upd, axis = elements_case(rng, dtype, itype, "none", v12=False)
            node = o3.scatter_elements_update(
                g.input(data), g.input(idx, const=rng.random() < 0.3), g.input(upd), axis_input(g, rng, axis)
            )
            g.output(node, f"{itype} data{data.shape} idx{idx.shape} axis={axis}", racy=True)
            refs.append((data, idx, upd, axis))
    for o, (data, idx, upd, axis) in zip(g.compare(tmp_path), refs):
        check_none(o, data, writes_elements(data, idx, upd, axis % data.ndim))


# ---- ScatterNDUpdate-3 and -15 ------------------------------------------------------------------


def nd_case(rng, dtype, itype, reduction, v15, distinct=False):
    rank = int(rng.integers(1, 5))
    shape = tuple(int(d) for d in rng.integers(1, 5 if rank < 4 else 4, rank))
    k = int(rng.integers(1, rank + 1))  # k == rank: elements; k < rank: slices
    rows = int(np.prod(shape[:k]))
    if distinct:
        n = int(rng.integers(1, rows + 1))
        lead = (n,)
        flat = rng.choice(rows, n, replace=False)
        idx = np.stack(np.unravel_index(flat, shape[:k]), -1)
    else:
        lead = tuple(int(d) for d in rng.integers(1, 4, int(rng.integers(0, 3))))
        idx = np.stack([rng.integers(0, shape[j], lead) for j in range(k)], -1).reshape(lead + (k,))
    if v15 and signed(itype):  # count some from the end
        flip = rng.random(idx.shape) < 0.4
        idx = np.where(flip, idx - np.array(shape[:k]), idx)
    idx = idx.astype(NP[itype])
    upd = sample(rng, idx.shape[:-1] + shape[k:], dtype, reduction)
    return sample(rng, shape, dtype, reduction), idx, upd


@pytest.mark.parametrize("dtype", DATA_TYPES)
@pytest.mark.parametrize("reduction", SND15_REDUCTIONS)
def test_scatter_nd_update_15_random(reduction, dtype, tmp_path):
    rng = seeded("snd15", reduction, dtype)
    g = Graph()
    refs = []
    # Boolean sub is XOR by the spec but not in the plugin once a target repeats: distinct targets.
    distinct = dtype == "boolean" and reduction == "sub"
    for itype in ND_INDEX_TYPES:
        for _ in range(8):
            data, idx, upd = nd_case(rng, dtype, itype, reduction, v15=True, distinct=distinct)
            node = o15.scatter_nd_update(g.input(data), g.input(idx, const=rng.random() < 0.3), g.input(upd), reduction)
            g.output(node, f"{itype} data{data.shape} idx{idx.shape}", racy=reduction == "none")
            refs.append((data, idx, upd))
    out = g.compare(tmp_path)
    if reduction == "none":
        multi = [check_none(o, data, writes_nd(data, idx, upd)) for o, (data, idx, upd) in zip(out, refs)]
        assert any(multi)


@pytest.mark.parametrize("dtype", DATA_TYPES)
def test_scatter_nd_update_3_random(dtype, tmp_path):
    rng = seeded("snd3", dtype)
    g = Graph()
    refs = []
    for itype in ND_INDEX_TYPES:
        for _ in range(8):
            data, idx, upd = nd_case(rng, dtype, itype, "none", v15=False)
            node = o4.scatter_nd_update(g.input(data), g.input(idx, const=rng.random() < 0.3), g.input(upd))
            g.output(node, f"{itype} data{data.shape} idx{idx.shape}", racy=True)
            refs.append((data, idx, upd))
    for o, (data, idx, upd) in zip(g.compare(tmp_path), refs):
        check_none(o, data, writes_nd(data, idx, upd))
    assert any(i.shape[-1] < d.ndim for d, i, _ in refs) and any(i.shape[-1] == d.ndim for d, i, _ in refs)


# ---- ScatterUpdate-3 ----------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DATA_TYPES)
def test_scatter_update_3_random(dtype, tmp_path):
    rng = seeded("su3", dtype)
    g = Graph()
    refs = []
    for itype in INDEX_TYPES:
        for idx_rank in (1, 2, 3):
            rank = int(rng.integers(1, 4))
            shape = tuple(int(d) for d in rng.integers(1, 5, rank))
            axis = int(rng.integers(-rank, rank))
            ax = axis % rank
            idx = rng.integers(0, shape[ax], tuple(rng.integers(1, 4, idx_rank))).astype(NP[itype])
            data = sample(rng, shape, dtype)
            upd = sample(rng, shape[:ax] + idx.shape + shape[ax + 1 :], dtype)
            node = o3.scatter_update(
                g.input(data), g.input(idx, const=rng.random() < 0.3), g.input(upd), axis_input(g, rng, axis)
            )
            g.output(node, f"{itype} data{shape} idx{idx.shape} axis={axis}", racy=True)
            refs.append((data, idx, upd, ax))
    multi = [
        check_none(o, data, writes_scatter_update(data, idx, upd, ax))
        for o, (data, idx, upd, ax) in zip(g.compare(tmp_path), refs)
    ]
    assert any(multi)


# ---- the gather inverses ------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DATA_TYPES)
def test_gather_elements_6_random(dtype, tmp_path):
    rng = seeded("ge6", dtype)
    g = Graph()
    refs = []
    for itype in ND_INDEX_TYPES:
        for _ in range(4):
            rank = int(rng.integers(1, 4))
            shape = tuple(int(d) for d in rng.integers(1, 5, rank))
            axis = int(rng.integers(-rank, rank))
            ax = axis % rank
            ishape = tuple(int(rng.integers(1, 6)) if d == ax else shape[d] for d in range(rank))
            idx = rng.integers(-shape[ax], shape[ax], ishape).astype(NP[itype])  # negatives too
            data = sample(rng, shape, dtype)
            g.output(
                o6.gather_elements(g.input(data), g.input(idx, const=rng.random() < 0.3), axis),
                f"{itype} data{shape} idx{ishape} axis={axis}",
            )
            refs.append((data, idx, ax))
    for o, (data, idx, ax) in zip(g.compare(tmp_path), refs):
        np.testing.assert_array_equal(o, np.take_along_axis(data, idx.astype(np.int64) % data.shape[ax], ax))


@pytest.mark.parametrize("dtype", DATA_TYPES)
@pytest.mark.parametrize("version", [5, 8])
def test_gather_nd_random(version, dtype, tmp_path):
    rng = seeded("gnd", version, dtype)
    g = Graph()
    make = o5.gather_nd if version == 5 else o8.gather_nd
    refs = []
    for itype in INDEX_TYPES:
        for b in (0, 1, 2):
            rank = int(rng.integers(b + 1, 5))
            shape = tuple(int(d) for d in rng.integers(1, 4, rank))
            k = int(rng.integers(1, rank - b + 1))
            lead = shape[:b] + tuple(int(d) for d in rng.integers(1, 4, int(rng.integers(0, 3))))
            cols = [rng.integers(-shape[b + j] if signed(itype) else 0, shape[b + j], lead) for j in range(k)]
            idx = np.stack(cols, -1).reshape(lead + (k,)).astype(NP[itype])
            data = sample(rng, shape, dtype)
            g.output(
                make(g.input(data), g.input(idx, const=rng.random() < 0.3), b),
                f"{itype} data{shape} idx{idx.shape} batch_dims={b}",
            )
            refs.append((data, idx, b))
    for o, (data, idx, b) in zip(g.compare(tmp_path), refs):
        k = idx.shape[-1]
        want = np.stack(
            [
                data[bi][tuple(int(i) % data.shape[b + j] for j, i in enumerate(idx[bi + li]))]
                for bi in np.ndindex(*data.shape[:b])
                for li in np.ndindex(*idx.shape[b:-1])
            ]
        )
        if version == 5 and b > 0:
            shape = (int(np.prod(data.shape[:b])),) + idx.shape[b:-1] + data.shape[b + k :]
        else:
            shape = idx.shape[:-1] + data.shape[b + k :]
        np.testing.assert_array_equal(o, want.reshape(shape))


# ---- worked examples --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reduction, want",
    [
        ("none", [50, 40, 20, 4]),
        ("sum", [61, 72, 23, 4]),
        ("sub", [-59, -68, -17, 4]),
        ("prod", [500, 2400, 60, 4]),
        ("min", [1, 2, 3, 4]),
        ("max", [50, 40, 20, 4]),
    ],
)
@pytest.mark.parametrize("dtype", ["f32", "i32", "f16"])
def test_scatter_nd_update_15_notes_example(reduction, want, dtype, tmp_path):
    """NOTES.md's measured example (the spec prints wrong values for none and prod). Under none
    targets 0 and 1 are written twice: irexec gives the last writes, the plugin any of them."""
    data = np.array([1, 2, 3, 4], NP[dtype])
    idx = np.array([[0], [2], [-3], [-3], [0]], np.int64)
    upd = np.array([10, 20, 30, 40, 50], NP[dtype])
    g = Graph()
    g.output(
        o15.scatter_nd_update(g.input(data), g.input(idx), g.input(upd), reduction), reduction, racy=reduction == "none"
    )
    out = g.compare(tmp_path)[0]
    if reduction == "none":
        assert check_none(out, data, writes_nd(data, idx, upd)).keys() == {(0,), (1,)}
        out = out[1]
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize(
    "reduction, init, data, idx, upd, axis, want",
    [
        # ScatterElementsUpdate-12 spec examples
        ("sum", True, [2, 3, 4, 6], [1, 0, 0, -2, -1, 2], [10, 20, 30, 40, 70, 60], 0, [52, 13, 104, 76]),
        ("sum", False, [2, 3, 4, 6], [1, 0, 0, 2, 3, 2], [10, 20, 30, 40, 70, 60], 0, [50, 10, 100, 70]),
        (
            "prod",
            True,
            np.full((3, 4), 2),
            [[1, 1], [0, 3]],
            [[11, 12], [13, 14]],
            1,
            [[2, 264, 2, 2], [26, 2, 2, 28], [2, 2, 2, 2]],
        ),
        ("mean", True, [2, 3, 4, 6], [1, 0, 0, 2, 3, 2], [10, 20, 30, 40, 70, 60], 0, [17, 6, 34, 38]),
        ("mean", False, [2, 3, 4, 6], [1, 0, 0, 2, 3, 2], [10, 20, 30, 40, 70, 60], 0, [25, 10, 50, 70]),
    ],
)
def test_scatter_elements_update_12_spec_examples(reduction, init, data, idx, upd, axis, want, tmp_path):
    """i32 data: the means 52/3, 13/2 and 104/3 round down (positive: truncation agrees)."""
    g = Graph()
    g.output(
        o15.scatter_elements_update(
            g.input(np.asarray(data, np.int32)),
            g.input(np.asarray(idx)),
            g.input(np.asarray(upd, np.int32)),
            o8.constant(np.int64(axis)),
            reduction,
            init,
        ),
        reduction,
    )
    np.testing.assert_array_equal(g.compare(tmp_path)[0], want)


# ---- duplicates under "none": defined by irexec as last-writer-wins ---------------------------------


def test_duplicates_none_last_in_index_order_wins(tmp_path):
    """Non-integer values and many repeats of few targets, on every scatter op. irexec: the last
    write in index order wins, always. The plugin: one of the writers' values (see check_none):
    the specs leave the order open, and its ScatterNDUpdate and ScatterUpdate write in parallel."""
    rng = np.random.default_rng(11)
    g = Graph()
    data = np.zeros((3, 4), np.float32)
    # ScatterElementsUpdate-3: indices no larger than data, so 8 rows onto 2 targets per column.
    data8, idx8 = np.zeros((8, 4), np.float32), rng.integers(0, 2, (8, 4))
    upd8 = rng.standard_normal((8, 4)).astype(np.float32)
    g.output(
        o3.scatter_elements_update(g.input(data8), g.input(idx8), g.input(upd8), o8.constant(0)), "SEU-3", racy=True
    )
    idx = rng.integers(0, 3, (40, 4))
    upd = rng.standard_normal((40, 4)).astype(np.float32)
    g.output(
        o15.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0), "none"),
        "SEU-12",
        racy=True,
    )
    nd_idx = rng.integers(0, 3, (40, 1))
    g.output(o4.scatter_nd_update(g.input(data), g.input(nd_idx), g.input(upd)), "SND-3", racy=True)
    g.output(
        o15.scatter_nd_update(g.input(data), g.input(nd_idx - 3 * (rng.random((40, 1)) < 0.5)), g.input(upd), "none"),
        "SND-15",
        racy=True,
    )
    su_idx = rng.integers(0, 3, (5, 8))
    su_upd = rng.standard_normal((5, 8, 4)).astype(np.float32)
    g.output(o3.scatter_update(g.input(data), g.input(su_idx), g.input(su_upd), o8.constant(0)), "SU-3", racy=True)
    seu3, seu12, snd3, snd15, su3 = g.compare(tmp_path)
    check_none(seu3, data8, writes_elements(data8, idx8, upd8, 0))
    check_none(seu12, data, writes_elements(data, idx, upd, 0))
    # Row r ends as the update of the last occurrence of r.
    last = {int(r): i for i, r in enumerate(nd_idx[:, 0])}
    for pair in (snd3, snd15):
        check_none(pair, data, writes_nd(data, nd_idx, upd))
        np.testing.assert_array_equal(pair[1], np.stack([upd[last[r]] for r in range(3)]))
    check_none(su3, data, writes_scatter_update(data, su_idx, su_upd, 0))
    last = {int(r): i for i, r in enumerate(su_idx.reshape(-1))}
    np.testing.assert_array_equal(su3[1], np.stack([su_upd.reshape(-1, 4)[last[r]] for r in range(3)]))


# ---- integer overflow -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dtype, start, sums, prods",
    [
        # data start, three updates of start at position 0: sum 4 * start, prod start ** 4, wrapped
        ("i8", 100, 144 - 256, 0),
        ("u8", 100, 144, 0),
        ("i16", 30000, 120000 - 131072, 0),
        ("u16", 30000, 120000 - 65536, 0),
        ("i32", 2**30, 0, 0),
        ("i8", 3, 12, 81),
        ("u8", 7, 28, 2401 % 256),
        ("i16", 11, 44, 14641),
        ("i32", 300, 1200, 300**4 % 2**32 - 2**32),
    ],
)
def test_integer_sum_and_prod_wrap_on_both(dtype, start, sums, prods, tmp_path):
    """Both wrap in the data type. The plugin does not saturate here (elementwise Add on i8/u8
    was found to); it computes i16/u16 in i32 and truncates back, the same modulo 2**16."""
    dt = NP[dtype]
    data = np.array([start, 5], dt)
    upd = np.array([start] * 3, dt)
    g = Graph()
    for red in ("sum", "prod"):
        g.output(
            o15.scatter_elements_update(
                g.input(data), g.input(np.zeros(3, np.int32)), g.input(upd), o8.constant(0), red
            ),
            f"SEU-12 {red}",
        )
        g.output(
            o15.scatter_nd_update(g.input(data), g.input(np.zeros((3, 1), np.int32)), g.input(upd), red),
            f"SND-15 {red}",
        )
    g.output(
        o15.scatter_nd_update(g.input(data), g.input(np.zeros((3, 1), np.int32)), g.input(upd), "sub"), "SND-15 sub"
    )
    seu_sum, nd_sum, seu_prod, nd_prod, nd_sub = g.compare(tmp_path)
    for out in (seu_sum, nd_sum):
        assert out.tolist() == [np.array(sums).astype(dt), 5]
    for out in (seu_prod, nd_prod):
        assert out.tolist() == [np.array(prods).astype(dt), 5]
    assert nd_sub.tolist() == [np.array(-2 * start).astype(np.int64).astype(dt), 5]


@pytest.mark.parametrize(
    "dtype, value, plugin",
    [
        # mean of four equal values (data + 3 updates): exactly the value; the plugin's own sum wraps
        # in the data type for i8/u8/i32 but is computed in i32 for i16/u16.
        ("i8", 94, 30),
        ("u8", 200, 8),
        ("i32", 1610612734, 536870910),
        ("i16", 24574, 24574),
        ("u16", 49150, 49150),
    ],
)
def test_integer_mean_is_exact_where_the_plugin_wraps(dtype, value, plugin, tmp_path):
    dt = NP[dtype]
    g = Graph()
    g.output(
        o15.scatter_elements_update(
            g.input(np.array([value], dt)),
            g.input(np.zeros(3, np.int64)),
            g.input(np.array([value] * 3, dt)),
            o8.constant(0),
            "mean",
        ),
        "mean",
    )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    assert ref[0].tolist() == [plugin]
    assert ir[0].tolist() == [value] and ir[0].dtype == dt


def test_integer_mean_plugin_truncates_irexec_rounds_down(tmp_path):
    """The ScatterElementsUpdate-12 spec: integer mean rounds down. The plugin truncates."""
    data = np.array([0, 0, 7, -3, 3], np.int32)
    idx = np.array([0, 0, 1, 1, 3, 4])
    upd = np.array([-1, -2, 1, 2, -4, 4], np.int32)
    g = Graph()
    for init in (True, False):
        g.output(
            o15.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0), "mean", init),
            f"use_init_val={init}",
        )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    # with data: (0-1-2)/3 = -1, (0+1+2)/3 = 1, untouched 7, (-3-4)/2 = -3.5, (3+4)/2 = 3.5
    assert ref[0].tolist() == [-1, 1, 7, -3, 3]
    assert ir[0].tolist() == [-1, 1, 7, -4, 3]
    # updates only: -1.5, 1.5, untouched 7, -4, 4
    assert ref[1].tolist() == [-1, 1, 7, -4, 4]
    assert ir[1].tolist() == [-2, 1, 7, -4, 4]


# ---- half-precision accumulation ---------------------------------------------------------------


def test_f16_sums_accumulate_in_f32_on_both(tmp_path):
    g = Graph()
    upd = np.array([2048, 1, 1, 1, 1], np.float16)
    ones = np.ones(3000, np.float16)
    for u in (upd, ones):
        g.output(
            o15.scatter_elements_update(
                g.input(np.zeros(1, np.float16)), g.input(np.zeros(u.size, np.int64)), g.input(u), o8.constant(0), "sum"
            ),
            "SEU-12",
        )
        g.output(
            o15.scatter_nd_update(
                g.input(np.zeros(1, np.float16)), g.input(np.zeros((u.size, 1), np.int64)), g.input(u), "sum"
            ),
            "SND-15",
        )
    g.output(
        o15.scatter_elements_update(
            g.input(np.zeros(1, np.float16)),
            g.input(np.zeros(5, np.int64)),
            g.input(upd),
            o8.constant(0),
            "mean",
            False,
        ),
        "mean",
    )
    out = g.compare(tmp_path)
    assert [float(o[0]) for o in out] == [2052, 2052, 3000, 3000, 410.5]  # f16 step by step: 2048, 2048
    # One rounding to nearest even: 1 + 1.5 ulp becomes 1 + 2 ulp on both.
    g = Graph()
    eps = 2.0**-10
    g.output(
        o15.scatter_elements_update(
            g.input(np.ones(2, np.float16)),
            g.input(np.array([0, 1])),
            g.input(np.array([1.5 * eps, 2.5 * eps], np.float16)),
            o8.constant(0),
            "sum",
        ),
        "rounding",
    )
    assert g.compare(tmp_path)[0].tolist() == [1 + 2 * eps, 1 + 2 * eps]


def test_bf16_plugin_rounds_every_step_irexec_once(tmp_path):
    """The plugin rounds bf16 after every update (and truncates a bf16 mean's quotient); irexec
    accumulates in f32 and rounds once, as it (and the plugin) do for f16. No spec says which."""
    g = Graph()
    upd = np.array([256, 1, 1, 1, 1], BF16)
    g.output(
        o15.scatter_elements_update(
            g.input(np.zeros(1, BF16)), g.input(np.zeros(5, np.int64)), g.input(upd), o8.constant(0), "sum"
        ),
        "sum",
    )
    g.output(
        o15.scatter_nd_update(
            g.input(np.zeros(1, BF16)), g.input(np.zeros((300, 1), np.int64)), g.input(np.ones(300, BF16)), "sum"
        ),
        "300 ones",
    )
    for init in (True, False):
        g.output(
            o15.scatter_elements_update(
                g.input(np.zeros(1, BF16)), g.input(np.zeros(5, np.int64)), g.input(upd), o8.constant(0), "mean", init
            ),
            "mean",
        )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    assert [float(r[0]) for r in ir] == [260, 300, 43.25, 52]  # 260/6 = 43.33 and 260/5 rounded once
    # 256/6 = 42.67, 256/5 = 51.2 truncated: measured alike with AVX512-BF16/AMX, AVX-512 and
    # AVX2 (ONEDNN_MAX_CPU_ISA, see oracle.py): these kernels do not round through the jit
    # code whose bf16 rounding depends on the CPU.
    assert_plugin_gives_one_of(
        [float(r[0]) for r in ref],
        [float(r[0]) for r in ir],
        {"every x86 CPU measured": [256, 256, 42.5, 51]},
        "the plugin rounds bf16 after every update",
    )
    assert all(r.dtype == BF16 for r in ir)
    # A single update rounds to nearest even on both: 1 + 1.5 ulp -> 1 + 2 ulp.
    g = Graph()
    g.output(
        o15.scatter_elements_update(
            g.input(np.ones(1, BF16)),
            g.input(np.zeros(1, np.int64)),
            g.input(np.array([1.5 / 128], BF16)),
            o8.constant(0),
            "sum",
        ),
        "rne",
    )
    assert g.compare(tmp_path)[0].astype(np.float64).tolist() == [1 + 2 / 128]


# ---- NaN and infinities in min/max ---------------------------------------------------------------


@pytest.mark.parametrize("dtype", ["f32", "f16"])
def test_nan_min_max_plugin_ignores_nan_updates_irexec_propagates(dtype, tmp_path):
    nan = np.nan
    dt = NP[dtype]
    data = np.array([nan, 1, 2, nan, 3], dt)
    idx = np.array([0, 1, 1, 3, 4, 4])
    upd = np.array([5, nan, 0, nan, nan, 9], dt)
    g = Graph()
    for red in ("min", "max"):
        for init in (True, False):
            g.output(
                o15.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0), red, init),
                f"SEU-12 {red} {init}",
            )
        g.output(o15.scatter_nd_update(g.input(data), g.input(idx[:, None]), g.input(upd), red), f"SND-15 {red}")
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    # The plugin keeps data's NaN and skips NaN updates; with use_init_val=false an all-NaN
    # position keeps the start value, FLT_MAX (f16: FLT_MAX rounds to inf).
    big = FLT_MAX if dtype == "f32" else np.inf
    want_ref = [
        [nan, 0, 2, nan, 3],
        [5, 0, 2, big, 9],
        [nan, 0, 2, nan, 3],
        [nan, 1, 2, nan, 9],
        [5, 0, 2, -big, 9],
        [nan, 1, 2, nan, 9],
    ]
    want_ir = [
        [nan, nan, 2, nan, nan],
        [5, nan, 2, nan, nan],
        [nan, nan, 2, nan, nan],
        [nan, nan, 2, nan, nan],
        [5, nan, 2, nan, nan],
        [nan, nan, 2, nan, nan],
    ]
    for r, w in zip(ref, want_ref):
        np.testing.assert_array_equal(r, np.array(w, dt))
    for r, w in zip(ir, want_ir):
        np.testing.assert_array_equal(r, np.array(w, dt))
        assert r.dtype == dt


def test_nan_sum_prod_mean_propagate_on_both(tmp_path):
    g = Graph()
    for red in ("sum", "prod", "mean"):
        g.output(
            o15.scatter_elements_update(
                g.input(np.array([np.nan, 1, 2], np.float32)),
                g.input(np.array([0, 1])),
                g.input(np.array([1, np.nan], np.float32)),
                o8.constant(0),
                red,
            ),
            red,
        )
    for out in g.compare(tmp_path):
        assert np.isnan(out[:2]).all() and out[2] == 2


def test_infinite_update_without_init_plugin_clamps_to_flt_max(tmp_path):
    """use_init_val=false: the plugin starts min from FLT_MAX and max from -FLT_MAX, so a lone
    +inf under min (or -inf under max) gives ±FLT_MAX; by the spec the result is the update."""
    g = Graph()
    for red in ("min", "max"):
        g.output(
            o15.scatter_elements_update(
                g.input(np.array([1, 2], np.float32)),
                g.input(np.array([0, 1])),
                g.input(np.array([np.inf, -np.inf], np.float32)),
                o8.constant(0),
                red,
                False,
            ),
            red,
        )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    assert ref[0].tolist() == [FLT_MAX, -np.inf] and ref[1].tolist() == [np.inf, -FLT_MAX]
    assert ir[0].tolist() == [np.inf, -np.inf] and ir[1].tolist() == [np.inf, -np.inf]


# ---- booleans -----------------------------------------------------------------------------------


def test_boolean_reductions_without_duplicates_agree(tmp_path):
    data = np.array([0, 0, 1, 1], bool)
    upd = np.array([0, 1, 0, 1], bool)
    idx = np.arange(4)
    g = Graph()
    for red in ("sum", "sub", "prod", "min", "max"):
        g.output(o15.scatter_nd_update(g.input(data), g.input(idx[:, None]), g.input(upd), red), f"SND {red}")
    for red in ("sum", "prod", "min", "max"):
        for init in (True, False):
            g.output(
                o15.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0), red, init),
                f"SEU {red} {init}",
            )
    out = [o.astype(int).tolist() for o in g.compare(tmp_path)]
    OR, XOR, AND = [0, 1, 1, 1], [0, 1, 1, 0], [0, 0, 0, 1]
    assert out[:5] == [OR, XOR, AND, AND, OR]
    assert out[5:] == [
        OR,
        upd.astype(int).tolist(),
        AND,
        upd.astype(int).tolist(),
        AND,
        upd.astype(int).tolist(),
        OR,
        upd.astype(int).tolist(),
    ]


@pytest.mark.parametrize("n", [2, 3, 256])
def test_boolean_duplicates_plugin_counts_in_u8_irexec_is_logical(n, tmp_path):
    """The spec: sum, sub, prod act as OR, XOR, AND. The plugin computes booleans as u8 and tests
    for non-zero at the end: n ``sub`` updates of True on False give (0 - n) % 256 != 0, and 256
    ``sum`` updates of True on False give 0."""
    data = np.array([0, 1], bool)
    idx = np.repeat([0, 1], n)[:, None]
    upd = np.ones(2 * n, bool)
    g = Graph()
    for red in ("sum", "sub", "prod", "max", "min"):
        g.output(o15.scatter_nd_update(g.input(data), g.input(idx), g.input(upd), red), red)
    g.output(
        o15.scatter_elements_update(g.input(data), g.input(idx[:, 0]), g.input(upd), o8.constant(0), "sum"),
        "SEU-12 sum",
    )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    ref = [r.astype(int).tolist() for r in ref]
    ir = [r.astype(int).tolist() for r in ir]
    xor = [n % 2, (1 + n) % 2]
    assert ir == [[1, 1], xor, [0, 1], [1, 1], [0, 1], [1, 1]]
    u8 = lambda v: int(v % 256 != 0)  # noqa: E731
    assert ref == [[u8(n), u8(1 + n)], [u8(-n), u8(1 - n)], [0, 1], [1, 1], [0, 1], [u8(n), u8(1 + n)]]


def test_boolean_mean_refused_by_both(tmp_path):
    b = o8.parameter([2], ov.Type.boolean)
    with pytest.raises(RuntimeError, match="'mean' reduction type is not supported for boolean"):
        o15.scatter_elements_update(b, np.array([0]), np.array([True]), np.int64(0), "mean")
    # The plugin will not even build it: write the IR of a "sum" and edit the attribute.
    model = ov.Model(
        [
            o15.scatter_elements_update(
                b, o8.constant(np.array([0])), o8.constant(np.array([True])), o8.constant(np.int64(0)), "sum"
            )
        ],
        [b],
    )
    path = save(model, tmp_path)
    text = open(path).read()
    assert 'reduction="sum"' in text
    with open(path, "w") as f:
        f.write(text.replace('reduction="sum"', 'reduction="mean"'))
    with pytest.raises(IRExecError, match="mean.*boolean"):
        run_irexec(path, [np.array([True, False])])


# ---- negative and out-of-range indices -------------------------------------------------------------


def scatter_models(idx_1d: np.ndarray, data: np.ndarray, upd: np.ndarray) -> dict:
    """Each index op on 1-D data with the given indices (as a Parameter), as {name: (model, feeds)}."""
    out = {}
    for name in ("SEU-3", "SEU-12", "SND-3", "SND-15"):
        d, i, u = (o8.parameter(list(a.shape), ov_type(a.dtype)) for a in (data, idx_1d, upd))
        if name == "SEU-3":
            node = o3.scatter_elements_update(d, i, u, o8.constant(0))
            feeds = [data, idx_1d, upd]
        elif name == "SEU-12":
            node = o15.scatter_elements_update(d, i, u, o8.constant(0), "sum")
            feeds = [data, idx_1d, upd]
        else:
            i = o8.parameter([idx_1d.size, 1], ov_type(idx_1d.dtype))
            node = o4.scatter_nd_update(d, i, u) if name == "SND-3" else o15.scatter_nd_update(d, i, u, "sum")
            feeds = [data, idx_1d[:, None], upd]
        out[name] = (ov.Model([node], [d, i, u]), feeds)
    return out


def test_negative_indices_v3_plugin_normalises_irexec_raises(tmp_path):
    """ScatterElementsUpdate-3 and ScatterNDUpdate-3 allow [0, size) only (the -3 spec says a
    negative index raises). The plugin counts them from the end, as the v12/v15 ops do; irexec
    follows the specs. (ScatterUpdate-3 is left off the plugin: see the out-of-range test.)"""
    data = np.arange(4, dtype=np.float32)
    idx = np.array([-1, 1, -4])
    upd = np.array([10, 20, 30], np.float32)
    for name, (model, feeds) in scatter_models(idx, data, upd).items():
        path = save(model, tmp_path)
        ref = run_plugin(path, feeds)[0]
        if name.endswith("3"):
            assert ref.tolist() == [30, 20, 2, 10], name
            with pytest.raises(
                IndexOutOfRangeError,
                match=r"index -1 at position \[0(, 0)?\] is out of range "
                r"\[0, 3\].*negative indices are not allowed",
            ):
                run_irexec(path, feeds)
        else:
            assert ref.tolist() == [30, 21, 2, 13], name
            np.testing.assert_array_equal(run_irexec(path, feeds)[0], ref)


@pytest.mark.parametrize("bad", [4, 100])
def test_index_too_large_raises_on_both(bad, tmp_path):
    data = np.arange(4, dtype=np.float32)
    idx = np.array([1, bad])
    upd = np.array([10, 20], np.float32)
    for name, (model, feeds) in scatter_models(idx, data, upd).items():
        path = save(model, tmp_path)
        with pytest.raises(RuntimeError, match="non-existing"):
            run_plugin(path, feeds)
        lo = -4 if name.endswith(("12", "15")) else 0
        with pytest.raises(
            IndexOutOfRangeError, match=rf"index {bad} at position \[1(, 0)?\] is out of range \[{lo}, 3\]"
        ) as e:
            run_irexec(path, feeds)
        assert e.value.layer is not None  # located at the layer


def test_index_below_minus_size_raises_on_scatter_nd_both(tmp_path):
    data = np.arange(4, dtype=np.float32)
    idx = np.array([0, -5])
    upd = np.array([10, 20], np.float32)
    for name, (model, feeds) in scatter_models(idx, data, upd).items():
        path = save(model, tmp_path)
        lo = -4 if name.endswith(("12", "15")) else 0
        message = rf"index -5 at position \[1(, 0)?\] is out of range \[{lo}, 3\]"
        with pytest.raises(IndexOutOfRangeError, match=message):
            run_irexec(path, feeds)
        if name.startswith("SND"):
            with pytest.raises(RuntimeError, match="non-existing"):
                run_plugin(path, feeds)
        # ScatterElementsUpdate-3/-12 with an index below -size crash the plugin (SIGSEGV, or a
        # heap corruption abort; a sum wrote outside the tensor and returned): never run here.


@pytest.mark.parametrize(
    "idx, message",
    [
        ([1, 4], r"index 4 at position \[1\] is out of range \[0, 3\]"),
        ([-1], r"index -1 at position \[0\] is out of range \[0, 3\].*negative"),
        ([[0, 1], [2, 1000]], r"index 1000 at position \[1, 1\] is out of range \[0, 3\]"),
    ],
)
def test_scatter_update_out_of_range_irexec_only(idx, message, tmp_path):
    """Out of range, ScatterUpdate-3 crashes the plugin process (or skips the update): irexec alone."""
    idx = np.array(idx)
    data = np.zeros((4, 2), np.float32)
    d, i, u = (
        o8.parameter([4, 2], ov.Type.f32),
        o8.parameter(list(idx.shape), ov.Type.i64),
        o8.parameter(list(idx.shape) + [2], ov.Type.f32),
    )
    path = save(ov.Model([o3.scatter_update(d, i, u, o8.constant(0))], [d, i, u]), tmp_path)
    with pytest.raises(IndexOutOfRangeError, match=message):
        run_irexec(path, [data, idx, np.ones(idx.shape + (2,), np.float32)])


@pytest.mark.parametrize(
    "op, idx, message",
    [
        ("GatherElements", [[0, 3], [0, 0]], r"index 3 at position \[0, 1\] is out of range \[-3, 2\] along dim 1"),
        ("GatherElements", [[-4, 0], [0, 0]], r"index -4 at position \[0, 0\] is out of range \[-3, 2\]"),
        ("GatherND5", [[1, 3]], r"index 3 at position \[0, 1\] is out of range \[-3, 2\] along dim 1"),
        ("GatherND8", [[-3, 0]], r"index -3 at position \[0, 0\] is out of range \[-2, 1\] along dim 0"),
    ],
)
def test_gather_out_of_range_irexec_only(op, idx, message, tmp_path):
    """The plugin reads outside the data for these: irexec alone."""
    idx = np.array(idx)
    d, i = o8.parameter([2, 3], ov.Type.f32), o8.parameter(list(idx.shape), ov.Type.i64)
    node = {
        "GatherElements": lambda: o6.gather_elements(d, i, 1),
        "GatherND5": lambda: o5.gather_nd(d, i),
        "GatherND8": lambda: o8.gather_nd(d, i),
    }[op]()
    path = save(ov.Model([node], [d, i]), tmp_path)
    with pytest.raises(IndexOutOfRangeError, match=message):
        run_irexec(path, [np.zeros((2, 3), np.float32), idx])


def test_gather_negative_indices_count_from_the_end_on_both(tmp_path):
    data = np.arange(12, dtype=np.float32).reshape(3, 4)
    g = Graph()
    g.output(o6.gather_elements(g.input(data), g.input(np.array([[-1, 0, -3, 2]])), 0), "GE")
    g.output(o8.gather_nd(g.input(data), g.input(np.array([[-1, -4], [0, -1]]))), "GND8")
    g.output(o5.gather_nd(g.input(data), g.input(np.array([[-3], [-1]]))), "GND5")
    ge, gnd8, gnd5 = g.compare(tmp_path)
    assert ge.tolist() == [[8, 1, 2, 11]]
    assert gnd8.tolist() == [8, 3]
    assert gnd5.tolist() == [[0, 1, 2, 3], [8, 9, 10, 11]]


# ---- where the specs restrict shapes and types -----------------------------------------------------


def test_scatter_update_zero_d_indices_plugin_refuses_irexec_follows_spec(tmp_path):
    """The spec allows 0-D indices (updates then lack the axis); the plugin refuses them."""
    rng = np.random.default_rng(5)
    data = rng.standard_normal((2, 3, 4)).astype(np.float32)
    for axis in (0, 1, -1):
        for itype in INDEX_TYPES:
            ax = axis % 3
            upd = rng.standard_normal(data.shape[:ax] + data.shape[ax + 1 :]).astype(np.float32)
            d, u = o8.parameter([2, 3, 4], ov.Type.f32), o8.parameter(list(upd.shape), ov.Type.f32)
            idx = np.array(2 if ax else 1, NP[itype])
            path = save(ov.Model([o3.scatter_update(d, o8.constant(idx), u, o8.constant(axis))], [d, u]), tmp_path)
            if itype == "i64":
                with pytest.raises(RuntimeError, match="scalar"):
                    run_plugin(path, [data, upd])
            want = data.copy()
            want[(slice(None),) * ax + (int(idx),)] = upd
            np.testing.assert_array_equal(run_irexec(path, [data, upd])[0], want)


def test_scatter_elements_update_3_indices_larger_than_data_along_axis(tmp_path):
    """v3: "update tensor dimensions are less or equal to the corresponding data tensor
    dimensions"; v12 allows more along the axis. The plugin takes the larger indices in v3 too;
    irexec refuses them there (and applies them in v12, like the plugin)."""
    data = np.zeros((2, 2), np.float32)
    idx = np.array([[0, 1], [1, 1], [0, 0]])
    upd = np.arange(1, 7, dtype=np.float32).reshape(3, 2)
    g = Graph()
    g.output(o3.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0)), "v3")
    g.output(
        o15.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0), "none"), "v12", racy=True
    )
    g.output(o15.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0), "sum"), "v12+")
    path = save(g.model(), tmp_path)
    ref = run_plugin(path, g.feeds)
    # (Targets [0, 0] and [1, 1] are written twice: the last writes give [[5, 6], [3, 4]], and the
    # plugin may give either write there.)
    want, multi = last_writer(data, writes_elements(data, idx, upd, 0))
    assert want.tolist() == [[5, 6], [3, 4]] and multi.keys() == {(0, 0), (1, 1)}
    for out in ref[:2]:
        assert_a_writer(out, want, multi)
    assert ref[2].tolist() == [[6, 6], [3, 6]]
    with pytest.raises(IRExecError, match="indices dim 0 .*(larger|more) than data's"):
        run_irexec(path, g.feeds)
    g.outputs, g.labels, g.tols = g.outputs[1:], g.labels[1:], g.tols[1:]
    g.params, g.feeds = g.params[3:], g.feeds[3:]
    pair, summed = g.compare(tmp_path)
    check_none(pair, data, writes_elements(data, idx, upd, 0))
    assert summed.tolist() == [[6, 6], [3, 6]]


@pytest.mark.parametrize("itype", [t for t in INDEX_TYPES if t not in ND_INDEX_TYPES])
def test_scatter_nd_index_types_other_than_i32_i64_refused_by_both(itype, tmp_path):
    """Both ScatterNDUpdate specs say T_IND is int32 or int64; OpenVINO will not build the node
    with others, and irexec refuses such an IR (written here by editing an i32 one)."""
    d = o8.parameter([4], ov.Type.f32)
    for make in (
        lambda i: o4.scatter_nd_update(d, i, o8.constant(np.ones(2, np.float32))),
        lambda i: o15.scatter_nd_update(d, i, o8.constant(np.ones(2, np.float32)), "sum"),
    ):
        with pytest.raises(RuntimeError, match="Indices element type must be i64 or i32"):
            make(o8.parameter([2, 1], ov_type(NP[itype])))
        i = o8.parameter([2, 1], ov.Type.i32)
        path = save(ov.Model([make(i)], [d, i]), tmp_path)
        text = open(path).read()
        prec = {"i8": "I8", "u8": "U8", "i16": "I16", "u16": "U16", "u32": "U32", "u64": "U64"}[itype]
        edited = text.replace('element_type="i32"', f'element_type="{itype}"').replace(
            'precision="I32"', f'precision="{prec}"'
        )
        assert edited != text
        with open(path, "w") as f:
            f.write(edited)
        with pytest.raises(IRExecError, match="indices must be i32 or i64"):
            run_irexec(path, [np.zeros(4, np.float32), np.array([[1], [2]], NP[itype])])


@pytest.mark.parametrize("itype", [t for t in INDEX_TYPES if t not in ND_INDEX_TYPES])
def test_gather_elements_index_types_other_than_i32_i64_plugin_refuses(itype, tmp_path):
    """The GatherElements-6 spec says T_IND is int32 or int64, and OpenVINO will not build the
    node with others (GatherND takes any integer type: the random tests cover them)."""
    d = o8.parameter([4], ov.Type.f32)
    with pytest.raises(RuntimeError, match="indices must be of int32 or int64 type"):
        o6.gather_elements(d, o8.parameter([2], ov_type(NP[itype])), 0)


def test_gather_elements_index_types_other_than_i32_i64_irexec_refuses(tmp_path):
    d, i = o8.parameter([4], ov.Type.f32), o8.parameter([2], ov.Type.i32)
    path = save(ov.Model([o6.gather_elements(d, i, 0)], [d, i]), tmp_path)
    text = open(path).read()
    with open(path, "w") as f:
        f.write(text.replace('element_type="i32"', 'element_type="u8"').replace('precision="I32"', 'precision="U8"'))
    with pytest.raises(IRExecError, match="i32 or i64"):
        run_irexec(path, [np.arange(4, dtype=np.float32), np.array([3, 1], np.uint8)])


# ---- where the plugin narrows types and irexec keeps them (README "Where irexec differs") ---------


def test_plugin_computes_i64_as_i32_irexec_keeps_i64(tmp_path):
    data = np.array([2**40, 5, -(2**40), 2**31 + 5], np.int64)
    upd = np.array([1, 2**35, 1, 0], np.int64)
    idx = np.arange(4)
    g = Graph()
    g.output(o15.scatter_elements_update(g.input(data), g.input(idx), g.input(upd), o8.constant(0), "sum"), "SEU")
    g.output(o15.scatter_nd_update(g.input(data), g.input(idx[:, None]), g.input(upd), "sum"), "SND")
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    for r in ref:  # the low 32 bits, as i32
        assert r.tolist() == [1, 5, 1, -(2**31) + 5]
    for r in ir:
        assert r.tolist() == (data + upd).tolist() and r.dtype == np.int64


def test_plugin_computes_u32_u64_as_i32_irexec_keeps_them(tmp_path):
    g = Graph()
    big32 = np.array([3 * 2**30, 5], np.uint32)
    g.output(
        o15.scatter_elements_update(
            g.input(big32),
            g.input(np.array([0, 1])),
            g.input(np.array([1, 3 * 2**30], np.uint32)),
            o8.constant(0),
            "max",
        ),
        "u32",
    )
    big64 = np.array([2**63, 5], np.uint64)
    g.output(
        o15.scatter_elements_update(
            g.input(big64),
            g.input(np.array([0, 1])),
            g.input(np.array([1, 2**63 + 7], np.uint64)),
            o8.constant(0),
            "max",
        ),
        "u64",
    )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    assert ref[0].tolist() == [1, 5]  # 3 * 2**30 is negative as i32
    assert ref[1].tolist() == [1, 7]  # the low 32 bits
    assert ir[0].tolist() == [3 * 2**30] * 2 and ir[0].dtype == np.uint32
    assert ir[1].tolist() == [2**63, 2**63 + 7] and ir[1].dtype == np.uint64


def test_integer_mean_of_64_bit_values_is_exact_in_irexec(tmp_path):
    """Sums past int64 (Python ints then): the mean still fits and comes out exact, rounded down.
    The plugin, computing in i32, sees only the low 32 bits."""
    g = Graph()
    g.output(
        o15.scatter_elements_update(
            g.input(np.array([2**62, -(2**62) - 1], np.int64)),
            g.input(np.array([0, 0, 0, 1, 1])),
            g.input(np.array([2**62, 2**62, 2**62 + 3, -(2**62), -(2**62)], np.int64)),
            o8.constant(0),
            "mean",
        ),
        "i64",
    )
    g.output(
        o15.scatter_elements_update(
            g.input(np.array([7], np.uint64)),
            g.input(np.zeros(3, np.int64)),
            g.input(np.array([2**63, 2**63 + 2, 2**63 + 4], np.uint64)),
            o8.constant(0),
            "mean",
            False,
        ),
        "u64",
    )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    # (4 * 2**62 + 3) / 4 -> 2**62; (-3 * 2**62 - 1) / 3 -> -2**62 - 1 (floor); u64: 2**63 + 2
    assert ir[0].tolist() == [2**62, -(2**62) - 1] and ir[0].dtype == np.int64
    assert ir[1].tolist() == [2**63 + 2] and ir[1].dtype == np.uint64
    # The plugin's i32 views: (0 + 0 + 0 + 3) / 4 -> 0, (-1 + 0 + 0) / 3 -> 0, (0 + 2 + 4) / 3 -> 2
    assert ref[0].tolist() == [0, 0] and ref[1].tolist() == [2]


def test_plugin_computes_f64_as_f32_irexec_keeps_f64(tmp_path):
    g = Graph()
    g.output(
        o15.scatter_nd_update(
            g.input(np.array([1.0, 1e300])), g.input(np.array([[0], [1]])), g.input(np.array([1e-10, 1.0])), "sum"
        ),
        "f64",
    )
    ref, ir = run_both(g.model(), g.feeds, tmp_path)
    assert ref[0].tolist() == [1.0, FLT_MAX]
    assert ir[0].tolist() == [1.0 + 1e-10, 1e300] and ir[0].dtype == np.float64
