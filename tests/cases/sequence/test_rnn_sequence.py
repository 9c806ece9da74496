"""RNNSequence-5: cases against the CPU plugin.

Every case names its activations: OpenVINO reads a layer without the attribute as an empty list,
which the plugin's sequence lowering does not replace with the spec's default (see
test_gru_sequence.py)."""
from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import seq, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HALF = {"rtol": 1e-2, "atol": 1e-2}
FWD, REV, BI = ({"hidden_size": "4", "direction": d, "activations": "tanh"}
                for d in ("forward", "reverse", "bidirectional"))


def r(et="f32", n=2, t=5, i=3, hs=4, **kw):
    return seq(et, n, t, i, hs, 1, **kw)


TABLE = Table("RNNSequence", "opset5", outputs=2, cases=[
    Case(r(), FWD, name="defaults (but activations)", **TOL),
    Case(r(), REV, name="reverse", **TOL),
    Case(r(dirs=2, const_w=True), BI, name="bidirectional, constant weights and lengths", **TOL),
    Case(r(n=3, lens=[5, 2, 0]), FWD, name="sequence_lengths shorter, and 0", **TOL),
    Case(r(n=3, lens=[3, 5, 1], dirs=2, lens_et="i64"), BI, name="bidirectional with shorter i64 lengths", **TOL),
    Case(r(n=3, lens=[4, 1, 2]), REV, name="reverse with shorter lengths", **TOL),
    Case(r(), dict(FWD, clip="0.75"), name="clip", **TOL),
    Case(r(), dict(FWD, activations="relu", activations_alpha="", activations_beta=""), name="relu", **TOL),
    Case(r(), dict(FWD, activations="sigmoid"), name="sigmoid", **TOL),
    Case(r(n=1, t=1, i=1, hs=1), dict(FWD, hidden_size="1"), name="all dims 1", **TOL),
    Case(r("f16", dirs=2), BI, name="f16", **HALF),
    Case(r("bf16"), FWD, name="bf16", rtol=3e-2, atol=3e-2),
])
X, H, L, W, R, B = r()
TABLE.errors = [
    Error((X, small("f32", (2, 1, 4)), L, W, R, B), "initial_hidden_state .*dim 1 must be 2", BI, code="S005",
          at="lint", name="H with 1 direction for bidirectional"),
    Error((X, small("f32", (3, 1, 4)), L, W, R, B), "dim 0 \\(batch\\) differs", FWD, code="S005", at="lint"),
    Error((X, H, L, small("f32", (1, 8, 3)), R, B), "W .*dim 1 must be 4 \\(hidden_size\\)", FWD, code="S005",
          at="lint"),
    Error((X, H, T("i32", (2,), [3, -1]), W, R, B), "sequence_lengths must be in \\[0, 5\\]", FWD, code="S005",
          at="run"),
    Error((X, H, L, W, R, B), "needs 1 activation", dict(FWD, activations="tanh, tanh"), code="O003", at="lint"),
    Error((X, H, L, W, R, B), "direction", dict(FWD, direction="sideways"), code="O003", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
