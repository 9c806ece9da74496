"""Ops that compute only the outputs something reads (``Op.partial_outputs``: MaxPool's indices,
which PyTorch exports leave unread) give the same wanted outputs as a full evaluation, on every
case of their tables, and the executor asks only for what later layers read."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import irexec
from cases.discover import tables
from irexec.ops import all_ops, lookup

PARTIAL = sorted({(c.type, c.version) for c in all_ops() if c.partial_outputs})


def test_some_op_computes_partial_outputs():
    assert ("MaxPool", "opset8") in PARTIAL and ("MaxPool", "opset14") in PARTIAL


@pytest.mark.parametrize("op_type,version", PARTIAL)
@np.errstate(all="ignore")  # (as the walkers run ops: NaN data compare quietly)
def test_wanted_outputs_are_the_full_ones(op_type, version):
    cases = [
        (table, case)
        for _, table in tables()
        if table.type == op_type
        for case, v in table.expanded(table.cases)
        if v == version
    ]
    assert cases
    rng = np.random.default_rng(0)
    for _table, case in cases:
        op = lookup(op_type, version)(dict(case.attrs))
        arrays = [t.array(rng) for t in case.inputs]
        full = op.evaluate(arrays)
        for wanted in itertools.product((True, False), repeat=len(full)):
            if all(wanted) or not any(wanted):
                continue
            part = op.evaluate(arrays, wanted=wanted)
            for k, (a, b) in enumerate(zip(full, part)):
                assert a.shape == b.shape and a.dtype == b.dtype, (case.name, wanted, k)
                if wanted[k]:
                    np.testing.assert_array_equal(a, b, err_msg=f"{case.name} {wanted} output {k}")


def test_the_executor_wants_only_what_is_read(tmp_path):
    """PyTorch's max_pool2d: MaxPool-14 whose indices nothing reads."""
    ov = pytest.importorskip("openvino")
    import openvino.opset14 as ops

    x = ops.parameter([1, 2, 6, 6], ov.Type.f32, name="x")
    pool = ops.max_pool(x, [2, 2], [1, 1], [0, 0], [0, 0], [3, 3])
    path = str(tmp_path / "pool.xml")
    ov.save_model(ov.Model([ops.result(pool.output(0))], [x]), path)
    model = irexec.read_model(path)
    step = next(s for s in model.plan.steps if s.layer.type == "MaxPool")
    assert step.wanted == (True, False)
    data = np.random.default_rng(1).standard_normal((1, 2, 6, 6)).astype(np.float32)
    (got,) = model.infer({"x": data}).values()
    want = np.lib.stride_tricks.sliding_window_view(data, (3, 3), axis=(2, 3))[:, :, ::2, ::2].max(axis=(4, 5))
    np.testing.assert_array_equal(got, want)
