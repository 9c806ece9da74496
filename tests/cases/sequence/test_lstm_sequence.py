"""LSTMSequence-5: cases against the CPU plugin.

Weights and inputs are small multiples of 1/16 (gates away from saturation, so a wrong gate order
or a state not carried shows); the plugin's own sigmoid/tanh differ in the last bits: rtol/atol."""
import numpy as np

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-4, "atol": 1e-4}
_rng = np.random.default_rng(5)


def v(et, shape, const=False, scale=16):
    return T(et, shape, (_rng.integers(-16, 16, shape) / scale).astype(np.float32), const=const)


def lstm(n=2, t=4, i=3, h=5, d=1, et="f32", lengths=None, const=False):
    lens = T("i32", (n,), np.full(n, t) if lengths is None else np.asarray(lengths), const=const)
    return (v(et, (n, t, i)), v(et, (n, d, h)), v(et, (n, d, h)), lens,
            v(et, (d, 4 * h, i), const), v(et, (d, 4 * h, h), const), v(et, (d, 4 * h), const))


def A(direction, h=5, **kw):
    # activations are written out: OpenVINO reads a left-out one as an empty list, which the
    # CPU plugin cannot compile (see the "left out" case).
    return {"hidden_size": str(h), "direction": direction, "activations": "sigmoid,tanh,tanh", **kw}


def _defaults_case():
    """Activations left out: with W, R, B and h0 zero every gate is 0, so f = i = o =
    sigmoid(0) = 0.5 and c = tanh(0) = 0: C halves each step and H = 0.5 tanh(C)."""
    c0 = np.array([[[1.5, -2.0, 4.0]]], np.float32)
    cs = [c0[:, 0] * np.float32(0.5) ** (k + 1) for k in range(3)]
    hs = [np.float32(0.5) * np.tanh(c) for c in cs]
    y = np.stack(hs, axis=1)[:, None]
    z = np.zeros
    ins = (v("f32", (1, 3, 2)), T("f32", (1, 1, 3), z((1, 1, 3))), T("f32", (1, 1, 3), c0), T("i64", (1,), [3]),
           T("f32", (1, 12, 2), z((1, 12, 2))), T("f32", (1, 12, 3), z((1, 12, 3))), T("f32", (1, 12), z((1, 12))))
    return Case(ins, {"hidden_size": "3", "direction": "forward"}, name="activations and clip left out",
                expect=(y, hs[-1][:, None], cs[-1][:, None]), oracle=False,
                why="OpenVINO reads left-out activations as an empty list; the CPU plugin then fails to "
                    "compile (ConvertLSTMSequenceToTensorIterator: vector::_M_range_check)")


TABLE = Table("LSTMSequence", "opset5", outputs=3, cases=[
    _defaults_case(),
    Case(lstm(), A("forward"), name="forward", **TOL),
    Case(lstm(), A("reverse"), name="reverse", **TOL),
    Case(lstm(d=2), A("bidirectional"), name="bidirectional", **TOL),
    Case(lstm(n=3, lengths=[4, 2, 0]), A("forward"), name="sequence_lengths shorter than seq_len", **TOL),
    Case(lstm(n=3, lengths=[1, 3, 4]), A("reverse"), name="reverse with shorter lengths", **TOL),
    Case(lstm(n=3, d=2, lengths=[3, 4, 2], const=True), A("bidirectional"),
         name="bidirectional, constant weights and lengths", **TOL),
    Case(lstm(), A("forward", clip="0.25"), name="clip", **TOL),
    Case(lstm(), A("forward", activations="relu,sigmoid,relu", activations_alpha="", activations_beta=""),
         name="activations relu, sigmoid, relu", **TOL),
    Case(lstm(), A("reverse", activations="tanh,relu,sigmoid", clip="0.5"), name="activations and clip", **TOL),
    # nn.LSTM(3, 5, num_layers=2, bidirectional=True): the second layer reads both directions (2H).
    Case(lstm(n=2, t=6, i=10, d=2), A("bidirectional"), name="PyTorch layer 2 of a bidirectional LSTM", **TOL),
    Case(lstm(n=1, t=1, i=1, h=1), A("forward", h=1), name="all sizes 1", **TOL),
    Case(lstm(et="f16", const=True), A("forward"), name="f16", rtol=3e-3, atol=3e-3),
    Case(lstm(et="f16"), A("reverse", clip="1"), name="f16 reverse with clip",
         rtol=3e-3, atol=3e-3),
    Case(lstm(et="bf16"), A("forward"), name="bf16", rtol=2e-2, atol=2e-2),
])

TABLE.errors = [
    Error(lstm(d=2), "initial_hidden_state .* dim D", A("forward"), code="S005", at="lint",
          name="two directions for forward"),
    Error(lstm(h=4), "dim H", A("forward", h=5), code="S005", at="lint", name="hidden_size differs from H"),
    Error(lstm()[:1] + (v("f32", (2, 1, 5)), v("f32", (2, 1, 5)), T("i32", (3,), [4, 4, 4])) + lstm()[4:],
          "sequence_lengths .* dim B", A("forward"), code="S005", at="lint", name="batch differs"),
    Error((v("f32", (2, 4)),) + lstm()[1:], "X must have rank 3", A("forward"), code="S005", at="lint"),
    Error(lstm(), "direction", A("sideways"), code="O003", at="lint"),
    Error(lstm(), "required attribute 'direction'", {"hidden_size": "5", "activations": "sigmoid,tanh,tanh"}, code="O003", at="lint"),
    Error(lstm(), "activations must be", A("forward", activations="sigmoid,tanh"), code="O003", at="lint"),
    Error(lstm(), "activations must be", A("forward", activations="sigmoid,softsign,tanh"), code="O003",
          at="lint", name="unknown activation"),
    Error(lstm(lengths=[4, 5]), r"sequence_lengths must be in \[0, 4\]", A("forward"), at="run", code="S005",
          name="length past seq_len"),
]

test_cases, test_errors = TABLE.pytest()
