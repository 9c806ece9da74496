"""GRUCell-3: cases against the CPU plugin.

B is always given: the plugin cannot compile a GRUCell without it (OpenVINO 2026.4 throws
"Check 'i < m_inputs.size()' failed ... index '4' out of range"); irexec uses zeros.
No empty batch: the plugin refused one in RNNCell's table ("object is not initialized")."""
from cases.rows import Case, Error, Table
from cases.sequence._recurrent import cell, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HS = {"hidden_size": "4"}
LBR = {"hidden_size": "4", "linear_before_reset": "true"}


def g(et="f32", n=2, i=3, hs=4, **kw):
    return cell(et, n, i, hs, 3, **kw)


TABLE = Table("GRUCell", "opset3", cases=[
    Case(g(), HS, name="defaults", **TOL),
    Case(g(bias_rows=4), LBR, name="linear_before_reset", **TOL),
    Case(g(bias_rows=4, const_w=True), LBR, name="linear_before_reset, constant weights", **TOL),
    Case(g(), dict(HS, linear_before_reset="false", clip="0.5"), name="clip", **TOL),
    Case(g(), dict(HS, activations="tanh, relu", activations_alpha="", activations_beta=""),
         name="activations tanh, relu", **TOL),
    Case(g(), dict(HS, activations="relu, sigmoid"), name="activations relu, sigmoid", **TOL),
    Case(g(n=1, i=1, hs=1), {"hidden_size": "1"}, name="all dims 1", **TOL),
    Case(g("f16", bias_rows=4), LBR, name="f16", rtol=1e-2, atol=1e-2),
    Case(g("bf16"), HS, name="bf16", rtol=3e-2, atol=3e-2),
])
X, H, W, R, B = g()
TABLE.errors = [
    Error((small("f32", (2, 3, 1)), H, W, R, B), "X must have rank 2", HS, code="S005", at="lint"),
    Error((X, small("f32", (2, 5)), W, R, B), "initial_hidden_state .*dim 1 must be 4", HS, code="S005",
          at="lint"),
    Error((X, H, small("f32", (12, 5)), R, B), "dim 1 \\(input size\\) differs", HS, code="S005", at="lint"),
    Error((X, H, W, R, B), "B .*must be 16 \\(4 \\* hidden_size\\)", LBR, code="S005", at="lint"),
    Error((X, H, W, R, B), "hidden_size must be positive", {"hidden_size": "0"}, code="O003", at="lint"),
    Error((X, H, W, R, B), "needs 2 activation", dict(HS, activations="tanh"), code="O003", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
