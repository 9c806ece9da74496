"""ISTFT-16: cases against the CPU plugin. Floats compare within 1e-4 (the plugin computes in f32).
The plugin's default length with ``center`` and an odd frame_size is one sample longer than the
spec's: that case runs in irexec alone, on a spectrum of constant frames (every sample 1/2)."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.signals.test_stft import scalar

TOL = {"rtol": 1e-4, "atol": 1e-4}


def flags(center, normalized):
    return {"center": "true" if center else "false", "normalized": "true" if normalized else "false"}


def vec(values, etype="i64", const=True):
    return T(etype, (len(values),), values, const=const)


D = T("f32", (5, 6, 2))  # frame_size 8 or 9: 5 frequencies, 6 frames
D4 = T("f32", (2, 5, 6, 2))
W8 = T("f32", (8,), low=1, high=5)
W6 = T("f32", (6,), low=1, high=5)

# Constant frames: only the zero frequency, 7 * 1/2, in each of 6 frames of 7 samples.
_DC = np.zeros((4, 6, 2), np.float32)
_DC[0, :, 0] = 3.5

TABLE = Table(
    "ISTFT",
    "opset16",
    cases=[
        Case((D, W8, scalar(8), scalar(3)), flags(False, False), name="3-D, full window", **TOL),
        Case((D4, W6, scalar(8), scalar(2)), flags(True, False), name="4-D, centred, shorter window", **TOL),
        Case((D, W8, scalar(8), scalar(3)), flags(False, True), name="normalized", **TOL),
        Case((D4, W8, scalar(9), scalar(4)), flags(False, True), name="odd frame_size, normalized", **TOL),
        Case((D, W6, scalar(8), scalar(3)), flags(True, True), name="centred and normalized", **TOL),
        Case(
            (D4, T("f32", (7,), low=1, high=5), scalar(9), scalar(2), scalar(14)),
            flags(True, False),
            name="centred, odd frame_size, signal_length given",
            **TOL,
        ),
        Case(
            (D, T("f32", (4,), low=1, high=5), scalar(8), scalar(8)),
            flags(False, False),
            name="gaps the window does not cover",
            **TOL,
        ),
        Case(
            (D, W8, scalar(8), scalar(3), scalar(30)), flags(False, False), name="signal_length past the frames", **TOL
        ),
        Case((D4, W8, scalar(8), scalar(3), scalar(10)), flags(True, False), name="signal_length cuts", **TOL),
        Case((D, W8, scalar(8), scalar(3), vec([25])), flags(True, False), name="signal_length of shape [1]", **TOL),
        Case(
            (D, W8, scalar(8), scalar(3), scalar(17, const=False)),
            flags(False, False),
            name="signal_length at run time",
            **TOL,
        ),
        Case(
            (D, W8, scalar(8, const=False), scalar(3, const=False)),
            flags(False, False),
            name="frame_size and frame_step at run time",
            **TOL,
        ),
        Case(
            (D, W8, scalar(8, "i32"), scalar(3, "i32"), scalar(20, "i32")),
            flags(False, False),
            name="i32 scalars",
            **TOL,
        ),
        Case(
            (D, T("f32", (8,), low=1, high=5, const=True), scalar(8), scalar(2)),
            flags(True, False),
            name="constant window",
            **TOL,
        ),
        Case(
            (T("f16", (5, 6, 2)), T("f16", (8,), low=1, high=5), scalar(8), scalar(3)),
            flags(False, False),
            name="f16",
            rtol=2e-3,
            atol=2e-3,
        ),
        Case(
            (T("bf16", (5, 6, 2)), T("bf16", (8,), low=1, high=5), scalar(8), scalar(3)),
            flags(True, False),
            name="bf16",
            rtol=2e-2,
            atol=2e-2,
        ),
        Case((T("f32", (0, 5, 6, 2)), W8, scalar(8), scalar(3)), flags(False, False), name="empty batch"),
        Case(
            (T("f32", (4, 6, 2), _DC), T("f32", (7,), np.ones(7)), scalar(7), scalar(2)),
            flags(True, False),
            name="centred, odd frame_size: the default length",
            oracle=False,
            expect=(np.full(10, 0.5, np.float32),),
            why="with center and an odd frame_size the CPU plugin's default length is (frames - 1) * frame_step + 1 "
            "(11 here); the spec: (frames - 1) * frame_step",
        ),
    ],
)

TABLE.errors = [
    Error(
        (T("f32", (5, 6)), W8, scalar(8), scalar(3)),
        attrs=flags(False, False),
        match=r"data must be 3-D or 4-D",
        code="S005",
        at="lint",
        name="2-D data",
    ),
    Error(
        (T("f32", (5, 6, 3)), W8, scalar(8), scalar(3)),
        attrs=flags(False, False),
        match=r"data must have a last dim of 2",
        code="S005",
        at="lint",
        name="last dim 3",
    ),
    Error(
        (D, W8, scalar(10), scalar(3)),
        attrs=flags(False, False),
        match=r"must hold frame_size // 2 \+ 1 = 6 "
        r"frequencies",
        code="S005",
        at="lint",
        name="frequencies for another frame_size",
    ),
    Error(
        (D, W8, scalar(10, const=False), scalar(3)),
        attrs=flags(False, False),
        match=r"must hold frame_size // 2 \+ 1 = 6 frequencies",
        code="S005",
        at="run",
        name="frequencies for another frame_size at run time",
    ),
    Error(
        (D, W8, scalar(0), scalar(3)),
        attrs=flags(False, False),
        match=r"frame_size must be positive, got 0",
        code="S005",
        at="lint",
        name="frame_size 0",
    ),
    Error(
        (D, W8, scalar(8), scalar(0)),
        attrs=flags(False, False),
        match=r"frame_step must be positive, got 0",
        code="S005",
        at="lint",
        name="frame_step 0",
    ),
    Error(
        (D, T("f32", (9,)), scalar(8), scalar(3)),
        attrs=flags(False, False),
        match=r"window must have 1 to frame_size \(8\) values, got 9",
        code="S005",
        at="lint",
        name="window longer than the frame",
    ),
    Error(
        (D, W8, scalar(8), scalar(3), scalar(-1)),
        attrs=flags(False, False),
        match=r"signal_length must be 0 or more, got -1",
        code="S005",
        at="lint",
        name="negative signal_length",
    ),
    Error(
        (D, W8, scalar(8), scalar(3), scalar(-4, const=False)),
        attrs=flags(False, False),
        match=r"signal_length must be 0 or more, got -4",
        code="S005",
        at="run",
        name="negative signal_length at run time",
    ),
    Error(
        (D, W8, scalar(8), scalar(3), vec([20, 20])),
        attrs=flags(False, False),
        match=r"signal_length must be a scalar or a 1-element 1-D tensor",
        code="S005",
        at="lint",
        name="two signal lengths",
    ),
    Error(
        (T("f32", (5, 0, 2)), W8, scalar(8), scalar(3)),
        attrs=flags(False, False),
        match=r"data must hold 1 frame or more",
        code="S005",
        at="lint",
        name="no frame",
    ),
    Error(
        (D, W8, scalar(8), scalar(3)),
        attrs={"center": "false"},
        match=r"required attribute 'normalized' is "
        r"missing",
        code="O003",
        at="lint",
        name="normalized left out",
    ),
    Error(
        (D, T("f16", (8,)), scalar(8), scalar(3)),
        attrs=flags(False, False),
        match=r"must have one element type",
        code="S005",
        at="lint",
        name="f16 window",
    ),
]

test_cases, test_errors = TABLE.pytest()
