"""RNNSequence-5: cases against the CPU plugin.

Every compared case names its activations: OpenVINO reads a layer without the attribute as an
empty list, which the plugin's sequence lowering does not replace with the spec's default "tanh"
(irexec uses the default: the "left out" case)."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import seq, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HALF = {"rtol": 1e-2, "atol": 1e-2}
BF = {"rtol": 3e-2, "atol": 3e-2}
FWD, REV, BI = (
    {"hidden_size": "4", "direction": d, "activations": "tanh"} for d in ("forward", "reverse", "bidirectional")
)


def r(et="f32", n=2, t=5, i=3, hs=4, zero_h=False, big_x=False, const_x=False, **kw):
    x, h, lens, w, rr, b = seq(et, n, t, i, hs, 1, **kw)
    if zero_h:
        h = T(et, h.shape, np.zeros(h.shape, np.float32))
    if big_x:  # multiples of 1/8 in [-8, 8): the activation saturates
        x = T(et, x.shape)
    if const_x:
        x, h = T(et, x.shape, x.values, const=True), T(et, h.shape, h.values, const=True)
    return x, h, lens, w, rr, b


def _left_out():
    """activations and clip left out: with W and B zero and R = I / 2, each live step is
    H = tanh(H / 2); a row of length 0 ends with zero Ho."""
    h0 = np.array([[[1.5, -2.0]], [[4.0, 0.25]], [[1.0, 1.0]]], np.float32)
    z = np.zeros
    ins = (
        small("f32", (3, 3, 2)),
        T("f32", (3, 1, 2), h0),
        T("i64", (3,), [3, 1, 0]),
        T("f32", (1, 2, 2), z((1, 2, 2))),
        T("f32", (1, 2, 2), np.eye(2, dtype=np.float32)[None] / 2),
        T("f32", (1, 2), z((1, 2))),
    )
    y = np.zeros((3, 1, 3, 2), np.float32)
    h = h0[:, 0]
    for t in range(3):
        h = np.tanh(np.float32(0) + h @ (np.eye(2, dtype=np.float32) / 2))
        y[:, 0, t] = h
    y[1, :, 1:] = 0
    y[2] = 0
    ho = np.stack([y[0, :, 2], y[1, :, 0], y[2, :, 0]])
    return Case(
        ins,
        {"hidden_size": "2", "direction": "forward"},
        name="activations and clip left out",
        expect=(y, ho),
        oracle=False,
        why="OpenVINO reads left-out activations as an empty list; the CPU plugin then fails to compile the sequence",
    )


TABLE = Table(
    "RNNSequence",
    "opset5",
    outputs=2,
    cases=[
        _left_out(),
        Case(r(), FWD, name="forward", **TOL),
        Case(r(), REV, name="reverse", **TOL),
        Case(r(dirs=2), BI, name="bidirectional", **TOL),
        Case(r(dirs=2, const_w=True), BI, name="bidirectional, constant weights and lengths", **TOL),
        # sequence lengths shorter than seq_len, varying over the batch, 0 (zero Ho), seq_len
        Case(r(n=3, lens=[5, 2, 0]), FWD, name="sequence_lengths shorter, and 0", **TOL),
        Case(r(n=3, lens=[3, 5, 1], dirs=2, lens_et="i64"), BI, name="bidirectional with shorter i64 lengths", **TOL),
        Case(r(n=3, lens=[4, 1, 2]), REV, name="reverse with shorter lengths", **TOL),
        Case(r(n=4, lens=[0, 5, 2, 0], dirs=2), BI, name="bidirectional, lengths 0 and shorter", **TOL),
        Case(r(n=3, lens=[2, 4, 1], const_w=True), REV, name="reverse, constant lengths shorter", **TOL),
        Case(r(n=2, lens=[0, 0]), FWD, name="every length 0", **TOL),
        # clip in each direction
        Case(r(big_x=True), dict(FWD, clip="0.75"), name="clip forward", **TOL),
        Case(r(big_x=True), dict(REV, clip="2.5"), name="clip reverse", **TOL),
        Case(r(big_x=True, dirs=2, n=3, lens=[5, 3, 4]), dict(BI, clip="1"), name="clip bidirectional, lengths", **TOL),
        Case(r(big_x=True), FWD, name="saturating, no clip", **TOL),
        # activations, with alpha and beta (which none of them takes)
        Case(r(), dict(FWD, activations="relu", activations_alpha="", activations_beta=""), name="relu", **TOL),
        Case(r(), dict(REV, activations="sigmoid"), name="sigmoid", **TOL),
        Case(r(big_x=True, dirs=2), dict(BI, activations="relu", clip="3"), name="relu with clip", **TOL),
        Case(
            r(),
            dict(FWD, activations="sigmoid", activations_alpha="0.5", activations_beta="2"),
            name="alpha and beta given (unused)",
            **TOL,
        ),
        Case(r(), dict(FWD, activations="Relu"), name="activation name in capitals", **TOL),
        # sizes and states
        Case(r(n=1, t=1, i=1, hs=1), dict(FWD, hidden_size="1"), name="all dims 1", **TOL),
        Case(r(n=1, t=7, i=2, hs=1, dirs=2), dict(BI, hidden_size="1"), name="hidden_size 1, bidirectional", **TOL),
        Case(
            r(n=3, t=12, i=6, hs=8, lens=[12, 7, 11]), dict(FWD, hidden_size="8"), name="12 steps, hidden_size 8", **TOL
        ),
        Case(r(zero_h=True), REV, name="zero initial state", **TOL),
        Case(r(const_x=True, n=3, lens=[1, 5, 2]), REV, name="constant X and H, run-time lengths", **TOL),
        Case(
            r(n=0, lens=[]),
            FWD,
            name="empty batch",
            expect=(np.zeros((0, 1, 5, 4)), np.zeros((0, 1, 4))),
            oracle=False,
            why="the CPU plugin crashes on it (a floating-point exception)",
        ),
        Case(
            r(t=0, lens=[0, 0]),
            REV,
            name="seq_len 0",
            expect=(np.zeros((2, 1, 0, 4)), np.zeros((2, 1, 4))),
            oracle=False,
            why="the CPU plugin refuses it (TensorIterator: invalid start, stride, end)",
        ),
        # element types (f16 and bf16 compute in f32 and round once)
        Case(r("f16", dirs=2), BI, name="f16 bidirectional", **HALF),
        Case(r("f16", n=3, lens=[2, 5, 0]), dict(REV, clip="0.75"), name="f16 reverse, clip, lengths", **HALF),
        Case(r("bf16"), FWD, name="bf16", **BF),
        Case(
            r("bf16", n=3, lens=[3, 1, 5], dirs=2, const_w=True),
            dict(BI, activations="relu"),
            name="bf16 bidirectional relu, constant weights",
            **BF,
        ),
    ],
)
X, H, L, W, R, B = r()


def _e(match, attrs=FWD, ins=(X, H, L, W, R, B), code="O003", at="lint", **kw):
    return Error(ins, match, attrs, code=code, at=at, **kw)


TABLE.errors = [
    # the shape rule
    _e("X must have rank 3", ins=(small("f32", (2, 5, 3, 1)), H, L, W, R, B), code="S005"),
    _e("initial_hidden_state .*dim 1 must be 2", BI, code="S005", name="H with 1 direction for bidirectional"),
    _e(
        "initial_hidden_state .*dim 1 must be 1",
        ins=(X, small("f32", (2, 2, 4)), L, W, R, B),
        code="S005",
        name="2 directions for forward",
    ),
    _e("dim 0 \\(batch\\) differs", ins=(X, small("f32", (3, 1, 4)), L, W, R, B), code="S005"),
    _e(
        "sequence_lengths .*dim 0 \\(batch\\) differs",
        ins=(X, H, T("i32", (1,), [5]), W, R, B),
        code="S005",
        name="lengths' batch",
    ),
    _e("W .*dim 1 must be 4 \\(hidden_size\\)", ins=(X, H, L, small("f32", (1, 8, 3)), R, B), code="S005"),
    _e(
        "W .*dim 0 must be 1 \\(directions",
        ins=(X, H, L, small("f32", (2, 4, 3)), R, B),
        code="S005",
        name="W with 2 directions for forward",
    ),
    _e("dim 2 \\(input size\\) differs", ins=(X, H, L, small("f32", (1, 4, 2)), R, B), code="S005"),
    _e("R .*dim 2 must be 4 \\(hidden_size\\)", ins=(X, H, L, W, small("f32", (1, 4, 3)), B), code="S005"),
    _e("B .*dim 1 must be 4 \\(hidden_size\\)", ins=(X, H, L, W, R, small("f32", (1, 8))), code="S005"),
    _e("X and R must have one element type", ins=(X, H, L, W, small("bf16", (1, 4, 4)), B), code="S005"),
    _e(
        "X must be f16 or bf16 or f32 or f64",
        ins=(T("i64", (2, 5, 3)), T("i64", (2, 1, 4)), L, T("i64", (1, 4, 3)), T("i64", (1, 4, 4)), T("i64", (1, 4))),
        code="S005",
        name="integer X",
    ),
    _e("sequence_lengths must be of an integer type", ins=(X, H, small("f16", (2,)), W, R, B), code="S005"),
    _e("takes 6 inputs", ins=(X, H, L, W, R), code="O004", name="B left out"),
    # values
    _e(
        "sequence_lengths must be in \\[0, 5\\].*got -1",
        ins=(X, H, T("i32", (2,), [3, -1]), W, R, B),
        code="S005",
        at="run",
        name="negative length",
    ),
    _e(
        "sequence_lengths must be in \\[0, 5\\].*got 9",
        ins=(X, H, T("i64", (2,), [9, 2]), W, R, B),
        code="S005",
        at="run",
        name="length past seq_len",
    ),
    # attributes
    _e("required attribute 'direction'", {"hidden_size": "4", "activations": "tanh"}),
    _e("required attribute 'hidden_size'", {"direction": "forward", "activations": "tanh"}),
    _e("direction", dict(FWD, direction="sideways"), name="unknown direction"),
    _e("hidden_size must be positive", dict(FWD, hidden_size="-4")),
    _e("needs 1 activation", dict(FWD, activations="tanh, tanh")),
    _e("activation 'gelu'", dict(FWD, activations="gelu")),
    _e("clip must not be negative", dict(FWD, clip="-1")),
    _e("activations_alpha/beta must be lists of floats", dict(FWD, activations_beta="0.5, x")),
]

test_cases, test_errors = TABLE.pytest()
