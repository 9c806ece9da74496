"""``--compare REF.npz``: each output against the reference's array of its name, and the arrays'
agreement (also what ``irexec compare`` and batches' ``--compare-dir`` measure with)."""

from __future__ import annotations

import numpy as np

from ..errors import one_line
from . import DEFAULT_ATOL, DEFAULT_RTOL  # noqa: F401  (batches read them here)
from .npy import NpzReader
from .outputs import storable

_CHUNK = 1 << 18  # elements compared at a time: the float64 temporaries stay a few MiB


def reference_key(info, keys):
    """The reference array of an output: keyed by its name, else by any of its tensor names."""
    return next((k for k in (info.name,) + tuple(info.names) if k in keys), None)


def compare_outputs(m, results: dict, ref: NpzReader, label: str, rtol: float, atol: float):
    """One line per output (and per reference array that names no output); the error message
    when anything differs, else None."""
    unused = dict.fromkeys(ref.members)
    lines, failed = [], 0
    for info in m.outputs:
        name = one_line(info.name)
        key = reference_key(info, unused)
        if key is None:
            lines.append(f"MISSING   {name}: not in '{label}'")
            failed += 1
            continue
        del unused[key]
        got, want = storable(results[info.name]), ref.read(key)
        note = "" if want.dtype == got.dtype else f" (reference {want.dtype}, output {info.element_type})"
        if got.shape != want.shape:
            lines.append(f"SHAPE     {name}: shape {list(got.shape)}, '{label}' has {list(want.shape)}{note}")
            failed += 1
            continue
        exact = got.dtype.kind in "biu" and want.dtype.kind in "biu"
        bad, max_abs, max_rel, first = compare_arrays(got, want, rtol, atol, exact)
        errs = f"max abs err {_num(max_abs)}, max rel err {_num(max_rel)}"
        if bad:
            at = [int(i) for i in np.unravel_index(first, got.shape)]
            lines.append(
                f"MISMATCH  {name}: {bad} of {got.size} elements differ ({errs}); first at {at}: "
                f"expected {_value(want, first)}, got {_value(got, first)}{note}"
            )
            failed += 1
        elif exact:
            lines.append(f"ok        {name}: {got.size} elements equal{note}")
        else:
            lines.append(f"ok        {name}: {got.size} elements within tolerance ({errs}){note}")
    for key in unused:
        known = ", ".join(one_line(i.name) for i in m.outputs)
        lines.append(f"EXTRA     {one_line(key)}: in '{label}', but no output has that name (outputs: {known})")
    problems = []
    if failed:
        problems.append(f"{failed} of {len(m.outputs)} output(s) differ from '{label}'")
    if unused:
        problems.append(f"'{label}' holds {len(unused)} array(s) that name no output")
    if not problems:
        lines.append(
            f"all {len(m.outputs)} output(s) match '{label}' (floats: rtol {rtol:g}, atol {atol:g}; integers exactly)"
        )
    return lines, "; ".join(problems) or None


def compare_arrays(got: np.ndarray, want: np.ndarray, rtol: float, atol: float, exact: bool):
    """(mismatches, max abs err, max rel err, flat index of the first mismatch) of two arrays of
    one shape. Integers and booleans against integers are compared exactly; anything else in
    float64 with numpy.isclose(got, want, rtol, atol, equal_nan=True). The errors are NaN when a
    NaN meets a number, inf when an infinity meets something else."""
    g, w = np.ascontiguousarray(got).reshape(-1), np.ascontiguousarray(want).reshape(-1)
    bad, max_abs, max_rel, first = 0, 0.0, 0.0, None
    for a in range(0, g.size, _CHUNK):
        gs, ws = g[a : a + _CHUNK], w[a : a + _CHUNK]
        gf, wf = gs.astype(np.float64), ws.astype(np.float64)
        mask = np.not_equal(gs, ws) if exact else ~np.isclose(gf, wf, rtol=rtol, atol=atol, equal_nan=True)
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            diff = np.abs(gf - wf)
            diff[(gf == wf) | (np.isnan(gf) & np.isnan(wf))] = 0  # equal infinities, NaN pairs
            rel = np.where(diff == 0, 0.0, diff / np.abs(wf))
        if diff.size:
            max_abs, max_rel = _max(max_abs, diff.max()), _max(max_rel, rel.max())
        n = int(np.count_nonzero(mask))
        if n and first is None:
            first = a + int(np.argmax(mask))
        bad += n
    return bad, max_abs, max_rel, first


def _max(a: float, b: float) -> float:
    return float("nan") if np.isnan(a) or np.isnan(b) else max(a, float(b))


def _value(arr: np.ndarray, flat: int) -> str:
    return str(arr.reshape(-1)[flat])  # (str, not format: format widens a float32 to float64)


def _num(x: float) -> str:
    return f"{x:.4g}"
