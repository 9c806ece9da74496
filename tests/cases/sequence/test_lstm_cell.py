"""LSTMCell-1 and LSTMCell-4: cases against the CPU plugin.

Weights and inputs are small multiples of 1/16 (gates away from saturation, so a wrong gate
order shows; ``big_x`` saturates them); the plugin's own sigmoid/tanh differ in the last bits:
rtol/atol."""

import numpy as np

from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import small

TOL = {"rtol": 1e-4, "atol": 1e-4}
BOTH = ("opset1", "opset4")


def cell(n=2, i=3, h=5, et="f32", const=False, peep=False, bias=True, zero_h=False, big_x=False, const_x=False):
    """X, H, C, W, R (B, P)."""
    x = T(et, (n, i)) if big_x else small(et, (n, i), const_x)
    hc = tuple(T(et, (n, h), np.zeros((n, h), np.float32)) if zero_h else small(et, (n, h), const_x) for _ in "hc")
    ins = (x,) + hc + (small(et, (4 * h, i), const), small(et, (4 * h, h), const))
    return ins + ((small(et, (4 * h,), const),) if bias else ()) + ((small(et, (3 * h,)),) if peep else ())


def A(h=5, **kw):
    # activations are written out: OpenVINO reads a left-out one as an empty list, which the
    # CPU plugin cannot compile (see the "left out" case).
    return {"hidden_size": str(h), "activations": "sigmoid,tanh,tanh", **kw}


def _defaults_case(version):
    """Activations and clip left out: with X, W, R, B and H zero every gate is 0, so f = i = o =
    sigmoid(0) = 0.5 and c = tanh(0) = 0: Co = C / 2 and Ho = 0.5 tanh(Co)."""
    c0 = np.array([[1.5, -2.0, 4.0]], np.float32)
    co = c0 * np.float32(0.5)
    z = np.zeros
    ins = (
        T("f32", (1, 2), z((1, 2))),
        T("f32", (1, 3), z((1, 3))),
        T("f32", (1, 3), c0),
        T("f32", (12, 2), z((12, 2))),
        T("f32", (12, 3), z((12, 3))),
        T("f32", (12,), z(12)),
    )
    return Case(
        ins,
        {"hidden_size": "3"},
        versions=(version,),
        name=f"defaults left out ({version})",
        expect=(np.float32(0.5) * np.tanh(co), co),
        oracle=False,
        why="OpenVINO reads left-out activations as an empty list; the CPU plugin then fails to compile the cell",
    )


TABLE = Table(
    "LSTMCell",
    BOTH,
    outputs=2,
    cases=[
        _defaults_case("opset1"),
        _defaults_case("opset4"),
        Case(cell(), A(), name="sigmoid, tanh, tanh", **TOL),
        Case(cell(const=True), A(), name="constant weights", **TOL),
        Case(cell(const_x=True), A(), name="constant X, H and C, run-time weights", **TOL),
        Case(cell(zero_h=True), A(), name="zero initial states", **TOL),
        Case(cell(big_x=True), A(clip="0.25"), name="clip", **TOL),
        Case(
            cell(big_x=True),
            A(clip="2.5", activations="tanh,sigmoid,relu"),
            name="clip 2.5 with other activations",
            **TOL,
        ),
        Case(cell(big_x=True), A(), name="saturating gates, no clip", **TOL),
        Case(cell(), A(activations="relu,sigmoid,tanh"), name="activations relu, sigmoid, tanh", **TOL),
        Case(
            cell(),
            A(activations="tanh,relu,sigmoid", clip="0.5", activations_alpha="", activations_beta=""),
            name="activations and clip",
            **TOL,
        ),
        Case(
            cell(),
            A(activations="sigmoid,tanh,relu", activations_alpha="1.5", activations_beta="0.5, 2"),
            name="alpha and beta given (unused)",
            **TOL,
        ),
        Case(cell(), A(activations="SIGMOID,Tanh,tanh"), name="activation names in capitals", **TOL),
        Case(cell(n=1, i=1, h=1), A(h=1), name="all sizes 1", **TOL),
        Case(cell(n=4, i=7, h=8), A(h=8), name="batch 4, input 7, hidden_size 8", **TOL),
        Case(
            cell(n=0),
            A(),
            name="empty batch",
            expect=(np.zeros((0, 5), np.float32),) * 2,
            oracle=False,
            why="the CPU plugin cannot compile it (object is not initialized)",
        ),
        Case(cell(et="f16"), A(), name="f16", rtol=3e-3, atol=3e-3),
        Case(cell(et="f16", const=True), A(clip="1"), name="f16 clip, constant weights", rtol=3e-3, atol=3e-3),
        Case(cell(et="bf16"), A(), name="bf16", rtol=2e-2, atol=2e-2),
        # LSTMCell-1 only: B may be left out (zeros); OpenVINO reads peepholes, input_forget and
        # weights_format, which the spec does not have; the plugin ignores them (a wrong order or P
        # applied would differ here).
        Case(cell(bias=False), A(), versions=("opset1",), name="B left out", **TOL),
        Case(cell(peep=True), A(), versions=("opset1",), name="peepholes ignored", **TOL),
        Case(cell(), A(input_forget="true"), versions=("opset1",), name="input_forget ignored", **TOL),
        Case(
            cell(),
            A(weights_format="iofc", input_forget="false"),
            versions=("opset1",),
            name="weights_format iofc ignored",
            **TOL,
        ),
    ],
)

