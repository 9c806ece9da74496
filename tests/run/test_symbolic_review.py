"""Cases found by reviewing the sizing pass's families (irexec.run.families, irexec.symbolic): each one a
model stepped through lengths with a family and with a concrete pass each step, which must give
the same outputs, bit for bit, and the same error line at every step."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("openvino")
from helpers import familylib  # noqa: E402

ov, ops = familylib.ov, familylib.ops
_c = familylib._c


_steps = familylib.run_feeds


def _scores_reshaped_after_a_gather(tmp_path) -> str:
    """x [1, n, 4]: GatherElements of a constant by ``idx`` (checked on its data as it runs), its
    sum added to x @ x^T ([1, n, n]) and that reshaped to [3, -1]: the rule needs n * n, a product
    of the length with itself, so a family leaves the Reshape to the run-time guard; the concrete
    pass refuses n not a multiple of 3 before anything runs."""
    x = ops.parameter([1, -1, 4], ov.Type.f32, name="x")
    idx = ops.parameter([100], familylib.I64, name="idx")  # (too long to steer: a run-time check)
    g = ops.gather_elements(_c(np.arange(100, dtype=np.float32), np.float32), idx, 0)
    scores = ops.add(ops.matmul(x, x, False, True), ops.reduce_sum(g, _c([0])))
    model = ov.Model([ops.reshape(scores, _c([3, -1]), False)], [x, idx])
    path = str(tmp_path / "scores.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    return path


def test_a_rule_a_family_leaves_to_the_guard_refuses_before_a_run_error_as_the_concrete_pass(tmp_path):
    path = _scores_reshaped_after_a_gather(tmp_path)
    feeds = [
        {"x": np.ones((1, n, 4), np.float32), "idx": np.full(100, 500 if n in (9, 13) else 1, np.int64)}
        for n in (3, 6, 9, 13, 15)
    ]
    family, model = _steps(path, feeds, True)
    concrete, _ = _steps(path, feeds, False)
    assert model.sizing._families and model.sizing._families[0].lo <= 13 <= model.sizing._families[0].hi
    assert familylib.differ(family, concrete) is None
    # (Both out of order at 13: the Reshape refused by the sizing, not the GatherElements' index.)
    assert "layer 'Reshape" in family[3] and "cannot reshape [1, 13, 13] to [3, -1]" in family[3]
    assert family[3] == concrete[3]
    # (At 9 the Reshape holds: the index is the error, in both.)
    assert "layer 'GatherElements" in family[2] and "index 500" in family[2] and family[2] == concrete[2]
    for got in family[:2] + family[4:]:
        assert not isinstance(got, str)


def _shape_of_an_empty_steering_input(tmp_path) -> str:
    """x [1, n, 4] reshaped by a target that takes ``t``'s values (t [n, 0]: so t steers, and its
    bytes are the same at every n), and a ones [1, n, 4] broadcast to the ShapeOf of t added."""
    x = ops.parameter([1, -1, 4], ov.Type.f32, name="x")
    t = ops.parameter([-1, 0], familylib.I64, name="t")
    none = ops.reshape(ops.slice(t, _c([0]), _c([0]), _c([1]), _c([0])), _c([0]), False)
    xr = ops.reshape(x, ops.concat([_c([1, -1, 4]), none], 0), False)
    n = ops.gather(ops.shape_of(t), _c([0]), _c(0))
    ones = ops.broadcast(_c(np.float32(1), np.float32), ops.concat([_c([1]), n, _c([4])], 0))
    path = str(tmp_path / "empty.xml")
    ov.save_model(ov.Model([ops.add(xr, ones)], [x, t]), path, compress_to_fp16=False)
    return path


def test_an_empty_steering_input_whose_dims_move_gives_its_shape_at_each_length(tmp_path):
    # (Its value at the family's first length is an array of that length's shape: a ShapeOf
    # folded from it gave that length at every other.)
    path = _shape_of_an_empty_steering_input(tmp_path)
    feeds = [
        {"x": np.arange(n * 4, dtype=np.float32).reshape(1, n, 4), "t": np.zeros((n, 0), np.int64)}
        for n in (1, 2, 3, 4, 9, 7)
    ]
    family, model = _steps(path, feeds, True)
    concrete, _ = _steps(path, feeds, False)
    assert model.sizing._families and model.sizing._families[0].hi > 9
    assert familylib.differ(family, concrete) is None
    for n, got in zip((1, 2, 3, 4, 9, 7), family):
        np.testing.assert_array_equal(got[next(iter(got))], np.arange(n * 4, dtype=np.float32).reshape(1, n, 4) + 1)


def _reshaped_by_half_the_length_in_f32(tmp_path) -> str:
    """The GatherElements of the first model, its sum added to x [1, n, 4], reshaped to [h, -1]
    with h = i64(f32(n) * 0.5): a Sym has no float, so a family knows neither h nor the Reshape's
    output, where the concrete pass folds h and refuses 4n not a multiple of h."""
    x = ops.parameter([1, -1, 4], ov.Type.f32, name="x")
    idx = ops.parameter([100], familylib.I64, name="idx")
    g = ops.gather_elements(_c(np.arange(100, dtype=np.float32), np.float32), idx, 0)
    n = ops.gather(ops.shape_of(x), _c(1), _c(0))
    h = ops.convert(ops.multiply(ops.convert(n, "f32"), _c(np.float32(0.5), np.float32)), "i64")
    target = ops.concat([ops.unsqueeze(h, _c(0)), _c([-1])], 0)
    model = ov.Model([ops.reshape(ops.add(x, ops.reduce_sum(g, _c([0]))), target, False)], [x, idx])
    path = str(tmp_path / "half.xml")
    ov.save_model(model, path, compress_to_fp16=False)
    return path


def test_a_value_a_family_cannot_fold_is_folded_at_each_length_for_the_rule_that_reads_it(tmp_path):
    path = _reshaped_by_half_the_length_in_f32(tmp_path)
    lengths = list(range(2, 14))
    feeds = [
        {"x": np.ones((1, n, 4), np.float32), "idx": np.full(100, 500 if n in (7, 9) else 1, np.int64)} for n in lengths
    ]
    family, model = _steps(path, feeds, True)
    concrete, _ = _steps(path, feeds, False)
    assert model.sizing._families and model.sizing._families[-1].hi > 13
    assert familylib.differ(family, concrete) is None
    # (7: h = 3 does not divide 28, the Reshape refused before the index is seen; 9: h = 4 does.)
    assert "cannot reshape [1, 7, 4] to [3, -1]" in family[lengths.index(7)]
    assert "index 500" in family[lengths.index(9)]
    assert [n for n, got in zip(lengths, family) if isinstance(got, str)] == [7, 9, 11, 13]
