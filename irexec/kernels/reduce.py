"""Applying updates at flat positions, with each reduction the scatter ops define.

Semantics decided here, for every scatter op alike:
- ``none`` with duplicate positions: the last update in index order wins (NumPy assigns a
  1-D fancy index in order; tests/test_scatter_kernels.py guards that).
- f16 and bf16 reduce in f32 and round once, as the CPU plugin does (measured: an f16 sum of
  2048 + 1 + 1 + 1 + 1 is 2052, not the 2048 of rounding after every step).
- Integers wrap on overflow, as C arithmetic in the data type does.
- ``min``/``max`` propagate NaN from either side (NumPy's, torch's and ONNX's rule); the CPU
  plugin instead keeps a NaN already in data and ignores a NaN update (C++ ``std::max`` order).
- ``mean`` divides the reduced sum by the number of values in it; integers round toward
  negative infinity, as the ScatterElementsUpdate-12 spec says (the CPU plugin truncates).
- Boolean: sum = OR, sub = XOR, prod = AND, min = AND, max = OR; mean is refused.
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
    """Reduce into an accumulator over just the touched positions: needed for mean (counts)
    and for f16/bf16 (an f32 accumulator)."""
    targets, slot, counts = np.unique(lin, return_inverse=True, return_counts=True)
    half = flat.dtype in _HALF
    acc_dtype = np.float32 if half else flat.dtype
    if use_init_val:
        acc = flat[targets].astype(acc_dtype)
    else:
        acc = np.full(targets.size, neutral(reduction, acc_dtype), dtype=acc_dtype)
    values = upd.astype(acc_dtype, copy=False)
    ufunc = _BOOL_UFUNC[reduction] if flat.dtype == np.bool_ else _UFUNC[reduction]
    with np.errstate(over="ignore", invalid="ignore"):
        ufunc.at(acc, slot, values)
        if reduction == "mean":
            n = counts + (1 if use_init_val else 0)
            if acc.dtype.kind in "iu":
                acc = np.floor(acc.astype(np.float64) / n).astype(acc.dtype)
            else:
                acc = (acc / n.astype(acc.dtype)).astype(acc.dtype)
    flat[targets] = acc.astype(flat.dtype)
