"""GRUSequence-5: cases against the CPU plugin.

Every compared case names its activations: OpenVINO reads a layer without the attribute as an
empty list, and the plugin's ConvertGRUSequenceToTensorIterator pass then throws
("vector::_M_range_check") instead of using the spec's default "sigmoid, tanh" (irexec uses the
default: the "left out" case).
"""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import seq, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HALF = {"rtol": 1e-2, "atol": 1e-2}
BF = {"rtol": 3e-2, "atol": 3e-2}
FWD, REV, BI = (
    {"hidden_size": "4", "direction": d, "activations": "sigmoid, tanh"}
    for d in ("forward", "reverse", "bidirectional")
)
LBR = {"linear_before_reset": "true"}


def g(et="f32", n=2, t=5, i=3, hs=4, zero_h=False, big_x=False, const_x=False, **kw):
    x, h, lens, w, r, b = seq(et, n, t, i, hs, 3, **kw)
    if zero_h:
        h = T(et, h.shape, np.zeros(h.shape, np.float32))
    if big_x:  # multiples of 1/8 in [-8, 8): gates saturate, sigmoid(-x) for large x
        x = T(et, x.shape)
    if const_x:
        x, h = T(et, x.shape, x.values, const=True), T(et, h.shape, h.values, const=True)
    return x, h, lens, w, r, b


def _left_out():
    """activations, clip and linear_before_reset left out: with W, R and B zero, z = r =
    sigmoid(0) = 0.5 and h~ = tanh(0) = 0, so each live step halves H."""
    h0 = np.array([[[1.5, -2.0]], [[4.0, 0.25]]], np.float32)
    z = np.zeros
    ins = (
        small("f32", (2, 3, 2)),
        T("f32", (2, 1, 2), h0),
        T("i32", (2,), [3, 1]),
        T("f32", (1, 6, 2), z((1, 6, 2))),
        T("f32", (1, 6, 2), z((1, 6, 2))),
        T("f32", (1, 6), z((1, 6))),
    )
    y = np.stack([h0[:, 0] * np.float32(0.5) ** (k + 1) for k in range(3)], axis=1)[:, None]
    y[1, :, 1:] = 0
    ho = np.stack([y[0, :, 2], y[1, :, 0]])
    return Case(
        ins,
        {"hidden_size": "2", "direction": "forward"},
        name="activations, clip, lbr left out",
        expect=(y, ho),
        oracle=False,
        why="OpenVINO reads left-out activations as an empty list; the CPU plugin then fails to "
        "compile (ConvertGRUSequenceToTensorIterator: vector::_M_range_check)",
    )


