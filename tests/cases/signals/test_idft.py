"""IDFT-7: cases against the CPU plugin. Floats compare within 1e-4 (the plugin computes in f32).
The spec's sums for the cases the plugin cannot run come from ``spectrum`` (DFT's table)."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.signals.test_dft import pairs, spectrum, vec

TOL = {"rtol": 1e-4, "atol": 1e-4}
X = T("f32", (4, 6, 2))
_Z = np.arange(1, 25, dtype=np.float32).reshape(3, 4, 2) / 8 - 1
Z = T("f32", (3, 4, 2), _Z)
_ZC = _Z[..., 0] + 1j * _Z[..., 1]

TABLE = Table(
    "IDFT",
    "opset7",
    cases=[
        Case((X, vec([0, 1])), name="two axes, signal_size left out", **TOL),
        Case((X, vec([1])), name="one axis", **TOL),
        Case((T("f32", (2, 3, 5, 2)), vec([-1, 0])), name="negative axis, unsorted", **TOL),
        Case((T("f32", (2, 3, 4, 2)), vec([0, 1, 2], "i32")), name="every axis, i32 axes", **TOL),
        Case((X, vec([0, 1]), vec([3, 8])), name="signal_size cuts and pads", **TOL),
        Case((X, vec([1, 0]), vec([-1, 2], "i32")), name="signal_size -1, i32", **TOL),
        Case((X, vec([0], const=False), vec([6], const=False)), name="axes and signal_size at run time", **TOL),
        Case(
            (Z, vec([1, 0]), vec([5, 2])),
            name="known values",
            expect=(pairs(spectrum(_ZC, [1, 0], [5, 2], sign=1.0, scale=True)),),
            **TOL,
        ),
        Case((T("f16", (4, 6, 2)), vec([0, 1])), name="f16", rtol=2e-3, atol=2e-3),
        Case((T("bf16", (4, 4, 2)), vec([0])), name="bf16", rtol=2e-2, atol=2e-2),
        Case((T("f32", (2, 0, 2)), vec([0])), name="empty dim"),
        Case(
            (T("f32", (0, 3, 2)), vec([0, 1]), vec([2, -1])),
            name="empty axis padded",
            oracle=False,
            expect=(np.zeros((2, 3, 2), np.float32),),
            why="the CPU plugin is kept from an empty axis it pads (it crashes the process on a signal size of 0)",
        ),
    ],
)

E = T("f32", (4, 6, 2))
TABLE.errors = [
    Error(
        (T("f32", (4, 1)), vec([0])), match=r"data must have a last dim of 2", code="S005", at="lint", name="last dim 1"
    ),
    Error((E, vec([2])), match=r"axis 2 is out of range \[-2, 1\]", code="S006", at="lint", name="axis 2"),
    Error(
        (E, vec([-3], const=False)), match=r"axis -3 is out of range", code="S006", at="run", name="axis -3 at run time"
    ),
    Error((E, vec([1, 1])), match=r"axes list axis 1 twice", code="S005", at="lint", name="axis twice"),
    Error(
        (E, vec([0, 1]), vec([3, 3, 3])),
        match=r"signal_size must have one entry per axis",
        code="S005",
        at="lint",
        name="signal_size too long",
    ),
    Error(
        (E, vec([0]), T("i64", (), -1, const=True)),
        match=r"signal_size must be a 1-D tensor",
        code="S005",
        at="lint",
        name="scalar signal_size",
    ),
    Error(
        (E, vec([0]), vec([-5])),
        match=r"signal_size must be -1 or a size",
        code="S005",
        at="lint",
        name="signal_size -5",
    ),
    Error(
        (E, vec([0]), vec([3], "u8")),
        match=r"signal_size must be i32 or i64, got u8",
        code="S005",
        at="lint",
        name="u8 signal_size",
    ),
]

test_cases, test_errors = TABLE.pytest()
