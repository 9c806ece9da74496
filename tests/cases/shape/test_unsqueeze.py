"""Unsqueeze-1: cases against the CPU plugin.

Repeated axes count once, both before normalising (they set the output rank) and after it, as
OpenVINO infers them. The plugin compiles no Unsqueeze whose axes come at run time ("CPU plug-in
doesn't support Unsqueeze operation with dynamic rank", even for one axis), so run-time axes
are error rows and ``test_run_time_axes`` (irexec alone, against NumPy)."""

import numpy as np
import pytest

from cases.rows import Case, Error, T, Table

X = (2, 3, 4)


def axes(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


TABLE = Table(
    "Unsqueeze",
    "opset1",
    cases=[
        Case((T("i32", X), axes([0])), name="first"),
        Case((T("i32", X), axes([-1])), name="last"),
        Case((T("i32", X), axes([0, -1])), name="both ends"),
        Case((T("i32", X), axes([1, 3])), name="two inside"),
        Case((T("i32", X), axes([3, 1], "i32")), name="two inside, unordered"),
        Case((T("i32", X), axes([-5, 0])), name="repeated after normalising"),
        Case((T("i32", X), axes([0, 0])), name="repeated"),
        Case((T("i32", X), axes([3])), name="at the end"),
        Case((T("i32", X), axes([-1, 4])), name="-1 and 4 are one"),
        Case((T("i32", X), axes([-1, 3])), name="-1 and 3"),
        Case((T("i32", X), axes([-5, -5, 0])), name="repeated both ways"),
        Case((T("i32", X), axes([0, 1, 0, 1])), name="pairs repeated"),
        Case((T("i32", X), axes([2, 2, -4])), name="repeated, and the same after normalising"),
        Case((T("i32", X), axes(1)), name="scalar axis"),
        Case((T("i32", X), axes(-2, "i32")), name="scalar negative axis"),
        Case((T("f32", ()), axes([0, -1])), name="scalar data"),
        Case((T("f32", ()), axes(0)), name="scalar data, scalar axis"),
        Case((T("f32", (0, 3)), axes([1])), name="empty data"),
        # Element types.
        Case((T("f32", (5,)), axes([1]))),
        Case((T("f16", (2, 2)), axes([1], "i8"))),
        Case((T("bf16", (3,)), axes([0], "u8"))),
        Case((T("boolean", (2, 3)), axes([-1, 0]))),
        Case((T("i64", (3,)), axes([0, 2], "i16"))),
        Case((T("u8", (4,)), axes([1, 0], "u64"))),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3)), axes([3, 3], const=False)),
        match=r"Unsqueeze axis 3 is out of range \[-3, 2\]",
        code="S006",
        name="repeated axis too large",
        at="run",
    ),
    Error(
        (T("f32", (2, 3)), axes([-4], const=False)),
        match=r"Unsqueeze axis -4 is out of range \[-3, 2\]",
        code="S006",
        name="axis too small",
        at="run",
    ),
    Error(
        (T("f32", (2,)), axes([3, -1], const=False)),
        match=r"Unsqueeze axis 3 is out of range \[-3, 2\]",
        code="S006",
        name="two axes that are one",
        at="run",
    ),
    # Rank 5 from four distinct axes, which normalise to two: the second lands past the end (OpenVINO:
    # "provided 'axes' value 3 is not valid").
    Error(
        (T("f32", (2,)), axes([4, -1, 3, -2], const=False)),
        match=r"Unsqueeze axis 3 is past the end of 1 dims",
        code="S005",
        name="past the end",
        at="run",
    ),
    Error(
        (T("f32", (2, 3)), axes([], const=False)),
        match=r"Unsqueeze axes must not be empty",
        code="S005",
        name="empty axes",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), axes([[0]], const=False)),
        match=r"Unsqueeze's axes must be a scalar or 1-D",
        code="S005",
        name="2-D axes",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (1,), [0.0])),
        match=r"Unsqueeze's axes must be of an integer type",
        code="S005",
        name="f32 axes",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), axes([70] + list(range(63)), const=False)),
        match=r"at most 64",
        code="S005",
        name="rank past 64",
        at="run",
    ),
]

test_cases, test_errors = TABLE.pytest()


@pytest.mark.parametrize(
    "shape,values,etype,want",
    [
        ((2, 3, 4), [0], "i64", (1, 2, 3, 4)),
        ((2, 3, 4), [-2], "i32", (2, 3, 1, 4)),
        ((2, 3, 4), 3, "i64", (2, 3, 4, 1)),
        ((5,), [-1, 0], "i32", (1, 5, 1)),
        ((), [0, -1], "i64", (1, 1)),
        ((2, 3), [3, 1, 3], "i64", (2, 1, 3, 1)),
    ],
)
def test_run_time_axes(shape, values, etype, want, tmp_path):
    """Axes fed at run time, in irexec alone (the plugin compiles no such Unsqueeze)."""
    import irexec
    from cases.irwriter import Row, write_ir

    path = str(tmp_path / "unsqueeze.xml")
    a = np.asarray(values, np.int64)
    write_ir(
        [
            Row(
                "Unsqueeze",
                "opset1",
                {},
                [("f32", shape, None), (etype, a.shape, None)],
                outputs=[("f32", (-1,) * len(want))],
            )
        ],
        path,
    )
    x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    out = list(irexec.read_model(path).infer([x, a.astype(np.int32 if etype == "i32" else np.int64)]).values())[0]
    assert out.shape == want and np.array_equal(out.reshape(-1), x.reshape(-1))