X, H, Cs, W, R, B = cell()
P = small("f32", (15,))


def _e(match, attrs=None, ins=(X, H, Cs, W, R, B), code="O003", at="lint", **kw):
    return Error(ins, match, A() if attrs is None else attrs, code=code, at=at, **kw)


TABLE.errors = [
    # the shape rule
    _e(
        "initial_hidden_state .*dim 1 must be 5 \\(hidden_size\\)",
        ins=cell(h=4),
        code="S005",
        name="hidden_size differs from H",
    ),
    _e(
        "initial_hidden_state .*dim 0 \\(batch\\) differs",
        ins=(small("f32", (3, 3)),) + cell()[1:],
        code="S005",
        name="batch differs",
    ),
    _e(
        "initial_cell_state .*dim 1 must be 5",
        ins=(X, H, small("f32", (2, 6)), W, R, B),
        code="S005",
        name="C's hidden size",
    ),
    _e("X must have rank 2", ins=(small("f32", (2, 3, 1)),) + cell()[1:], code="S005"),
    _e(
        "W .*dim 1 \\(input size\\) differs",
        ins=(X, H, Cs, small("f32", (20, 4)), R, B),
        code="S005",
        name="input size differs",
    ),
    _e(
        "W .*dim 0 must be 20 \\(4 \\* hidden_size\\)",
        ins=(X, H, Cs, small("f32", (15, 3)), R, B),
        code="S005",
        name="W with 3 gates",
    ),
    _e("R .*dim 1 must be 5", ins=(X, H, Cs, W, small("f32", (20, 4)), B), code="S005"),
    _e("B .*dim 0 must be 20", ins=(X, H, Cs, W, R, small("f32", (15,))), code="S005"),
    _e(
        "P .*dim 0 must be 15 \\(3 \\* hidden_size\\)",
        ins=(X, H, Cs, W, R, B, small("f32", (20,))),
        code="S005",
        versions=("opset1",),
        name="P of 4 gates",
    ),
    _e("X and W must have one element type", ins=(X, H, Cs, small("f16", (20, 3)), R, B), code="S005"),
    _e(
        "X must be f16 or bf16 or f32 or f64",
        ins=tuple(T("i32", a.shape) for a in (X, H, Cs, W, R, B)),
        code="S005",
        name="integer X",
    ),
    _e(
        "takes 6 inputs, the layer declares 5",
        ins=(X, H, Cs, W, R),
        code="O004",
        versions=("opset4",),
        name="B left out (LSTMCell-4)",
    ),
    _e(
        "takes 6 inputs, the layer declares 7",
        ins=(X, H, Cs, W, R, B, P),
        code="O004",
        versions=("opset4",),
        name="P given to LSTMCell-4",
    ),
    # attributes
    _e("required attribute 'hidden_size'", {"activations": "sigmoid,tanh,tanh"}),
    _e("needs 3 activation", A(activations="sigmoid,tanh")),
    _e("activation 'elu'", A(activations="sigmoid,elu,tanh")),
    _e("hidden_size must be positive", A(h=0)),
    _e("clip must not be negative", A(clip="-1")),
    _e("activations_alpha/beta must be lists of floats", A(activations_beta="none")),
    _e("weights_format", A(weights_format="abcd"), versions=("opset1",)),
    _e("input_forget", A(input_forget="sometimes"), versions=("opset1",)),
]

test_cases, test_errors = TABLE.pytest()
