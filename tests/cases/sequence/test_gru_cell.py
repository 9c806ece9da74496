"""GRUCell-3: cases against the CPU plugin.

B is given in every compared case: the plugin cannot compile a GRUCell without it (OpenVINO
2026.4 throws "Check 'i < m_inputs.size()' failed ... index '4' out of range"); irexec uses zeros
(the "B left out" case). An empty batch the plugin cannot compile either ("object is not
initialized")."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import cell, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HS = {"hidden_size": "4"}
LBR = {"hidden_size": "4", "linear_before_reset": "true"}


def g(et="f32", n=2, i=3, hs=4, zero_h=False, big_x=False, const_x=False, **kw):
    x, h, *rest = cell(et, n, i, hs, 3, **kw)
    if zero_h:
        h = T(et, h.shape, np.zeros(h.shape, np.float32))
    if big_x:  # multiples of 1/8 in [-8, 8): gates saturate
        x = T(et, x.shape)
    if const_x:
        x, h = T(et, x.shape, x.values, const=True), T(et, h.shape, h.values, const=True)
    return (x, h, *rest)


def _no_bias():
    """B left out: zeros. With W and R zero, z = r = 0.5 and h~ = 0: Ho = H / 2."""
    h0 = np.array([[1.5, -2.0], [0.25, 8.0]], np.float32)
    z = np.zeros
    ins = (small("f32", (2, 3)), T("f32", (2, 2), h0), T("f32", (6, 3), z((6, 3))), T("f32", (6, 2), z((6, 2))))
    return Case(
        ins,
        {"hidden_size": "2"},
        name="B left out",
        expect=(h0 / 2,),
        oracle=False,
        why="the CPU plugin cannot compile a GRUCell without B (index '4' out of range)",
    )


TABLE = Table(
    "GRUCell",
    "opset3",
    cases=[
        _no_bias(),
        Case(g(), HS, name="defaults", **TOL),
        Case(g(bias_rows=4), LBR, name="linear_before_reset", **TOL),
        Case(g(bias_rows=4, const_w=True), LBR, name="linear_before_reset, constant weights", **TOL),
        Case(
            g(const_w=True),
            dict(HS, linear_before_reset="false"),
            name="linear_before_reset false, constant weights",
            **TOL,
        ),
        Case(g(const_x=True, bias_rows=4), LBR, name="constant X and H, run-time weights", **TOL),
        Case(g(zero_h=True), HS, name="zero initial state", **TOL),
        Case(g(big_x=True), dict(HS, linear_before_reset="false", clip="0.5"), name="clip", **TOL),
        Case(g(big_x=True, bias_rows=4), dict(LBR, clip="1.25"), name="clip with linear_before_reset", **TOL),
        Case(g(big_x=True), HS, name="saturating gates, no clip", **TOL),
        Case(
            g(),
            dict(HS, activations="tanh, relu", activations_alpha="", activations_beta=""),
            name="activations tanh, relu",
            **TOL,
        ),
        Case(g(bias_rows=4), dict(LBR, activations="relu, sigmoid"), name="activations relu, sigmoid, lbr", **TOL),
        Case(
            g(),
            dict(HS, activations="sigmoid, sigmoid", activations_alpha="0.5, 1", activations_beta="2"),
            name="alpha and beta given (unused)",
            **TOL,
        ),
        Case(g(), dict(HS, activations="Tanh, SIGMOID"), name="activation names in capitals", **TOL),
        Case(g(n=1, i=1, hs=1), {"hidden_size": "1"}, name="all dims 1", **TOL),
        Case(g(n=5, i=7, hs=8, bias_rows=4), dict(LBR, hidden_size="8"), name="batch 5, input 7, hidden_size 8", **TOL),
        Case(
            g(n=0),
            HS,
            name="empty batch",
            expect=(np.zeros((0, 4), np.float32),),
            oracle=False,
            why="the CPU plugin cannot compile it (object is not initialized)",
        ),
        Case(g("f16", bias_rows=4), LBR, name="f16", rtol=1e-2, atol=1e-2),
        Case(g("f16", big_x=True), dict(HS, clip="2"), name="f16 clip", rtol=1e-2, atol=1e-2),
        Case(g("bf16"), HS, name="bf16", rtol=3e-2, atol=3e-2),
    ],
)
X, H, W, R, B = g()


def _e(match, attrs=HS, ins=(X, H, W, R, B), code="O003", at="lint", **kw):
    return Error(ins, match, attrs, code=code, at=at, **kw)


TABLE.errors = [
    # the shape rule
    _e("X must have rank 2", ins=(small("f32", (2, 3, 1)), H, W, R, B), code="S005"),
    _e("initial_hidden_state .*dim 1 must be 4", ins=(X, small("f32", (2, 5)), W, R, B), code="S005"),
    _e("initial_hidden_state .*dim 0 \\(batch\\) differs", ins=(X, small("f32", (3, 4)), W, R, B), code="S005"),
    _e("dim 1 \\(input size\\) differs", ins=(X, H, small("f32", (12, 5)), R, B), code="S005"),
    _e("W .*dim 0 must be 12 \\(3 \\* hidden_size\\)", ins=(X, H, small("f32", (16, 3)), R, B), code="S005"),
    _e("R .*dim 1 must be 4", ins=(X, H, W, small("f32", (12, 3)), B), code="S005"),
    _e("B .*must be 16 \\(4 \\* hidden_size\\)", LBR, code="S005", name="3-row B with linear_before_reset"),
    _e(
        "B .*must be 12 \\(3 \\* hidden_size\\)",
        ins=(X, H, W, R, small("f32", (16,))),
        code="S005",
        name="4-row B without linear_before_reset",
    ),
    _e("X and R must have one element type", ins=(X, H, W, small("f16", (12, 4)), B), code="S005"),
    _e(
        "X must be f16 or bf16 or f32 or f64",
        ins=tuple(T("i32", a.shape) for a in (X, H, W, R, B)),
        code="S005",
        name="integer X",
    ),
    _e("takes 4 to 5 inputs", ins=(X, H, W), code="O004", name="R left out"),
    # attributes
    _e("required attribute 'hidden_size'", {}),
    _e("hidden_size must be positive", {"hidden_size": "0"}),
    _e("needs 2 activation", dict(HS, activations="tanh")),
    _e(
        "activation 'hardsigmoid'",
        dict(HS, activations="hardsigmoid, tanh"),
        name="hardsigmoid (the plugin refuses it too)",
    ),
    _e("clip must not be negative", dict(HS, clip="-2")),
    _e("activations_alpha/beta must be lists of floats", dict(HS, activations_alpha="0.5;1")),
]

test_cases, test_errors = TABLE.pytest()
