"""STFT-15: cases against the CPU plugin. Floats compare within 1e-4 (the plugin computes in f32)."""

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-4, "atol": 1e-4}


def scalar(value, etype="i64", const=True):
    return T(etype, (), value, const=const)


def tf(flag):
    return {"transpose_frames": "true" if flag else "false"}


S = T("f32", (2, 20))
W5 = T("f32", (5,))

TABLE = Table(
    "STFT",
    "opset15",
    cases=[
        Case((S, W5, scalar(8), scalar(3)), tf(False), name="window shorter than the frame", **TOL),
        Case((S, W5, scalar(8), scalar(3)), tf(True), name="transpose_frames", **TOL),
        Case((S, T("f32", (8,)), scalar(8), scalar(4)), tf(False), name="full window", **TOL),
        Case((S, T("f32", (4,)), scalar(7), scalar(2)), tf(True), name="odd frame, odd padding", **TOL),
        Case((T("f32", (20,)), T("f32", (6,)), scalar(8), scalar(4)), tf(False), name="1-D signal", **TOL),
        Case((T("f32", (19,)), T("f32", (6,)), scalar(8), scalar(4)), tf(True), name="1-D, transposed, a rest", **TOL),
        Case(
            (T("f32", (1, 9)), T("f32", (9,)), scalar(9), scalar(1)),
            tf(False),
            name="one frame, the whole signal",
            **TOL,
        ),
        Case((S, W5, scalar(5), scalar(20)), tf(False), name="step longer than the signal", **TOL),
        Case((S, W5, scalar(8, "i32"), scalar(3, "i32")), tf(False), name="i32 scalars", **TOL),
        Case((S, W5, scalar(8, const=False), scalar(3, const=False)), tf(True), name="scalars at run time", **TOL),
        Case((S, T("f32", (5,), const=True), scalar(6), scalar(2)), tf(False), name="constant window", **TOL),
        Case((T("f16", (2, 16)), T("f16", (4,)), scalar(4), scalar(2)), tf(False), name="f16", rtol=2e-3, atol=2e-2),
        Case((T("bf16", (2, 16)), T("bf16", (4,)), scalar(4), scalar(2)), tf(True), name="bf16", rtol=2e-2, atol=1e-1),
        Case((T("f32", (0, 12)), W5, scalar(6), scalar(2)), tf(False), name="empty batch"),
    ],
)

TABLE.errors = [
    Error(
        (S, W5, scalar(21), scalar(3)),
        attrs=tf(False),
        match=r"frame_size must be in \[1, 20\]",
        code="S005",
        at="lint",
        name="frame longer than the signal",
    ),
    Error(
        (S, W5, scalar(21, const=False), scalar(3)),
        attrs=tf(False),
        match=r"frame_size must be in \[1, 20\]",
        code="S005",
        at="run",
        name="frame too long at run time",
    ),
    Error(
        (S, W5, scalar(0), scalar(3)),
        attrs=tf(False),
        match=r"frame_size must be positive, got 0",
        code="S005",
        at="lint",
        name="frame_size 0",
    ),
    Error(
        (S, W5, scalar(8), scalar(0)),
        attrs=tf(False),
        match=r"frame_step must be positive, got 0",
        code="S005",
        at="lint",
        name="frame_step 0",
    ),
    Error(
        (S, W5, scalar(8), scalar(-2, const=False)),
        attrs=tf(False),
        match=r"frame_step must be positive, got -2",
        code="S005",
        at="run",
        name="negative frame_step at run time",
    ),
    Error(
        (S, T("f32", (9,)), scalar(8), scalar(3)),
        attrs=tf(False),
        match=r"window must have 1 to frame_size \(8\) "
        r"values, got 9",
        code="S005",
        at="lint",
        name="window longer than the frame",
    ),
    Error(
        (S, T("f32", (9,)), scalar(8, const=False), scalar(3)),
        attrs=tf(False),
        match=r"window must have 1 to "
        r"frame_size \(8\) values, got 9",
        code="S005",
        at="run",
        name="window too long at run time",
    ),
    Error(
        (S, T("f32", (0,)), scalar(8), scalar(3)),
        attrs=tf(False),
        match=r"window must have 1 to frame_size",
        code="S005",
        at="lint",
        name="empty window",
    ),
    Error(
        (T("f32", (2, 2, 20)), W5, scalar(8), scalar(3)),
        attrs=tf(False),
        match=r"signal must be 1-D or 2-D",
        code="S005",
        at="lint",
        name="3-D signal",
    ),
    Error(
        (S, T("f32", (1, 5)), scalar(8), scalar(3)),
        attrs=tf(False),
        match=r"window must be a 1-D tensor",
        code="S005",
        at="lint",
        name="2-D window",
    ),
    Error(
        (S, W5, T("i64", (1,), [8], const=True), scalar(3)),
        attrs=tf(False),
        match=r"frame_size must be a scalar",
        code="S005",
        at="lint",
        name="1-D frame_size",
    ),
    Error(
        (S, T("f16", (5,)), scalar(8), scalar(3)),
        attrs=tf(False),
        match=r"must have one element type",
        code="S005",
        at="lint",
        name="f16 window",
    ),
    Error(
        (S, W5, scalar(8, "i8"), scalar(3)),
        attrs=tf(False),
        match=r"frame_size must be i32 or i64, got i8",
        code="S005",
        at="lint",
        name="i8 frame_size",
    ),
    Error(
        (S, W5, scalar(8), scalar(3)),
        match=r"required attribute 'transpose_frames' is missing",
        code="O003",
        at="lint",
        name="transpose_frames left out",
    ),
]

test_cases, test_errors = TABLE.pytest()