TABLE = Table(
    "GRUSequence",
    "opset5",
    outputs=2,
    cases=[
        _left_out(),
        Case(g(), FWD, name="forward, linear_before_reset left out", **TOL),
        Case(g(), REV, name="reverse", **TOL),
        Case(g(dirs=2), BI, name="bidirectional", **TOL),
        Case(g(bias_rows=4), dict(FWD, **LBR), name="linear_before_reset forward", **TOL),
        Case(g(bias_rows=4), dict(REV, **LBR), name="linear_before_reset reverse", **TOL),
        Case(
            g(dirs=2, bias_rows=4, const_w=True),
            dict(BI, **LBR),
            name="PyTorch nn.GRU: bidirectional, linear_before_reset, constant weights and lengths",
            **TOL,
        ),
        Case(g(), dict(REV, linear_before_reset="false"), name="linear_before_reset false", **TOL),
        # sequence lengths shorter than seq_len, varying over the batch, 0 (zero Ho), seq_len
        Case(g(n=3, lens=[5, 2, 0]), FWD, name="sequence_lengths shorter, and 0", **TOL),
        Case(g(n=3, lens=[3, 5, 1], dirs=2), BI, name="bidirectional with shorter lengths", **TOL),
        Case(
            g(n=3, lens=[4, 1, 2], bias_rows=4, lens_et="i64"),
            dict(REV, **LBR),
            name="reverse, lbr, i64 lengths",
            **TOL,
        ),
        Case(
            g(n=4, lens=[0, 5, 3, 0], dirs=2, bias_rows=4),
            dict(BI, **LBR),
            name="bidirectional, lbr, lengths 0 and shorter",
            **TOL,
        ),
        Case(g(n=3, lens=[2, 4, 1], const_w=True), REV, name="reverse, constant lengths shorter", **TOL),
        Case(g(n=2, lens=[0, 0]), REV, name="every length 0", **TOL),
        # clip, with and without linear_before_reset, in each direction
        Case(g(big_x=True), dict(FWD, clip="0.5"), name="clip forward", **TOL),
        Case(g(big_x=True, bias_rows=4), dict(REV, clip="1.5", **LBR), name="clip reverse, lbr", **TOL),
        Case(g(big_x=True, dirs=2, n=3, lens=[5, 3, 4]), dict(BI, clip="2"), name="clip bidirectional, lengths", **TOL),
        Case(g(big_x=True), FWD, name="saturating gates, no clip", **TOL),
        # activations (f for z and r, g for h~), with alpha and beta (which none of them takes)
        Case(
            g(),
            dict(FWD, activations="tanh, relu", activations_alpha="", activations_beta=""),
            name="activations tanh, relu",
            **TOL,
        ),
        Case(
            g(bias_rows=4), dict(REV, activations="relu, sigmoid", **LBR), name="activations relu, sigmoid, lbr", **TOL
        ),
        Case(g(dirs=2), dict(BI, activations="sigmoid, sigmoid"), name="activations sigmoid, sigmoid", **TOL),
        Case(g(), dict(FWD, activations="relu, relu", clip="1"), name="activations relu, relu with clip", **TOL),
        Case(
            g(),
            dict(FWD, activations="tanh, tanh", activations_alpha="0.5, 2", activations_beta="1, -3"),
            name="alpha and beta given (unused)",
            **TOL,
        ),
        Case(g(), dict(REV, activations="Sigmoid, Tanh"), name="activation names in capitals", **TOL),
        # sizes and states
        Case(g(n=1, t=1, i=1, hs=1), dict(FWD, hidden_size="1"), name="all dims 1", **TOL),
        Case(g(n=1, t=7, i=2, hs=1, dirs=2), dict(BI, hidden_size="1"), name="hidden_size 1, bidirectional", **TOL),
        Case(
            g(n=3, t=12, i=6, hs=8, lens=[12, 7, 11]), dict(FWD, hidden_size="8"), name="12 steps, hidden_size 8", **TOL
        ),
        Case(g(zero_h=True, bias_rows=4), dict(FWD, **LBR), name="zero initial state", **TOL),
        Case(g(const_x=True, n=3, lens=[1, 5, 2]), REV, name="constant X and H, run-time lengths", **TOL),
        Case(
            g(n=0, lens=[]),
            FWD,
            name="empty batch",
            expect=(np.zeros((0, 1, 5, 4)), np.zeros((0, 1, 4))),
            oracle=False,
            why="the CPU plugin crashes on it (a floating-point exception)",
        ),
        Case(
            g(t=0, dirs=2, lens=[0, 0]),
            BI,
            name="seq_len 0",
            expect=(np.zeros((2, 2, 0, 4)), np.zeros((2, 2, 4))),
            oracle=False,
            why="the CPU plugin refuses it (TensorIterator: invalid start, stride, end)",
        ),
        # element types (f16 and bf16 compute in f32 and round once)
        Case(g("f16", dirs=2), BI, name="f16 bidirectional", **HALF),
        Case(
            g("f16", n=3, lens=[2, 5, 0], bias_rows=4),
            dict(REV, clip="0.75", **LBR),
            name="f16 reverse, lbr, clip",
            **HALF,
        ),
        Case(g("bf16", bias_rows=4), dict(FWD, activations="sigmoid,tanh", **LBR), name="bf16", **BF),
        Case(
            g("bf16", n=3, lens=[3, 1, 5], dirs=2, const_w=True), BI, name="bf16 bidirectional, constant weights", **BF
        ),
    ],
)
X, H, L, W, R, B = g()


def _e(match, attrs=FWD, ins=(X, H, L, W, R, B), code="O003", at="lint", **kw):
    return Error(ins, match, attrs, code=code, at=at, **kw)


