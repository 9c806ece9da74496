"""Applying updates at flat positions, with each reduction the scatter ops define.

Semantics decided here, for every scatter op alike (plugin = the OpenVINO 2026.4 CPU plugin, as
measured by tests/test_diff_scatter.py):
- ``none`` with duplicate positions: the last update in index order wins (NumPy assigns a
  1-D fancy index in order; tests/test_scatter_kernels.py guards that). The plugin does the same.
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
"""
from __future__ import annotations

import ml_dtypes
import numpy as np

from ..errors import ExecutionError

REDUCTIONS = ("none", "sum", "sub", "prod", "min", "max", "mean")

_HALF = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))

_UFUNC = {"sum": np.add, "sub": np.subtract, "prod": np.multiply, "min": np.minimum,
          "max": np.maximum, "mean": np.add}
_BOOL_UFUNC = {"sum": np.logical_or, "sub": np.logical_xor, "prod": np.logical_and,
               "min": np.logical_and, "max": np.logical_or}


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


def reduce_at(out: np.ndarray, lin: np.ndarray, upd: np.ndarray, reduction: str,
              use_init_val: bool = True) -> None:
    """``out.flat[lin[i]] = reduction(out.flat[lin[i]], upd[i])`` for every i, in place.
    ``out`` must be a writable C-contiguous array; ``lin`` int64 offsets; ``upd`` aligned with lin."""
    flat = out.reshape(-1)
    lin = lin.reshape(-1)
    upd = upd.reshape(-1)
    if reduction == "none":
        flat[lin] = upd
        return
    if out.dtype == np.bool_ and reduction == "mean":
        raise ExecutionError("reduction 'mean' is not defined for boolean data")
    if reduction == "mean" or out.dtype in _HALF:
        _reduce_compact(flat, lin, upd, reduction, use_init_val)
        return
    if not use_init_val:
        flat[lin] = neutral(reduction, out.dtype)
    ufunc = _BOOL_UFUNC[reduction] if out.dtype == np.bool_ else _UFUNC[reduction]
    with np.errstate(over="ignore", invalid="ignore"):
        ufunc.at(flat, lin, upd)


def _reduce_compact(flat: np.ndarray, lin: np.ndarray, upd: np.ndarray, reduction: str,
                    use_init_val: bool) -> None:
    """Reduce into an accumulator over just the touched positions: needed for mean (counts, and
    a wide integer accumulator) and for f16/bf16 (an f32 accumulator)."""
    if lin.size == 0:
        return
    targets, slot, counts = np.unique(lin, return_inverse=True, return_counts=True)
    init = flat[targets] if use_init_val else None
    if reduction == "mean" and flat.dtype.kind in "iu":
        flat[targets] = _integer_mean(init, slot, upd, counts, flat.dtype)
        return
    half = flat.dtype in _HALF
    acc_dtype = np.float32 if half else flat.dtype
    if use_init_val:
        acc = init.astype(acc_dtype)
    else:
        acc = np.full(targets.size, neutral(reduction, acc_dtype), dtype=acc_dtype)
    values = upd.astype(acc_dtype, copy=False)
    ufunc = _BOOL_UFUNC[reduction] if flat.dtype == np.bool_ else _UFUNC[reduction]
    with np.errstate(over="ignore", invalid="ignore"):
        ufunc.at(acc, slot, values)
        if reduction == "mean":
            n = counts + (1 if use_init_val else 0)
            acc = (acc / n.astype(acc.dtype)).astype(acc.dtype)
    flat[targets] = acc.astype(flat.dtype)


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
