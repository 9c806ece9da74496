"""RDFT-9: cases against the CPU plugin. Floats compare within 1e-4 (the plugin computes in f32).
The plugin refuses to pad (a signal_size larger than the axis) and fails to compile a constant
signal_size holding -1, or axes or signal_size fed at run time: those cases run in irexec alone,
against the spec's sums worked out by ``spectrum`` (DFT's table)."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.signals.test_dft import pairs, spectrum, vec

TOL = {"rtol": 1e-4, "atol": 1e-4}
X = T("f32", (4, 6))
_Z = (np.arange(24, dtype=np.float32).reshape(4, 6) % 7 - 3) / 4
Z = T("f32", (4, 6), _Z)
_Z4 = _Z[:, :4].copy()
Z4 = T("f32", (4, 4), _Z4)
_Z32 = _Z[:3, :2].copy()

RUN_TIME = (
    "the CPU plugin fails to compile RDFT with axes or signal_size fed at run time (Cannot get dims for "
    "non static shape)"
)

TABLE = Table(
    "RDFT",
    "opset9",
    cases=[
        Case((X, vec([0, 1])), name="two axes, signal_size left out", **TOL),
        Case((X, vec([1])), name="last dim", **TOL),
        Case((X, vec([0])), name="first dim halved", **TOL),
        Case((X, vec([1, 0])), name="axes unsorted: the last listed is halved", **TOL),
        Case((T("f32", (2, 3, 5)), vec([-1, -3])), name="negative axes", **TOL),
        Case((T("f32", (9,)), vec([0])), name="rank 1, odd size", **TOL),
        Case((T("f32", (2, 4, 5)), vec([2, 0, 1], "i32")), name="every axis, i32 axes", **TOL),
        Case((X, vec([0, 1]), vec([3, 5])), name="signal_size cuts", **TOL),
        Case((X, vec([1, 0]), vec([4, 2], "i32")), name="signal_size follows the axes, i32", **TOL),
        Case(
            (Z4, vec([1], const=False)),
            name="axes at run time",
            oracle=False,
            expect=(pairs(spectrum(_Z4, [1], [4], last_half=True)),),
            why=RUN_TIME,
        ),
        Case(
            (Z, vec([0, 1]), vec([2, 4], const=False)),
            name="signal_size at run time",
            oracle=False,
            expect=(pairs(spectrum(_Z, [0, 1], [2, 4], last_half=True)),),
            why=RUN_TIME,
        ),
        Case((T("f16", (4, 6)), vec([0, 1])), name="f16", rtol=2e-3, atol=2e-2),
        Case((T("bf16", (4, 4)), vec([1])), name="bf16", rtol=2e-2, atol=1e-1),
        Case((T("f32", (0, 6)), vec([1])), name="empty dim"),
        Case(
            (Z, vec([0, 1]), vec([-1, 4])),
            name="signal_size -1",
            oracle=False,
            expect=(pairs(spectrum(_Z, [0, 1], [4, 4], last_half=True)),),
            why="the CPU plugin fails to compile a constant signal_size holding -1 (cannot create std::vector "
            "larger than max_size()); the spec: the axis' own size",
        ),
        Case(
            (T("f32", (3, 2), _Z32), vec([1, 0]), vec([4, 4])),
            name="signal_size pads",
            oracle=False,
            expect=(pairs(spectrum(_Z32, [1, 0], [4, 4], last_half=True)),),
            why="the CPU plugin refuses a signal_size larger than the axis (not supported yet); the spec "
            "zero-pads the signal",
        ),
    ],
)

E = T("f32", (4, 6))
TABLE.errors = [
    Error((T("f32", ()), vec([0])), match=r"data must have rank 1 or more", code="S005", at="lint", name="scalar"),
    Error((E, vec([2])), match=r"axis 2 is out of range \[-2, 1\]", code="S006", at="lint", name="axis 2"),
    Error(
        (E, vec([-3], const=False)), match=r"axis -3 is out of range", code="S006", at="run", name="axis -3 at run time"
    ),
    Error((E, vec([1, -1])), match=r"axes list axis 1 twice", code="S005", at="lint", name="axis twice"),
    Error((E, vec([0, 1, 1])), match=r"3 axes for a signal of rank 2", code="S005", at="lint", name="too many axes"),
    Error(
        (E, vec([0, 1]), vec([3])),
        match=r"signal_size must have one entry per axis",
        code="S005",
        at="lint",
        name="signal_size too short",
    ),
    Error(
        (E, vec([0]), vec([-3], const=False)),
        match=r"signal_size must be -1 or a size",
        code="S005",
        at="run",
        name="signal_size -3 at run time",
    ),
    Error(
        (T("f32", (4, 6, 2)), vec([0]), T("i32", (1, 1), [[2]], const=True)),
        match=r"signal_size must be a 1-D tensor",
        code="S005",
        at="lint",
        name="2-D signal_size",
    ),
    Error(
        (T("i64", (4, 6)), vec([0])),
        match=r"data must be of a floating-point type",
        code="S005",
        at="lint",
        name="i64 data",
    ),
]

test_cases, test_errors = TABLE.pytest()
