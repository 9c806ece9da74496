"""RNNCell-1 (key "opset1"): cases against the CPU plugin. No empty batch: the plugin refuses
one ("object is not initialized")."""
from cases.rows import Case, Error, Table
from cases.sequence._recurrent import cell, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HS = {"hidden_size": "4"}


def r(et="f32", n=2, i=3, hs=4, **kw):
    return cell(et, n, i, hs, 1, **kw)


TABLE = Table("RNNCell", "opset1", cases=[
    Case(r(), HS, name="defaults", **TOL),
    Case(r(const_w=True), dict(HS, activations="tanh", clip="0.5"), name="clip, constant weights", **TOL),
    Case(r(), dict(HS, activations="relu", activations_alpha="", activations_beta=""), name="relu", **TOL),
    Case(r(), dict(HS, activations="sigmoid"), name="sigmoid", **TOL),
    Case(r(n=1, i=1, hs=1), {"hidden_size": "1"}, name="all dims 1", **TOL),
    Case(r(n=3, i=5, hs=2), {"hidden_size": "2"}, name="input_size 5, hidden_size 2", **TOL),
    Case(r("f16"), HS, name="f16", rtol=1e-2, atol=1e-2),
    Case(r("bf16"), HS, name="bf16", rtol=3e-2, atol=3e-2),
])
X, H, W, R, B = r()
TABLE.errors = [
    Error((X, H, W, R), "takes 5 inputs", HS, code="O004", at="lint", name="B left out"),
    Error((X, small("f32", (3, 4)), W, R, B), "dim 0 \\(batch\\) differs", HS, code="S005", at="lint"),
    Error((X, H, W, small("f32", (4, 5)), B), "R .*dim 1 must be 4 \\(hidden_size\\)", HS, code="S005", at="lint"),
    Error((X, H, W, R, small("f32", (4, 1))), "B must have rank 1", HS, code="S005", at="lint"),
    Error((X, H, W, R, B), "activation 'gelu'", dict(HS, activations="gelu"), code="O003", at="lint"),
    Error((X, H, W, R, B), "clip must not be negative", dict(HS, clip="-1"), code="O003", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
