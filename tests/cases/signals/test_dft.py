"""DFT-7: cases against the CPU plugin. Floats compare within 1e-4 (the plugin sums in f32 in
another order; irexec in f64). ``spectrum`` works out the spec's sum directly (a matrix of
exp(-2 pi i m j / S) per axis) for the cases the plugin cannot run."""

import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-4, "atol": 1e-4}


def spectrum(x, axes, sizes, sign=-1.0, scale=False, last_half=False):
    """The spec's transform of the complex array ``x`` over ``axes`` (already normalised), fitted
    to ``sizes`` (cut or zero-padded at the end), as a sum per axis; ``last_half``: keep
    S // 2 + 1 frequencies of the last axis (RDFT). Rows compare ``expect`` exactly: keep to
    sizes of 1, 2 and 4 and values in eighths, where every sum is exact."""
    y = np.asarray(x, np.complex128)
    for k, (a, s) in enumerate(zip(axes, sizes)):
        n = y.shape[a]
        y = np.moveaxis(y, a, -1)
        y = y[..., :s] if s <= n else np.concatenate([y, np.zeros(y.shape[:-1] + (s - n,))], -1)
        m = np.arange(s // 2 + 1 if last_half and k == len(axes) - 1 else s)
        w = np.exp(sign * 2j * np.pi * np.outer(np.arange(s), m) / s) if s else np.zeros((0, len(m)))
        # Quarter turns exactly (cos(pi / 2) is 6e-17 in floats): sizes 1, 2 and 4 give exact sums.
        w = np.where(abs(w.real) < 1e-12, 0, w.real) + 1j * np.where(abs(w.imag) < 1e-12, 0, w.imag)
        y = np.moveaxis(y @ w / (s if scale else 1), -1, a)
    return y


def pairs(y, dtype=np.float32):
    return np.stack([y.real, y.imag], -1).astype(dtype)


def vec(values, etype="i64", const=True):
    return T(etype, (len(values),), values, const=const)


X = T("f32", (4, 6, 2))
_Z = np.arange(1, 25, dtype=np.float32).reshape(3, 4, 2) / 8 - 1
Z = T("f32", (3, 4, 2), _Z)
_ZC = _Z[..., 0] + 1j * _Z[..., 1]

TABLE = Table(
    "DFT",
    "opset7",
    cases=[
        Case((X, vec([0, 1])), name="two axes, signal_size left out", **TOL),
        Case((X, vec([1])), name="one axis", **TOL),
        Case((X, vec([1, 0])), name="axes unsorted", **TOL),
        Case((T("f32", (2, 3, 5, 2)), vec([-1])), name="axis -1 (the last signal dim)", **TOL),
        Case((T("f32", (2, 3, 5, 2)), vec([-3, 1])), name="negative axes", **TOL),
        Case((T("f32", (2, 3, 4, 2)), vec([2, 0, 1])), name="every axis", **TOL),
        Case((T("f32", (8, 2)), vec([0])), name="rank 2", **TOL),
        Case((X, vec([0, 1]), vec([3, 8])), name="signal_size cuts and pads", **TOL),
        Case((X, vec([1, 0]), vec([8, 3])), name="signal_size follows the axes' order", **TOL),
        Case((X, vec([0, 1]), vec([-1, 4])), name="signal_size -1", **TOL),
        Case((X, vec([-2]), vec([7], "i32")), name="i32 signal_size", **TOL),
        Case((X, vec([0, 1], "i32")), name="i32 axes", **TOL),
        Case((X, vec([1, 0], const=False)), name="axes at run time", **TOL),
        Case((X, vec([1]), vec([5], const=False)), name="signal_size at run time", **TOL),
        Case((Z, vec([0, 1]), vec([2, 4])), name="known values", expect=(pairs(spectrum(_ZC, [0, 1], [2, 4])),), **TOL),
        Case((T("f16", (4, 6, 2)), vec([0, 1])), name="f16", rtol=2e-3, atol=2e-2),
        Case((T("bf16", (4, 4, 2)), vec([1])), name="bf16", rtol=2e-2, atol=1e-1),
        Case((T("f32", (0, 4, 2)), vec([1])), name="empty batch dim"),
        Case(
            (T("f32", (3, 4, 2)), vec([1]), vec([0])),
            name="signal_size 0",
            oracle=False,
            expect=(np.zeros((3, 0, 2), np.float32),),
            why="the CPU plugin crashes the process (a division by zero) on a signal size of 0; the spec: an empty axis",
        ),
    ],
)

E = T("f32", (4, 6, 2))
TABLE.errors = [
    Error(
        (T("f32", (4, 3)), vec([0])), match=r"data must have a last dim of 2", code="S005", at="lint", name="last dim 3"
    ),
    Error((T("f32", (2,)), vec([0])), match=r"data must have rank 2 or more", code="S005", at="lint", name="rank 1"),
    Error((E, vec([2])), match=r"axis 2 is out of range \[-2, 1\]", code="S006", at="lint", name="axis 2"),
    Error((E, vec([-3])), match=r"axis -3 is out of range \[-2, 1\]", code="S006", at="lint", name="axis -3"),
    Error(
        (E, vec([2], const=False)), match=r"axis 2 is out of range", code="S006", at="run", name="axis 2 at run time"
    ),
    Error((E, vec([0, -2])), match=r"axes list axis 0 twice", code="S005", at="lint", name="axis twice"),
    Error((E, vec([0, 1, 0])), match=r"3 axes for a signal of rank 2", code="S005", at="lint", name="too many axes"),
    Error((E, vec([])), match=r"axes must not be empty", code="S005", at="lint", name="no axes"),
    Error(
        (E, T("i64", (1, 1), [[0]], const=True)),
        match=r"axes must be a 1-D tensor",
        code="S005",
        at="lint",
        name="2-D axes",
    ),
    Error(
        (E, vec([0, 1]), vec([3])),
        match=r"signal_size must have one entry per axis",
        code="S005",
        at="lint",
        name="signal_size too short",
    ),
    Error(
        (E, vec([0]), vec([-2])),
        match=r"signal_size must be -1 or a size",
        code="S005",
        at="lint",
        name="signal_size -2",
    ),
    Error(
        (E, vec([0]), vec([-2], const=False)),
        match=r"signal_size must be -1 or a size",
        code="S005",
        at="run",
        name="signal_size -2 at run time",
    ),
    Error(
        (E, T("f32", (1,), [0.0], const=True)),
        match=r"axes must be i32 or i64, got f32",
        code="S005",
        at="lint",
        name="f32 axes",
    ),
    Error(
        (T("i32", (4, 6, 2)), vec([0])),
        match=r"data must be of a floating-point type",
        code="S005",
        at="lint",
        name="i32 data",
    ),
]

test_cases, test_errors = TABLE.pytest()
