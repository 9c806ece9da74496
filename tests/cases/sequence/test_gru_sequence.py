"""GRUSequence-5: cases against the CPU plugin.

Every case names its activations: OpenVINO reads a layer without the attribute as an empty list,
and the plugin's ConvertGRUSequenceToTensorIterator pass then throws ("vector::_M_range_check")
instead of using the spec's default "sigmoid, tanh" (irexec uses the default).
"""
from cases.rows import Case, Error, T, Table
from cases.sequence._recurrent import seq, small

TOL = {"rtol": 1e-5, "atol": 1e-5}
HALF = {"rtol": 1e-2, "atol": 1e-2}
FWD, REV, BI = ({"hidden_size": "4", "direction": d, "activations": "sigmoid, tanh"}
                for d in ("forward", "reverse", "bidirectional"))
LBR = {"linear_before_reset": "true"}


def g(et="f32", n=2, t=5, i=3, hs=4, **kw):
    return seq(et, n, t, i, hs, 3, **kw)


TABLE = Table("GRUSequence", "opset5", outputs=2, cases=[
    Case(g(), FWD, name="defaults (but activations: see above)", **TOL),
    Case(g(dirs=2, bias_rows=4, const_w=True), dict(BI, **LBR), name="PyTorch nn.GRU: bidirectional, "
         "linear_before_reset, constant weights and lengths", **TOL),
    Case(g(bias_rows=4), dict(FWD, **LBR), name="linear_before_reset forward", **TOL),
    Case(g(), dict(REV, linear_before_reset="false"), name="reverse", **TOL),
    Case(g(n=3, lens=[5, 2, 0]), FWD, name="sequence_lengths shorter, and 0", **TOL),
    Case(g(n=3, lens=[3, 5, 1], dirs=2), BI, name="bidirectional with shorter lengths", **TOL),
    Case(g(n=3, lens=[4, 1, 2], bias_rows=4, lens_et="i64"), dict(REV, **LBR), name="reverse, lbr, i64 lengths",
         **TOL),
    Case(g(), dict(FWD, clip="0.5"), name="clip", **TOL),
    Case(g(), dict(FWD, activations="tanh, relu", activations_alpha="", activations_beta=""),
         name="activations tanh, relu", **TOL),
    Case(g(n=1, t=1, i=1, hs=1), dict(FWD, hidden_size="1", activations="sigmoid, tanh"), name="all dims 1", **TOL),
    Case(g("f16", dirs=2), dict(BI, activations="sigmoid, tanh"), name="f16", **HALF),
    Case(g("bf16", bias_rows=4), dict(FWD, activations="sigmoid,tanh", **LBR), name="bf16", rtol=3e-2, atol=3e-2),
])
X, H, L, W, R, B = g()
TABLE.errors = [
    Error((X, small("f32", (2, 2, 4)), L, W, R, B), "initial_hidden_state .*dim 1 must be 1", FWD, code="S005",
          at="lint", name="H with 2 directions for forward"),
    Error((X, H, L, small("f32", (1, 12, 5)), R, B), "dim 2 \\(input size\\) differs", FWD, code="S005",
          at="lint"),
    Error((X, H, L, W, R, B), "B .*dim 1 must be 16 \\(4 \\* hidden_size\\)", dict(FWD, **LBR), code="S005",
          at="lint", name="3-row B with linear_before_reset"),
    Error((X, H, T("i32", (2,), [6, 1]), W, R, B), "sequence_lengths must be in \\[0, 5\\]", FWD, code="S005",
          at="run"),
    Error((X, H, L, W, R, B), "required attribute 'direction'", {"hidden_size": "4", "activations": "sigmoid, tanh"}, code="O003", at="lint"),
    Error((X, H, L, W, R, B), "activation 'softsign'", dict(FWD, activations="sigmoid, softsign"),
          code="O003", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
