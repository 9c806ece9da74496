"""LSTMSequence-5: cases against the CPU plugin.

Weights and inputs are small multiples of 1/16 (gates away from saturation, so a wrong gate order
or a state not carried shows; ``big_x`` saturates them); the plugin's own sigmoid/tanh differ in
the last bits: rtol/atol. Every compared case names its activations: OpenVINO reads a left-out
one as an empty list, which the CPU plugin cannot compile (the "left out" case)."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import seq, small

TOL = {"rtol": 1e-4, "atol": 1e-4}
HALF = {"rtol": 3e-3, "atol": 3e-3}
BF = {"rtol": 2e-2, "atol": 2e-2}


def lstm(
    et="f32",
    n=2,
    t=4,
    i=3,
    h=5,
    d=1,
    lengths=None,
    const=False,
    zero_h=False,
    big_x=False,
    const_x=False,
    lens_et="i32",
):
    """X, H, C, sequence_lengths, W, R, B."""
    x, hh, lens, w, r, b = seq(et, n, t, i, h, 4, dirs=d, lens=lengths, const_w=const, lens_et=lens_et)
    c = small(et, (n, d, h))
    if zero_h:
        hh, c = (T(et, a.shape, np.zeros(a.shape, np.float32)) for a in (hh, c))
    if big_x:  # multiples of 1/8 in [-8, 8): gates saturate
        x = T(et, x.shape)
    if const_x:
        x, hh, c = (T(et, a.shape, a.values, const=True) for a in (x, hh, c))
    return x, hh, c, lens, w, r, b


def A(direction, h=5, **kw):
    return {"hidden_size": str(h), "direction": direction, "activations": "sigmoid,tanh,tanh", **kw}


def _left_out():
    """Activations and clip left out: with W, R, B and h0 zero every gate is 0, so f = i = o =
    sigmoid(0) = 0.5 and c = tanh(0) = 0: C halves each live step and H = 0.5 tanh(C); the
    row of length 2 stops there, the row of length 0 ends with zero states."""
    c0 = np.array([[[1.5, -2.0, 4.0]], [[0.5, 1.0, -1.0]], [[3.0, 3.0, 3.0]]], np.float32)
    cs = [c0[:, 0] * np.float32(0.5) ** (k + 1) for k in range(3)]
    hs = [np.float32(0.5) * np.tanh(c) for c in cs]
    y = np.stack(hs, axis=1)[:, None]
    y[1, :, 2:] = 0
    y[2] = 0
    ho = np.stack([hs[2][0], hs[1][1], np.zeros(3, np.float32)])[:, None]
    co = np.stack([cs[2][0], cs[1][1], np.zeros(3, np.float32)])[:, None]
    z = np.zeros
    ins = (
        small("f32", (3, 3, 2)),
        T("f32", (3, 1, 3), z((3, 1, 3))),
        T("f32", (3, 1, 3), c0),
        T("i64", (3,), [3, 2, 0]),
        T("f32", (1, 12, 2), z((1, 12, 2))),
        T("f32", (1, 12, 3), z((1, 12, 3))),
        T("f32", (1, 12), z((1, 12))),
    )
    return Case(
        ins,
        {"hidden_size": "3", "direction": "forward"},
        name="activations and clip left out",
        expect=(y, ho, co),
        oracle=False,
        why="OpenVINO reads left-out activations as an empty list; the CPU plugin then fails to "
        "compile (ConvertLSTMSequenceToTensorIterator: vector::_M_range_check)",
    )


TABLE = Table(
    "LSTMSequence",
    "opset5",
    outputs=3,
    cases=[
        _left_out(),
        Case(lstm(), A("forward"), name="forward", **TOL),
        Case(lstm(), A("reverse"), name="reverse", **TOL),
        Case(lstm(d=2), A("bidirectional"), name="bidirectional", **TOL),
        Case(lstm(d=2, const=True), A("bidirectional"), name="bidirectional, constant weights and lengths", **TOL),
        # sequence lengths shorter than seq_len, varying over the batch, 0 (zero Ho and Co), seq_len
        Case(lstm(n=3, lengths=[4, 2, 0]), A("forward"), name="sequence_lengths shorter than seq_len", **TOL),
        Case(lstm(n=3, lengths=[1, 3, 4]), A("reverse"), name="reverse with shorter lengths", **TOL),
        Case(
            lstm(n=3, d=2, lengths=[3, 4, 2], const=True),
            A("bidirectional"),
            name="bidirectional, constant shorter lengths",
            **TOL,
        ),
        Case(
            lstm(n=4, d=2, lengths=[0, 4, 1, 0], lens_et="i64"),
            A("bidirectional"),
            name="bidirectional, i64 lengths 0 and shorter",
            **TOL,
        ),
        Case(lstm(n=2, lengths=[0, 0]), A("reverse"), name="every length 0", **TOL),
        # clip in each direction (the gates' pre-activations; h() takes C unclipped)
        Case(lstm(big_x=True), A("forward", clip="0.25"), name="clip forward", **TOL),
        Case(lstm(big_x=True, n=3, lengths=[4, 1, 3]), A("reverse", clip="1.5"), name="clip reverse, lengths", **TOL),
        Case(lstm(big_x=True, d=2), A("bidirectional", clip="3"), name="clip bidirectional", **TOL),
        Case(lstm(big_x=True, t=8), A("forward"), name="saturating gates, no clip (C grows)", **TOL),
        # activations f (gates), g (candidate), h (output), with alpha and beta (which none takes)
        Case(
            lstm(),
            A("forward", activations="relu,sigmoid,relu", activations_alpha="", activations_beta=""),
            name="activations relu, sigmoid, relu",
            **TOL,
        ),
        Case(lstm(), A("reverse", activations="tanh,relu,sigmoid", clip="0.5"), name="activations and clip", **TOL),
        Case(
            lstm(d=2), A("bidirectional", activations="sigmoid,sigmoid,sigmoid"), name="activations all sigmoid", **TOL
        ),
        Case(lstm(), A("forward", activations="sigmoid,relu,tanh"), name="activations sigmoid, relu, tanh", **TOL),
        Case(
            lstm(),
            A("forward", activations="sigmoid,tanh,relu", activations_alpha="0.5,1,2", activations_beta="3"),
            name="alpha and beta given (unused)",
            **TOL,
        ),
        Case(lstm(), A("reverse", activations="Sigmoid,TANH,tanh"), name="activation names in capitals", **TOL),
        # sizes and states
        # nn.LSTM(3, 5, num_layers=2, bidirectional=True): the second layer reads both directions (2H).
        Case(lstm(n=2, t=6, i=10, d=2), A("bidirectional"), name="PyTorch layer 2 of a bidirectional LSTM", **TOL),
        Case(lstm(n=1, t=1, i=1, h=1), A("forward", h=1), name="all sizes 1", **TOL),
        Case(lstm(n=1, t=6, i=2, h=1, d=2), A("bidirectional", h=1), name="hidden_size 1, bidirectional", **TOL),
        Case(lstm(n=3, t=12, i=6, h=8, lengths=[12, 7, 11]), A("forward", h=8), name="12 steps, hidden_size 8", **TOL),
        Case(lstm(zero_h=True), A("reverse"), name="zero initial states", **TOL),
        Case(
            lstm(const_x=True, n=3, lengths=[1, 4, 2]),
            A("reverse"),
            name="constant X, H and C, run-time lengths",
            **TOL,
        ),
        Case(
            lstm(n=0, lengths=[]),
            A("forward"),
            name="empty batch",
            expect=(np.zeros((0, 1, 4, 5)), np.zeros((0, 1, 5)), np.zeros((0, 1, 5))),
            oracle=False,
            why="the CPU plugin crashes on it (a floating-point exception)",
        ),
        Case(
            lstm(t=0, d=2, lengths=[0, 0]),
            A("bidirectional"),
            name="seq_len 0",
            expect=(np.zeros((2, 2, 0, 5)), np.zeros((2, 2, 5)), np.zeros((2, 2, 5))),
            oracle=False,
            why="the CPU plugin refuses it (TensorIterator: invalid start, stride, end)",
        ),
        # element types (f16 and bf16 compute in f32 and round once)
        Case(lstm("f16", const=True), A("forward"), name="f16", **HALF),
        Case(lstm("f16"), A("reverse", clip="1"), name="f16 reverse with clip", **HALF),
        Case(
            lstm("f16", n=3, d=2, lengths=[2, 4, 0]), A("bidirectional"), name="f16 bidirectional with lengths", **HALF
        ),
        Case(lstm("bf16"), A("forward"), name="bf16", **BF),
        Case(lstm("bf16", n=3, lengths=[3, 1, 4]), A("reverse", clip="2"), name="bf16 reverse, clip, lengths", **BF),
    ],
)
X, H, C, L, W, R, B = lstm()


def _e(match, attrs=None, ins=(X, H, C, L, W, R, B), code="O003", at="lint", **kw):
    return Error(ins, match, A("forward") if attrs is None else attrs, code=code, at=at, **kw)


TABLE.errors = [
    # the shape rule
    _e("X must have rank 3", ins=(small("f32", (2, 4)), H, C, L, W, R, B), code="S005"),
    _e(
        "initial_hidden_state .*dim 1 must be 1 \\(directions",
        ins=lstm(d=2)[:3] + (L, W, R, B),
        code="S005",
        name="two directions for forward",
    ),
    _e(
        "initial_hidden_state .*dim 1 must be 2 \\(directions",
        A("bidirectional"),
        code="S005",
        name="one direction for bidirectional",
    ),
    _e(
        "initial_hidden_state .*dim 2 must be 5 \\(hidden_size\\)",
        A("forward", h=5),
        ins=lstm(h=4),
        code="S005",
        name="hidden_size differs from H",
    ),
    _e(
        "initial_cell_state .*dim 2 must be 5",
        ins=(X, H, small("f32", (2, 1, 4)), L, W, R, B),
        code="S005",
        name="C's hidden size",
    ),
    _e(
        "initial_cell_state .*dim 0 \\(batch\\) differs",
        ins=(X, H, small("f32", (3, 1, 5)), L, W, R, B),
        code="S005",
        name="C's batch",
    ),
    _e(
        "sequence_lengths .*dim 0 \\(batch\\) differs",
        ins=(X, H, C, T("i32", (3,), [4, 4, 4]), W, R, B),
        code="S005",
        name="batch differs",
    ),
    _e(
        "W .*dim 1 must be 20 \\(4 \\* hidden_size\\)",
        ins=(X, H, C, L, small("f32", (1, 15, 3)), R, B),
        code="S005",
        name="W with 3 gates",
    ),
    _e("W .*dim 2 \\(input size\\) differs", ins=(X, H, C, L, small("f32", (1, 20, 4)), R, B), code="S005"),
    _e("R .*dim 2 must be 5 \\(hidden_size\\)", ins=(X, H, C, L, W, small("f32", (1, 20, 4)), B), code="S005"),
    _e("B .*dim 1 must be 20", ins=(X, H, C, L, W, R, small("f32", (1, 15))), code="S005"),
    _e(
        "X and C|X and initial_cell_state must have one element type",
        ins=(X, H, small("f16", (2, 1, 5)), L, W, R, B),
        code="S005",
        name="C f16 with X f32",
    ),
    _e(
        "X must be f16 or bf16 or f32 or f64",
        ins=(T("i32", (2, 4, 3)),)
        + tuple(T("i32", a.shape) for a in (H, C))
        + (L,)
        + tuple(T("i32", a.shape) for a in (W, R, B)),
        code="S005",
        name="integer X",
    ),
    _e("sequence_lengths must be of an integer type", ins=(X, H, C, small("f32", (2,)), W, R, B), code="S005"),
    _e("takes 7 inputs", ins=(X, H, C, L, W, R), code="O004", name="B left out"),
    # values
    _e(
        r"sequence_lengths must be in \[0, 4\].*got 5",
        ins=(X, H, C, T("i32", (2,), [4, 5]), W, R, B),
        code="S005",
        at="run",
        name="length past seq_len",
    ),
    _e(
        r"sequence_lengths must be in \[0, 4\].*got -2",
        ins=(X, H, C, T("i64", (2,), [-2, 0]), W, R, B),
        code="S005",
        at="run",
        name="negative length",
    ),
    # attributes
    _e("direction", A("sideways"), name="unknown direction"),
    _e("required attribute 'direction'", {"hidden_size": "5", "activations": "sigmoid,tanh,tanh"}),
    _e("required attribute 'hidden_size'", {"direction": "forward"}),
    _e("hidden_size must be positive", A("forward", h=0)),
    _e("needs 3 activation", A("forward", activations="sigmoid,tanh")),
    _e("activation 'softsign'", A("forward", activations="sigmoid,softsign,tanh"), name="unknown activation"),
    _e("clip must not be negative", A("forward", clip="-0.25")),
    _e("clip must not be negative", A("forward", clip="nan"), name="clip NaN"),
    _e("activations_alpha/beta must be lists of floats", A("forward", activations_alpha="a,b")),
]

test_cases, test_errors = TABLE.pytest()
