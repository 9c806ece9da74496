"""IRDFT-9: cases against the CPU plugin. Floats compare within 1e-4 (the plugin computes in f32).
The cases the plugin cannot run (a constant signal_size holding -1, which it fails to compile;
a last axis needing more coefficients than the data holds, where it reads the next row's; an
outer axis padded, which it does not pad with zeros; axes or signal_size fed at run time, which
it fails to compile or crashes on) run in irexec alone,
against ``signal`` below: the spec's inverse sum (``spectrum``, DFT's table) of the Hermitian
completion."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.signals.test_dft import spectrum, vec

TOL = {"rtol": 1e-4, "atol": 1e-4}


def signal(x, axes, sizes):
    """The spec's IRDFT of the complex array ``x``: the inverse sum over the axes but the last
    listed (fitted to ``sizes``); then along the last, the first S // 2 + 1 coefficients (zeros
    past the data's) completed by F[S - j] = conj(F[j]), their inverse sum, and its real part."""
    last, s = axes[-1], sizes[-1]
    y = spectrum(x, axes[:-1], sizes[:-1], sign=1.0, scale=True)
    y = np.moveaxis(y, last, -1)
    k = s // 2 + 1
    y = y[..., :k] if y.shape[-1] >= k else np.concatenate([y, np.zeros(y.shape[:-1] + (k - y.shape[-1],))], -1)
    full = np.zeros(y.shape[:-1] + (s,), np.complex128)
    full[..., :k] = y
    j = np.arange(1, s - k + 1)
    full[..., s - j] = np.conj(y[..., j])
    return spectrum(np.moveaxis(full, -1, last), [last], [s], sign=1.0, scale=True).real.astype(np.float32)


X = T("f32", (4, 5, 2))
_Z = ((np.arange(40, dtype=np.float32).reshape(4, 5, 2) * 3) % 11 - 5) / 4
Z = T("f32", (4, 5, 2), _Z)
_ZC = _Z[..., 0] + 1j * _Z[..., 1]
_Z3 = _Z[:, :3].copy()
Z3 = T("f32", (4, 3, 2), _Z3)
_Z3C = _Z3[..., 0] + 1j * _Z3[..., 1]
NOT_COMPILED = (
    "the CPU plugin fails to compile IRDFT with signal_size fed at run time (Cannot get dims for non "
    "static shape), and crashes the process on axes fed at run time"
)

TABLE = Table(
    "IRDFT",
    "opset9",
    cases=[
        Case((X, vec([0, 1])), name="two axes, signal_size left out", **TOL),
        Case((X, vec([1])), name="last signal dim", **TOL),
        Case((X, vec([0])), name="first dim", **TOL),
        Case((X, vec([1, 0])), name="axes unsorted: the last listed is completed", **TOL),
        Case((T("f32", (2, 3, 4, 2)), vec([-1, -3])), name="negative axes", **TOL),
        Case((T("f32", (5, 2)), vec([0], "i32")), name="rank 2, i32 axes", **TOL),
        Case((T("f32", (2, 3, 4, 2)), vec([2, 0, 1])), name="every axis", **TOL),
        Case((X, vec([0, 1]), vec([3, 4])), name="signal_size cuts", **TOL),
        Case((X, vec([1]), vec([9], "i32")), name="odd signal size, i32", **TOL),
        Case((X, vec([1, 0]), vec([5, 6])), name="unsorted axes with signal_size", **TOL),
        Case(
            (Z3, vec([1, 0]), vec([4, 4])),
            name="outer axis padded",
            oracle=False,
            expect=(signal(_Z3C, [1, 0], [4, 4]),),
            why="the CPU plugin does not zero-pad an axis other than the last (its values differ); the spec pads "
            "with zeros",
        ),
        Case((T("f16", (4, 5, 2)), vec([0, 1])), name="f16", rtol=2e-3, atol=2e-3),
        Case((T("bf16", (4, 3, 2)), vec([1])), name="bf16", rtol=2e-2, atol=2e-2),
        Case((T("f32", (0, 5, 2)), vec([1])), name="empty dim"),
        Case(
            (Z3, vec([0, 1]), vec([-1, 4])),
            name="signal_size -1",
            oracle=False,
            expect=(signal(_Z3C, [0, 1], [4, 4]),),
            why="the CPU plugin fails to compile a constant signal_size holding -1 (cannot create std::vector larger "
            "than max_size()); the spec: the axis' own size (2 * (M - 1) for the last)",
        ),
        Case(
            (Z3, vec([1]), vec([8])),
            name="more coefficients than the data holds",
            oracle=False,
            expect=(signal(_Z3C, [1], [8]),),
            why="where S // 2 + 1 exceeds the data's coefficients, the CPU plugin reads the next row's (past the "
            "end of the data for the last); the spec pads with zeros",
        ),
        Case(
            (Z3, vec([1], const=False)),
            name="axes at run time",
            oracle=False,
            expect=(signal(_Z3C, [1], [4]),),
            why=NOT_COMPILED,
        ),
        Case(
            (Z, vec([0, 1]), vec([2, 4], const=False)),
            name="signal_size at run time",
            oracle=False,
            expect=(signal(_ZC, [0, 1], [2, 4]),),
            why=NOT_COMPILED,
        ),
    ],
)

E = T("f32", (4, 5, 2))
TABLE.errors = [
    Error(
        (T("f32", (4, 5)), vec([0])), match=r"data must have a last dim of 2", code="S005", at="lint", name="real data"
    ),
    Error((E, vec([2])), match=r"axis 2 is out of range \[-2, 1\]", code="S006", at="lint", name="axis 2"),
    Error(
        (E, vec([2], const=False)), match=r"axis 2 is out of range", code="S006", at="run", name="axis 2 at run time"
    ),
    Error((E, vec([0, -2])), match=r"axes list axis 0 twice", code="S005", at="lint", name="axis twice"),
    Error(
        (E, vec([0, 1]), vec([3])),
        match=r"signal_size must have one entry per axis",
        code="S005",
        at="lint",
        name="signal_size too short",
    ),
    Error(
        (E, vec([1]), vec([-2])),
        match=r"signal_size must be -1 or a size",
        code="S005",
        at="lint",
        name="signal_size -2",
    ),
    Error(
        (T("f32", (3, 0, 2)), vec([1])),
        match=r"last axis 1 holds no coefficient",
        code="S005",
        at="lint",
        name="no coefficient",
    ),
    Error((E, vec([])), match=r"axes must not be empty", code="S005", at="lint", name="no axes"),
]

test_cases, test_errors = TABLE.pytest()