TABLE.errors = [
    # the shape rule
    _e("X must have rank 3", ins=(small("f32", (2, 5)), H, L, W, R, B), code="S005"),
    _e(
        "initial_hidden_state .*dim 1 must be 1",
        ins=(X, small("f32", (2, 2, 4)), L, W, R, B),
        code="S005",
        name="H with 2 directions for forward",
    ),
    _e("initial_hidden_state .*dim 1 must be 2", BI, code="S005", name="1 direction for bidirectional"),
    _e(
        "initial_hidden_state .*dim 2 must be 4",
        ins=(X, small("f32", (2, 1, 5)), L, W, R, B),
        code="S005",
        name="H's hidden size",
    ),
    _e(
        "initial_hidden_state .*dim 0 \\(batch\\) differs",
        ins=(X, small("f32", (3, 1, 4)), L, W, R, B),
        code="S005",
        name="H's batch",
    ),
    _e(
        "sequence_lengths .*dim 0 \\(batch\\) differs",
        ins=(X, H, T("i32", (3,), [5, 5, 5]), W, R, B),
        code="S005",
        name="lengths' batch",
    ),
    _e("sequence_lengths must have rank 1", ins=(X, H, T("i32", (2, 1), [5, 5]), W, R, B), code="S005"),
    _e("dim 2 \\(input size\\) differs", ins=(X, H, L, small("f32", (1, 12, 5)), R, B), code="S005"),
    _e(
        "W .*dim 1 must be 12 \\(3 \\* hidden_size\\)",
        ins=(X, H, L, small("f32", (1, 16, 3)), R, B),
        code="S005",
        name="W with 4 gates",
    ),
    _e("R .*dim 2 must be 4 \\(hidden_size\\)", ins=(X, H, L, W, small("f32", (1, 12, 3)), B), code="S005"),
    _e(
        "B .*dim 1 must be 16 \\(4 \\* hidden_size\\)",
        dict(FWD, **LBR),
        code="S005",
        name="3-row B with linear_before_reset",
    ),
    _e(
        "B .*dim 1 must be 12 \\(3 \\* hidden_size\\)",
        ins=(X, H, L, W, R, small("f32", (1, 16))),
        code="S005",
        name="4-row B without linear_before_reset",
    ),
    _e("B must have rank 2", ins=(X, H, L, W, R, small("f32", (12,))), code="S005"),
    _e(
        "X and W must have one element type",
        ins=(X, H, L, small("f16", (1, 12, 3)), R, B),
        code="S005",
        name="W f16 with X f32",
    ),
    _e(
        "X must be f16 or bf16 or f32 or f64",
        ins=(
            T("i32", (2, 5, 3)),
            T("i32", (2, 1, 4)),
            L,
            T("i32", (1, 12, 3)),
            T("i32", (1, 12, 4)),
            T("i32", (1, 12)),
        ),
        code="S005",
        name="integer X",
    ),
    _e("sequence_lengths must be of an integer type", ins=(X, H, small("f32", (2,)), W, R, B), code="S005"),
    _e("takes 6 inputs", ins=(X, H, L, W, R), code="O004", name="B left out"),
    # values
    _e(
        "sequence_lengths must be in \\[0, 5\\].*got 6",
        ins=(X, H, T("i32", (2,), [6, 1]), W, R, B),
        code="S005",
        at="run",
        name="length past seq_len",
    ),
    _e(
        "sequence_lengths must be in \\[0, 5\\].*got -1",
        ins=(X, H, T("i64", (2,), [3, -1]), W, R, B),
        code="S005",
        at="run",
        name="negative length",
    ),
    # attributes
    _e("required attribute 'direction'", {"hidden_size": "4", "activations": "sigmoid, tanh"}),
    _e("required attribute 'hidden_size'", {"direction": "forward", "activations": "sigmoid, tanh"}),
    _e("direction", dict(FWD, direction="sideways"), name="unknown direction"),
    _e("hidden_size must be positive", dict(FWD, hidden_size="0")),
    _e("needs 2 activation", dict(FWD, activations="tanh")),
    _e("needs 2 activation", dict(FWD, activations="sigmoid, tanh, tanh"), name="three activations"),
    _e("activation 'softsign'", dict(FWD, activations="sigmoid, softsign")),
    _e(
        "activation 'hardsigmoid'",
        dict(FWD, activations="hardsigmoid, tanh"),
        name="hardsigmoid (the plugin refuses it too)",
    ),
    _e("clip must not be negative", dict(FWD, clip="-0.5")),
    _e("activations_alpha/beta must be lists of floats", dict(FWD, activations_alpha="one")),
    _e("linear_before_reset", dict(FWD, linear_before_reset="maybe"), name="linear_before_reset not a bool"),
]

test_cases, test_errors = TABLE.pytest()
