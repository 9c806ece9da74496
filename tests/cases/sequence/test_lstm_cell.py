"""LSTMCell-1 and LSTMCell-4: cases against the CPU plugin.

Weights and inputs are small multiples of 1/16 (gates away from saturation, so a wrong gate
order shows); the plugin's own sigmoid/tanh differ in the last bits: rtol/atol."""
import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-4, "atol": 1e-4}
BOTH = ("opset1", "opset4")
_rng = np.random.default_rng(4)


def v(et, shape, const=False):
    return T(et, shape, (_rng.integers(-16, 16, shape) / 16).astype(np.float32), const=const)


def cell(n=2, i=3, h=5, et="f32", const=False, peep=False):
    ins = (v(et, (n, i)), v(et, (n, h)), v(et, (n, h)), v(et, (4 * h, i), const), v(et, (4 * h, h), const),
           v(et, (4 * h,), const))
    return ins + ((v(et, (3 * h,)),) if peep else ())


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
    ins = (T("f32", (1, 2), z((1, 2))), T("f32", (1, 3), z((1, 3))), T("f32", (1, 3), c0),
           T("f32", (12, 2), z((12, 2))), T("f32", (12, 3), z((12, 3))), T("f32", (12,), z(12)))
    return Case(ins, {"hidden_size": "3"}, versions=(version,), name=f"defaults left out ({version})",
                expect=(np.float32(0.5) * np.tanh(co), co), oracle=False,
                why="OpenVINO reads left-out activations as an empty list; the CPU plugin then fails to "
                    "compile the cell")


TABLE = Table("LSTMCell", BOTH, outputs=2, cases=[
    _defaults_case("opset1"), _defaults_case("opset4"),
    Case(cell(), A(), name="sigmoid, tanh, tanh", **TOL),
    Case(cell(const=True), A(), name="constant weights", **TOL),
    Case(cell(), A(clip="0.25"), name="clip", **TOL),
    Case(cell(), A(activations="relu,sigmoid,tanh"), name="activations relu, sigmoid, tanh", **TOL),
    Case(cell(), A(activations="tanh,relu,sigmoid", clip="0.5", activations_alpha="", activations_beta=""),
         name="activations and clip", **TOL),
    Case(cell(n=1, i=1, h=1), A(h=1), name="all sizes 1", **TOL),
    Case(cell(n=0), A(), name="empty batch", expect=(np.zeros((0, 5), np.float32),) * 2, oracle=False,
         why="the CPU plugin cannot compile it (object is not initialized)"),
    Case(cell(et="f16"), A(), name="f16", rtol=3e-3, atol=3e-3),
    Case(cell(et="bf16"), A(), name="bf16", rtol=2e-2, atol=2e-2),
    # LSTMCell-1 only: OpenVINO reads peepholes, input_forget and weights_format, which the spec does
    # not have; the plugin ignores them (a wrong order or P applied would differ here).
    Case(cell(peep=True), A(), versions=("opset1",), name="peepholes ignored", **TOL),
    Case(cell(), A(input_forget="true"), versions=("opset1",), name="input_forget ignored", **TOL),
    Case(cell(), A(weights_format="iofc"), versions=("opset1",), name="weights_format iofc ignored", **TOL),
])

TABLE.errors = [
    Error(cell(h=4), "dim H", A(h=5), code="S005", at="lint", name="hidden_size differs from H"),
    Error((v("f32", (3, 3)),) + cell()[1:], "dim B", A(), code="S005", at="lint", name="batch differs"),
    Error((v("f32", (2, 3, 1)),) + cell()[1:], "X must have rank 2", A(), code="S005", at="lint"),
    Error(cell()[:3] + (v("f32", (20, 4)),) + cell()[4:], "W .* dim I", A(), code="S005", at="lint",
          name="input size differs"),
    Error(cell(), "required attribute 'hidden_size'", {"activations": "sigmoid,tanh,tanh"}, code="O003",
          at="lint"),
    Error(cell(), "activations must be", A(activations="sigmoid,tanh"), code="O003", at="lint"),
    Error(cell(), "hidden_size must be positive", A(h=0), code="O003", at="lint"),
    Error(cell(), "weights_format", A(weights_format="abcd"), versions=("opset1",), code="O003", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
