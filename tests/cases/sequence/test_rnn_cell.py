"""RNNCell-1 (key "opset1"): cases against the CPU plugin. An empty batch the plugin cannot
compile ("object is not initialized")."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import cell, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HS = {"hidden_size": "4"}


def r(et="f32", n=2, i=3, hs=4, zero_h=False, big_x=False, const_x=False, **kw):
    x, h, *rest = cell(et, n, i, hs, 1, **kw)
    if zero_h:
        h = T(et, h.shape, np.zeros(h.shape, np.float32))
    if big_x:  # multiples of 1/8 in [-8, 8): the activation saturates
        x = T(et, x.shape)
    if const_x:
        x, h = T(et, x.shape, x.values, const=True), T(et, h.shape, h.values, const=True)
    return (x, h, *rest)


TABLE = Table(
    "RNNCell",
    "opset1",
    cases=[
        Case(r(), HS, name="defaults", **TOL),
        Case(r(const_w=True), dict(HS, activations="tanh", clip="0.5"), name="clip, constant weights", **TOL),
        Case(r(const_x=True), HS, name="constant X and H, run-time weights", **TOL),
        Case(r(zero_h=True), HS, name="zero initial state", **TOL),
        Case(r(big_x=True), dict(HS, clip="1.5"), name="clip 1.5", **TOL),
        Case(r(big_x=True), HS, name="saturating, no clip", **TOL),
        Case(r(), dict(HS, activations="relu", activations_alpha="", activations_beta=""), name="relu", **TOL),
        Case(r(big_x=True), dict(HS, activations="relu", clip="2"), name="relu with clip", **TOL),
        Case(r(), dict(HS, activations="sigmoid"), name="sigmoid", **TOL),
        Case(r(big_x=True), dict(HS, activations="sigmoid", clip="0.25"), name="sigmoid with clip", **TOL),
        Case(
            r(),
            dict(HS, activations="tanh", activations_alpha="0.5", activations_beta="-1"),
            name="alpha and beta given (unused)",
            **TOL,
        ),
        Case(r(), dict(HS, activations="Sigmoid"), name="activation name in capitals", **TOL),
        Case(r(n=1, i=1, hs=1), {"hidden_size": "1"}, name="all dims 1", **TOL),
        Case(r(n=3, i=5, hs=2), {"hidden_size": "2"}, name="input_size 5, hidden_size 2", **TOL),
        Case(r(n=6, i=4, hs=9), {"hidden_size": "9"}, name="batch 6, hidden_size 9", **TOL),
        Case(
            r(n=0),
            HS,
            name="empty batch",
            expect=(np.zeros((0, 4), np.float32),),
            oracle=False,
            why="the CPU plugin cannot compile it (object is not initialized)",
        ),
        Case(r("f16"), HS, name="f16", rtol=1e-2, atol=1e-2),
        Case(
            r("f16", big_x=True, const_w=True),
            dict(HS, clip="3"),
            name="f16 clip, constant weights",
            rtol=1e-2,
            atol=1e-2,
        ),
        Case(r("bf16"), HS, name="bf16", rtol=3e-2, atol=3e-2),
    ],
)
X, H, W, R, B = r()


def _e(match, attrs=HS, ins=(X, H, W, R, B), code="O003", at="lint", **kw):
    return Error(ins, match, attrs, code=code, at=at, **kw)


TABLE.errors = [
    # the shape rule
    _e("takes 5 inputs", ins=(X, H, W, R), code="O004", name="B left out"),
    _e("X must have rank 2", ins=(small("f32", (3,)), H, W, R, B), code="S005"),
    _e("dim 0 \\(batch\\) differs", ins=(X, small("f32", (3, 4)), W, R, B), code="S005"),
    _e("initial_hidden_state .*dim 1 must be 4 \\(hidden_size\\)", ins=(X, small("f32", (2, 3)), W, R, B), code="S005"),
    _e("W .*dim 0 must be 4 \\(hidden_size\\)", ins=(X, H, small("f32", (5, 3)), R, B), code="S005"),
    _e("W .*dim 1 \\(input size\\) differs", ins=(X, H, small("f32", (4, 2)), R, B), code="S005"),
    _e("R .*dim 1 must be 4 \\(hidden_size\\)", ins=(X, H, W, small("f32", (4, 5)), B), code="S005"),
    _e("B must have rank 1", ins=(X, H, W, R, small("f32", (4, 1))), code="S005"),
    _e("X and B must have one element type", ins=(X, H, W, R, small("f16", (4,))), code="S005"),
    _e(
        "X must be f16 or bf16 or f32 or f64",
        ins=tuple(T("i64", a.shape) for a in (X, H, W, R, B)),
        code="S005",
        name="integer X",
    ),
    # attributes
    _e("required attribute 'hidden_size'", {"activations": "tanh"}),
    _e("hidden_size must be positive", {"hidden_size": "-1"}),
    _e("activation 'gelu'", dict(HS, activations="gelu")),
    _e("needs 1 activation", dict(HS, activations="tanh, sigmoid")),
    _e("clip must not be negative", dict(HS, clip="-1")),
    _e("activations_alpha/beta must be lists of floats", dict(HS, activations_alpha="[1]")),
]

test_cases, test_errors = TABLE.pytest()
