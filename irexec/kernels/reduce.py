"""Applying updates at flat positions or to whole rows, with each reduction the scatter ops define.

Semantics decided here, for every scatter op alike (plugin = the OpenVINO 2026.4 CPU plugin, as
measured by tests/ops/test_diff_scatter.py):
- ``none`` with duplicate positions: the last update in index order wins (np.put and NumPy's
  fancy assignment write in index order; tests/kernels/test_scatter_kernels.py guards that). The plugin
  does the same.
- f16 and bf16 reduce in f32 and round once. The plugin does that for f16 (an f16 sum of
  2048 + 1 + 1 + 1 + 1 is 2052, not the 2048 of rounding after every step) but rounds bf16 after
  every step (bf16 256 + 1 + 1 + 1 + 1 is 256 there, 260 here) and truncates a bf16 mean; the
  specs say nothing, and one rule for both half types keeps results closer to exact.
- Integer sum, sub and prod wrap on overflow, as C arithmetic in the data type does. The plugin
  wraps too: natively for i8/u8/i32, in i32 for i16/u16 (truncated back, the same modulo 2**16).
- Integer ``mean`` is exact: computed without any intermediate overflow, so the result, which
  always fits the type, never depends on one. The plugin's mean wraps its sum in the data type for i8/u8/i32 (u8 200, 200, 200, 200
  → 8) but not for i16/u16, which it computes in i32.
- ``mean`` divides the reduced sum by the number of values in it; integers round toward
  negative infinity, as the ScatterElementsUpdate-12 spec says (the CPU plugin truncates:
  (-3 + -4) / 2 is -4 here, -3 there).
- ``min``/``max`` propagate NaN from either side (NumPy's, torch's and ONNX's rule); the CPU
  plugin instead keeps a NaN already in data and ignores a NaN update (C++ ``std::max`` order).
- ``use_init_val=false`` starts from the reduction's neutral value: 0, 1, or ±inf for float
  min/max (the plugin starts from ±FLT_MAX, so a lone +inf update under min gives FLT_MAX there).
- Boolean: sum = OR, sub = XOR, prod = AND, min = AND, max = OR, as the ScatterNDUpdate-15 spec
  says; mean is refused. (The plugin computes booleans as u8 and tests for non-zero at the end,
  which agrees unless a position gets duplicates: two ``sub`` updates of True give True there,
  and 256 ``sum`` updates of True give False.)
- Every reduction runs in index order: a target's initial value, then its updates as they come
  (float sums round exactly as a step-by-step loop would, as torch's scatter_reduce does).

How, by case (each chosen by measurement):
- ``none``: np.put at flat offsets; ScatterNDUpdate's slices as whole rows.
- Other reductions at flat offsets: ufunc.at, in index order.
- ``mean`` and the half types (a count, a wide or f32 accumulator): updates grouped by target (one
  sort), reduced into an accumulator over the touched positions, written back once; many
  updates are split over the cores by target range.
- Whole rows of ROW_MIN or more elements (ScatterNDUpdate's slices; ScatterElementsUpdate-12
  along axis 0 when each slice of indices holds one target, as graph networks' aggregations
  do): gather the rows, reduce, write back, a block of rows at a time, when the rows are
  distinct; with duplicates (or for mean, or without use_init_val), reduce_rows_by_rank: step k
  applies every target's k-th update at once, so the result is the sequential loop's bit for bit.
  The CPU plugin also reduces a target's updates in index order: with random floats its results
  are the same bits (tests/ops/test_diff_scatter_duplicates.py), so no faster order was taken.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from ..buffers import cores, run_parts, split_over_cores
from ..errors import ExecutionError

REDUCTIONS = ("none", "sum", "sub", "prod", "min", "max", "mean")

_HALF = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))

_UFUNC = {"sum": np.add, "sub": np.subtract, "prod": np.multiply, "min": np.minimum, "max": np.maximum, "mean": np.add}
_BOOL_UFUNC = {
    "sum": np.logical_or,
    "sub": np.logical_xor,
    "prod": np.logical_and,
    "min": np.logical_and,
    "max": np.logical_or,
}


def neutral(reduction: str, dtype: np.dtype):
    """The value that leaves a reduction unchanged (use_init_val=false starts from it)."""
    dtype = np.dtype(dtype)
    if reduction in ("sum", "sub", "mean"):
        return dtype.type(0)
    if reduction == "prod":
        return dtype.type(1)
    if dtype == np.bool_:
        return np.bool_(reduction == "min")
    if dtype.kind == "f" or dtype in _HALF:
        return dtype.type(np.inf if reduction == "min" else -np.inf)
    info = np.iinfo(dtype)
    return dtype.type(info.max if reduction == "min" else info.min)


def reduce_at(
    out: np.ndarray, lin, upd, reduction: str, use_init_val: bool = True, *, offsets_checked: bool = False
) -> None:
    """``out.flat[lin[i]] = reduction(out.flat[lin[i]], upd[i])`` for every i, in place.
    ``out`` must be a writable C-contiguous array; ``lin`` integer offsets into it; ``upd`` one
    value per offset (or one for all). ``offsets_checked``: the caller has made ``lin`` int64 in
    [0, out.size) and ``upd`` the same size (the scatter kernels do), so neither is checked again."""
    flat = out.reshape(-1)
    if not offsets_checked:
        lin = np.asarray(lin)
        if lin.dtype.kind not in "iu":
            raise TypeError(f"offsets must be integers, got {lin.dtype}")
        if lin.size and (lin.min() < 0 or lin.max() >= flat.size):
            raise IndexError(f"offsets must lie in [0, {flat.size})")
        lin = lin.astype(np.int64, copy=False)
        upd = np.broadcast_to(np.asarray(upd), lin.shape)  # (raises unless one per offset, or one)
    lin = lin.reshape(-1)
    upd = upd.reshape(-1)
    if reduction == "none":
        # In index order, so the last duplicate wins. "wrap" skips re-checking offsets already
        # checked: a fifth faster than put's default or a fancy assignment (measured).
        np.put(flat, lin, upd, mode="wrap")
        return
    _refuse_boolean_mean(out.dtype, reduction)
    if reduction == "mean" or out.dtype in _HALF:
        _reduce_grouped(flat, lin, upd, reduction, use_init_val)
        return
    if not use_init_val:
        flat[lin] = neutral(reduction, out.dtype)
    ufunc = _BOOL_UFUNC[reduction] if out.dtype == np.bool_ else _UFUNC[reduction]
    with np.errstate(over="ignore", invalid="ignore"):
        ufunc.at(flat, lin, upd)


ROW_MIN = 16  # from this row size reduce_rows works on whole rows (measured: below it,
# ufunc.at over element offsets is as fast or faster)
ROW_BLOCK_BYTES = 1 << 18  # rows gathered, reduced and written back per step: stays in L2
PARALLEL_GROUP_MIN = 1 << 14  # the fewest updates per part when a grouped reduction is split


def reduce_rows(out: np.ndarray, rows: np.ndarray, upd: np.ndarray, reduction: str, use_init_val: bool = True) -> None:
    """``out[rows[i]] = reduction(out[rows[i]], upd[i])`` for every i, in index order, in place:
    ScatterNDUpdate's slices, and ScatterElementsUpdate's whole rows (every reduction, mean
    included). ``out`` is a writable C-contiguous 2-D array; ``rows`` int64 row numbers in
    range; ``upd`` has one row per entry of ``rows``."""
    rows = rows.reshape(-1)
    upd = upd.reshape(rows.size, out.shape[1])
    if reduction == "none":
        out[rows] = upd
        return
    _refuse_boolean_mean(out.dtype, reduction)
    if reduction != "mean" and use_init_val and rows.size <= out.shape[0]:
        ordered = np.sort(rows)
        if not (ordered[1:] == ordered[:-1]).any():
            _reduce_distinct_rows(out, rows, upd, reduction)
            return
    # (More updates than rows: duplicates for sure, no need to look.)
    reduce_rows_by_rank(out, rows, upd, reduction, use_init_val)


def _refuse_boolean_mean(dtype: np.dtype, reduction: str) -> None:
    if dtype == np.bool_ and reduction == "mean":
        raise ExecutionError("reduction 'mean' is not defined for boolean data")


def _reduce_distinct_rows(out: np.ndarray, rows: np.ndarray, upd: np.ndarray, reduction: str) -> None:
    """Every row is hit once: gather, reduce and write back a block of rows at a time (large jobs
    split over the cores: disjoint rows, no order to keep). For 512 rows of 1024 f32 this took
    0.3 ms, ufunc.at over element offsets 1 ms and ufunc.at on the rows 3 ms."""
    ufunc = _BOOL_UFUNC[reduction] if out.dtype == np.bool_ else _UFUNC[reduction]
    acc = np.dtype(np.float32) if out.dtype in _HALF else out.dtype
    if out.dtype != np.bool_:
        acc = np.result_type(acc, upd.dtype)  # as ufunc.at computes (f32 data, f64 updates: f64)
    block = max(1, ROW_BLOCK_BYTES // max(1, out.shape[1] * acc.itemsize))

    def work(a: int, b: int) -> None:
        with np.errstate(over="ignore", invalid="ignore"):  # errstate is per thread
            for s in range(a, b, block):
                r = rows[s : min(b, s + block)]
                cur = np.take(out, r, axis=0).astype(acc, copy=False)
                ufunc(cur, upd[s : s + r.size].astype(acc, copy=False), out=cur)
                out[r] = cur.astype(out.dtype, copy=False)

    split_over_cores(rows.size, 2 * upd.nbytes, work)


RANK_PARTS_MIN = 1 << 15  # the fewest updates per thread when reduce_rows_by_rank is split


def reduce_rows_by_rank(out: np.ndarray, rows: np.ndarray, upd: np.ndarray, reduction: str, use_init_val: bool) -> None:
    """Rows with duplicates, every reduction (mean too), each target's updates in index order.

    Step k applies every target's k-th update at once: those targets are distinct, so one
    gather of their update rows and one vectorised ufunc over an accumulator of the touched rows
    (targets sorted by their number of updates, most first, so step k's are a prefix). The
    result is the sequential loop's, bit for bit (the same operations in the same order per
    element). 1M rows of 64 f32 into 10k targets, one thread: the sort 12 ms, the gather
    45-55 ms (random order; in index order it would take 30), the ufuncs 8 ms. Slower,
    measured: ufunc.at on the rows 430 ms, add.reduceat along axis 0 over rows gathered in
    sorted order 980 ms (it calls its loop once per row), bincount per column (it reads every
    row once per column), a pass in index order with each chunk's rows layered so that a
    layer's targets are distinct (a gather and a scatter of accumulator rows per update row
    besides its own: twice the work), and splitting the updates by target range so that each
    thread sorts its own (the split cost what the sort saved). No faster: several steps'
    rows gathered per take; f16 updates widened with bit operations, a batch at a time, instead
    of NumPy's scalar cast inside the ufunc (1M rows of 64: 93-113 ms against 117 on one
    thread, but 72-75 against 71-72 on two: on this 2-core machine the vector passes ran no
    faster on two threads than on one, where the scalar cast and the gather did).
    Targets are split over the cores (their steps are independent; take and the ufuncs release
    the GIL).
    Float16/bfloat16 accumulate in f32 and round once; integer mean sums in int64 (exact) and
    rounds down; i64/u64 mean keeps the overflow-free _integer_mean."""
    if rows.size == 0:
        return
    if reduction == "mean" and out.dtype.kind in "iu" and out.dtype.itemsize == 8:
        # (Per element: _integer_mean's accumulators are 1-D.)
        width = out.shape[1]
        lin = rows.reshape(-1, 1) * width + np.arange(width, dtype=np.int64)
        _reduce_grouped(out.reshape(-1), lin.reshape(-1), upd.reshape(-1), reduction, use_init_val)
        return
    order, _, targets, counts = _group(rows, runs=False)
    starts = np.zeros_like(counts)
    np.cumsum(counts[:-1], out=starts[1:])
    busiest = np.argsort(-counts, kind="stable")
    if reduction == "mean" and out.dtype.kind in "iu":
        acc_dtype = np.dtype(np.int64)
    elif out.dtype in _HALF:
        acc_dtype = np.dtype(np.float32)
    else:
        acc_dtype = out.dtype
    ufunc = _BOOL_UFUNC[reduction] if out.dtype == np.bool_ else _UFUNC[reduction]
    result = np.empty((targets.size, out.shape[1]), dtype=out.dtype)
    parts = max(1, min(cores(), rows.size // RANK_PARTS_MIN))

    # Targets a block at a time: its accumulator and gathered rows stay in L2 (blocks of 1024
    # rows of 64 f32 ran 1M updates 20% faster than all 10k targets at once).
    block = max(1, ROW_BLOCK_BYTES // max(1, out.shape[1] * acc_dtype.itemsize))

    def work(p: int) -> None:
        mine = busiest[p::parts]  # (interleaved: each part gets as many busy targets)
        with np.errstate(over="ignore", invalid="ignore"):  # per thread
            for b in range(0, mine.size, block):
                _rank_steps(
                    out,
                    upd,
                    order,
                    mine[b : b + block],
                    counts,
                    starts,
                    targets,
                    reduction,
                    use_init_val,
                    acc_dtype,
                    ufunc,
                    result,
                )

    run_parts(parts, work)
    out[targets] = result


def _rank_steps(
    out, upd, order, mine, counts, starts, targets, reduction, use_init_val, acc_dtype, ufunc, result
) -> None:
    """reduce_rows_by_rank's steps for the targets ``mine`` (by descending count): step k
    gathers the k-th update row of every target that has one and reduces it into theirs."""
    n, first, tg = counts[mine], starts[mine], targets[mine]
    if use_init_val:
        acc = out[tg].astype(acc_dtype)
    else:
        acc = np.full((tg.size, out.shape[1]), neutral(reduction, acc_dtype), dtype=acc_dtype)
    # active[k]: how many of these targets have more than k updates (n is descending).
    active = np.searchsorted(-n, -np.arange(int(n[0])), side="left")
    buf = np.empty((tg.size, out.shape[1]), dtype=upd.dtype)
    for k, m in enumerate(active.tolist()):
        np.take(upd, order[first[:m] + k], axis=0, out=buf[:m], mode="clip")
        ufunc(acc[:m], buf[:m], out=acc[:m], casting="unsafe")
    if reduction == "mean":
        total = (n + 1 if use_init_val else n).reshape(-1, 1)
        if acc_dtype.kind == "i":
            np.floor_divide(acc, total, out=acc)
        else:
            acc /= total.astype(acc_dtype)
    result[mine] = acc.astype(out.dtype, copy=False)


def _group(keys: np.ndarray, runs: bool = True):
    """Sort 1-D non-negative int64 ``keys``, ties kept in index order. Returns the positions in
    sorted order, the run (of one key) each sorted position falls in (None unless ``runs``),
    each run's key and length.

    Key and position are packed into one int64 when they fit, so one plain sort (NumPy's SIMD
    one) gives both; a stable argsort is several times slower."""
    n = keys.size
    shift = max(1, (n - 1).bit_length())
    if int(keys.max()).bit_length() + shift <= 63:
        ordered = keys << shift
        order = np.arange(n, dtype=np.int64)
        ordered |= order
        ordered.sort()
        np.bitwise_and(ordered, (1 << shift) - 1, out=order)
        ordered >>= shift
    else:
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    counts = np.empty_like(starts)
    np.subtract(starts[1:], starts[:-1], out=counts[:-1])
    counts[-1] = n - starts[-1]
    if not runs:
        return order, None, ordered[starts], counts
    run = np.cumsum(new, dtype=np.int64)
    run -= 1
    return order, run, ordered[starts], counts


def _reduce_grouped(out: np.ndarray, idx: np.ndarray, upd: np.ndarray, reduction: str, use_init_val: bool) -> None:
    """``out[idx[i]] = reduction(out[idx[i]], upd[i])`` through the touched positions only: the
    targets found by one sort, the updates reduced (in index order) into an accumulator of one
    slot per target, which is written back once. Needed for mean (counts, a wide integer
    accumulator) and for f16/bf16 (an f32 accumulator); also the route for duplicate rows.
    ``out`` is 1-D (elements) or 2-D (rows); ``upd`` has one element or row per entry of ``idx``.

    Many updates are split over the cores by target: each thread groups and reduces the updates
    aimed at its own range of ``out`` (the sorts and gathers run at once; ufunc.at holds the GIL)."""
    parts = min(cores(), idx.size // PARALLEL_GROUP_MIN)
    if parts < 2:
        _reduce_runs(out, idx, upd, reduction, use_init_val)
        return
    # Split at quantiles of a sample, so each part gets about as many updates wherever they aim.
    sample = np.sort(idx[:: max(1, idx.size // 4096)])
    pivots = [None] + [sample[sample.size * k // parts] for k in range(1, parts)] + [None]

    def work(k: int) -> None:
        lo, hi = pivots[k], pivots[k + 1]
        if lo is None:
            mine = idx < hi
        elif hi is None:
            mine = idx >= lo
        else:
            mine = (idx >= lo) & (idx < hi)
        sel = np.flatnonzero(mine)  # ascending: index order kept within the part
        _reduce_runs(out, idx[sel], np.take(upd, sel, axis=0), reduction, use_init_val)

    run_parts(parts, work)


def _reduce_runs(out: np.ndarray, idx: np.ndarray, upd: np.ndarray, reduction: str, use_init_val: bool) -> None:
    """Reduce into an accumulator of one slot per touched position, each slot's updates in index
    order (taken in sorted order, which also keeps ufunc.at's accesses local)."""
    if idx.size == 0:
        return
    order, slot, targets, counts = _group(idx)
    upd = np.take(upd, order, axis=0)
    del order
    init = out[targets] if use_init_val else None
    if reduction == "mean" and out.dtype.kind in "iu":
        out[targets] = _integer_mean(init, slot, upd, counts, out.dtype)
        return
    acc_dtype = np.float32 if out.dtype in _HALF else out.dtype
    if use_init_val:
        acc = init.astype(acc_dtype)
    else:
        acc = np.full((targets.size,) + out.shape[1:], neutral(reduction, acc_dtype), dtype=acc_dtype)
    ufunc = _BOOL_UFUNC[reduction] if out.dtype == np.bool_ else _UFUNC[reduction]
    with np.errstate(over="ignore", invalid="ignore"):  # per thread: this may run on a worker
        ufunc.at(acc, slot, upd.astype(acc_dtype, copy=False))
        if reduction == "mean":
            if use_init_val:
                counts += 1
            acc /= counts.astype(acc.dtype).reshape((-1,) + (1,) * (acc.ndim - 1))
        out[targets] = acc.astype(out.dtype, copy=False)  # (an f16 overflow is inf, silently)


def _integer_mean(init, slot: np.ndarray, upd: np.ndarray, counts: np.ndarray, dtype: np.dtype):
    """floor(sum / n) per target, exactly and with no intermediate overflow: each value is split
    by its target's count as x = q*n + r (0 <= r < n), so the mean is sum(q) + floor(sum(r) / n),
    and neither sum can leave the type's range."""
    n = counts + (0 if init is None else 1)
    acc = np.uint64 if dtype.kind == "u" else np.int64
    n_acc = n.astype(acc)
    q_sum = np.zeros(n.size, dtype=acc)
    r_sum = np.zeros(n.size, dtype=acc)
    parts = [(upd, slot)] + ([] if init is None else [(init, np.arange(n.size))])
    for values, where in parts:  # at most two parts: the updates, and the data's initial values
        v, d = values.astype(acc), n_acc[where]
        np.add.at(q_sum, where, v // d)  # floor division: r = v % d is in [0, d)
        np.add.at(r_sum, where, v % d)
    return (q_sum + r_sum // n_acc).astype(dtype)
