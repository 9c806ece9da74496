"""The symbolic length of the sizing pass (irexec.symbolic): every decision on a Sym holds for the
whole range it leaves, and a family of signatures sized at once runs as the concrete pass would
have sized each one: the same outputs, the same errors, the same refusals."""

from __future__ import annotations

import operator
import sys
from pathlib import Path

import numpy as np
import pytest

import irexec
import irexec.check.shape_inference as shape_inference
import irexec.run.families
import irexec.run.sizing
from irexec.symbolic import Affines, Pass, Sym, Undecidable

sys.path.insert(0, str(Path(__file__).parent.parent))
from helpers.corpus import CORPUS, MANIFEST, corpus_inputs, steps_inputs  # noqa: E402

S = Sym(1, 0)


def test_arithmetic_is_exact_and_affine():
    with Pass(7, 0):
        assert (S + 3).at(7) == 10 and (3 + S).at(7) == 10
        assert (3 - S).at(7) == -4 and (S - 3).at(7) == 4
        assert (2 * S).at(7) == 14 and (S * np.int64(2)).at(7) == 14 and (np.int64(3) + S).at(7) == 10
        assert ((2 * S + 4) // 2).at(7) == 9 and (2 * S + 5) % 2 == 1
        assert (2 * S + 4) // (S + 2) == 2 and (2 * S + 4) % (S + 2) == 0
        assert (S + 1) - S == 1  # (the length cancels: a plain int)
        for bad in (
            lambda: S * S,
            lambda: (S + 1) // 2,
            lambda: S / 2,
            lambda: 5 // S,
            lambda: int(S),
            lambda: float(S),
            lambda: hash(S),
            lambda: range(S),
            lambda: (2 * S + 5) // (S + 2),
            lambda: S == 7.0,
            lambda: S == np.float32(7),
            lambda: {S},
            lambda: np.array([S], np.int64),
        ):
            with pytest.raises(Undecidable):
                bad()


def test_a_decision_outside_a_pass_is_undecidable():
    with pytest.raises(Undecidable):
        bool(S > 3)
    with pytest.raises(Undecidable):
        bool(S == 3)


def test_each_decision_narrows_the_range_to_where_it_holds():
    with Pass(10, 0) as p:
        assert S > 5  # holds from 6
        assert S < 20  # up to 19
        assert not S == 12  # up to 11 (12 is ahead)
        assert S != 3  # 3 is behind: from 4, already so
        assert not (2 * S + 1 == 0)  # no integer length makes it 0: nothing narrowed
    assert (p.lo, p.hi) == (6, 11)
    with Pass(10, 0) as p:
        assert S == 10
    assert (p.lo, p.hi) == (10, 10)
    with Pass(10, 0) as p:
        assert 30 - S > 0
        assert abs(S - 4) == S - 4
    assert (p.lo, p.hi) == (4, 29)
    with Pass(10, 0) as p:  # (a quotient of lengths needs its divisor non-zero: 7 - s is at 7)
        assert (2 * S - 14) // (S - 7) == 2
    assert (p.lo, p.hi) == (8, None)


@pytest.mark.parametrize("rel", [operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne])
def test_every_decision_holds_over_its_whole_range(rel):
    rng = np.random.default_rng(int(rel.__name__.encode().hex(), 16) % 2**32)
    for _ in range(300):
        a, c = (int(v) for v in rng.choice([-3, -2, -1, 1, 2, 3], 2))
        b, d = (int(v) for v in rng.integers(-40, 40, 2))
        s0 = int(rng.integers(0, 30))
        x, y = Sym(a, b), (Sym(c, d) if rng.random() < 0.5 else d)
        with Pass(s0, -100) as p:
            got = bool(rel(x, y))
        value = lambda v, s: v.at(s) if isinstance(v, Sym) else v  # noqa: E731
        assert got == rel(x.at(s0), value(y, s0))
        hi = p.hi if p.hi is not None else s0 + 200
        for s in range(p.lo, hi + 1):
            assert rel(x.at(s), value(y, s)) == got, (a, b, c, d, s0, s)
        # (and the range is as wide as the decision allows: one past either end, it changes)
        if p.hi is not None:
            assert rel(x.at(p.hi + 1), value(y, p.hi + 1)) != got
        if p.lo > -100:
            assert rel(x.at(p.lo - 1), value(y, p.lo - 1)) != got


def test_affine_values_at_each_length():
    values = {
        "a": [(np.array([1, S, S + 5, 2 * S - 1], dtype=object), np.int32)],
        "b": [(np.array(S - 1, dtype=object), np.int64), (np.array([[S, 3]], dtype=object), np.int32)],
    }
    affines = Affines(values)
    for s in (1, 9, 1000):
        got = affines.at(s)
        assert [a.dtype for a in got["a"] + got["b"]] == [np.int32, np.int64, np.int32]
        assert not any(a.flags.writeable for a in got["a"] + got["b"])
        np.testing.assert_array_equal(got["a"][0], [1, s, s + 5, 2 * s - 1])
        assert got["b"][0].shape == () and got["b"][0] == s - 1
        np.testing.assert_array_equal(got["b"][1], [[s, 3]])


# ---- families of signatures on models ---------------------------------------------------------

ov = pytest.importorskip("openvino")
import openvino.opset13 as ops  # noqa: E402


def _masked(tmp_path):
    """x [1, n] -> (x * (range(n) < 6), the first 6 of x, x reshaped to [2, -1]): the rules
    decide on n against 6 (Slice) and on its parity (Reshape)."""
    x = ops.parameter([1, -1], ov.Type.f32, name="x")
    n = ops.gather(ops.shape_of(x), ops.constant(np.int64(1)), ops.constant(np.int64(0)))
    mask = ops.convert(
        ops.less(ops.range(ops.constant(np.int64(0)), n, ops.constant(np.int64(1)), "i64"), ops.constant(np.int64(6))),
        "f32",
    )
    first = ops.slice(x, ops.constant(np.array([0, 0])), ops.constant(np.array([1, 6])), ops.constant(np.array([1, 1])))
    path = str(tmp_path / "masked.xml")
    ov.save_model(ov.Model([ops.result(ops.multiply(x, mask)), ops.result(first)], [x]), path)
    return path


def _reshaped(tmp_path):
    x = ops.parameter([1, -1], ov.Type.f32, name="x")
    path = str(tmp_path / "reshaped.xml")
    ov.save_model(ov.Model([ops.result(ops.reshape(x, ops.constant(np.array([2, -1])), False))], [x]), path)
    return path


def _count_passes(monkeypatch) -> list:
    walks = []
    real = shape_inference.update_shapes
    counted = lambda *a: (walks.append(1), real(*a))[1]  # noqa: E731
    monkeypatch.setattr("irexec.run.sizing.update_shapes", counted)
    monkeypatch.setattr("irexec.run.families.update_shapes", counted)
    return walks


def test_a_family_runs_across_the_decisions_it_made(tmp_path, monkeypatch):
    model = irexec.read_model(_masked(tmp_path))
    walks = _count_passes(monkeypatch)
    for n in range(1, 16):
        x = np.arange(1, n + 1, dtype=np.float32).reshape(1, n)
        masked, first = model.infer({"x": x}).values()
        np.testing.assert_array_equal(masked, x * (np.arange(n) < 6))
        np.testing.assert_array_equal(first, x[:, :6])
    # n = 1 walks everything; 2 walks again, then symbolically, and that family holds while
    # n < 6 (Less and Slice decide on it); 6 is walked again, then symbolically, and its family
    # holds on.
    assert len(walks) == 4
    assert [(f.lo, f.hi) for f in model.sizing._families][1] == (2, 5)
    assert model.sizing._families[0].lo == 6 and model.sizing._families[0].hi > 10**6


def test_a_rule_that_needs_the_length_is_checked_on_the_arrays(tmp_path):
    # [2, -1] over n: the rule needs n's parity, which a Sym cannot give: the layer is left to
    # the run-time guard, which refuses an odd n as the concrete pass does.
    path = _reshaped(tmp_path)
    family, concrete = irexec.read_model(path), irexec.read_model(path)
    concrete.sizing.families = False
    for n in (2, 4, 6, 8):
        x = np.ones((1, n), np.float32)
        np.testing.assert_array_equal(family.infer({"x": x})[0], concrete.infer({"x": x})[0])
    assert family.sizing._families and family.sizing._families[0].guard is not None
    errors = []
    for model in (family, concrete):
        with pytest.raises(irexec.ExecutionError) as e:
            model.infer({"x": np.ones((1, 9), np.float32)})
        errors.append(str(e.value))
    assert errors[0] == errors[1] and "cannot reshape" in errors[0]


@pytest.mark.parametrize("name", ["llama_stateful", "gpt2_past", "llama_past_int8", "mistral_past", "qwen2_past_int4"])
def test_a_decoder_steps_as_with_a_pass_a_step(name, monkeypatch):
    """Twelve one-token steps, the family's run against a concrete pass each step: the same
    outputs, bit for bit, and the family's known values are those the concrete pass computes."""
    path = str(Path(CORPUS) / f"{name}.xml")
    entry = MANIFEST[name]
    prompt = steps_inputs(entry)[0] if "steps" in entry else corpus_inputs(entry["inputs"])
    runs = {}
    for families in (True, False):
        model = irexec.read_model(path)
        model.sizing.families = families
        request = model.create_infer_request() if entry.get("stateful") else None
        feeds, outs = dict(prompt), []
        for _step in range(12):
            got = request.infer(feeds) if request else model.infer(feeds)
            outs.append({k: np.array(v) for k, v in got.items()})
            feeds = _next_token(feeds, got, model)
        runs[families] = (outs, model)
    for a, b in zip(runs[True][0], runs[False][0]):
        assert a.keys() == b.keys()
        for k in a:
            np.testing.assert_array_equal(a[k], b[k])
    # (The family sized the later steps: only the first two or three (a prompt of several tokens
    # is of another kind) had a concrete pass.)
    assert len(runs[True][1].sizing._signatures) <= 3 and len(runs[False][1].sizing._signatures) == 12


def _next_token(feeds: dict, outs, model) -> dict:
    """The next one-token step's inputs: the attention mask a token longer, the position on, and
    (without state) the present keys and values fed back as the past."""
    past = feeds["attention_mask"].shape[1]
    nxt = {"input_ids": np.full((1, 1), 3, np.int64), "attention_mask": np.ones((1, past + 1), np.int64)}
    names = [i.name for i in model.inputs]
    if "position_ids" in names:
        nxt["position_ids"] = np.array([[past]], np.int64)
    if "beam_idx" in names:
        nxt["beam_idx"] = np.zeros(1, np.int32)
    for name in names:
        if name.startswith("past_key_values"):
            nxt[name] = np.array(outs[name.replace("past_key_values", "present")])
    return nxt


def _growing_loop(tmp_path, trips: int):
    """A Loop whose back edge grows a row an iteration: acc = concat(acc, x), ``trips`` times."""
    from openvino import Model

    acc, row = ops.parameter([-1, 4], ov.Type.f32), ops.parameter([1, 4], ov.Type.f32)
    grown = ops.concat([acc, row], 0)
    body = Model([ops.constant(True), grown], [acc, row])
    x = ops.parameter([1, 4], ov.Type.f32, name="x")
    loop = ops.loop(ops.constant(np.int64(trips)), ops.constant(True))
    loop.set_function(body)
    loop.set_special_body_ports([-1, 0])
    loop.set_merged_input(acc, x.output(0), grown.output(0))
    loop.set_invariant_input(row, x.output(0))
    path = str(tmp_path / "loop.xml")
    ov.save_model(Model([ops.result(loop.get_iter_value(grown.output(0), -1))], [x]), path)
    return path


def test_a_loop_whose_body_grows_runs_as_with_a_pass_an_iteration(tmp_path, monkeypatch):
    """A body's sizing makes families as the top level's does: its signature grows a row an
    iteration; the output equals that with a pass each iteration, and the plugin's."""
    path = _growing_loop(tmp_path, 12)
    x = np.arange(4, dtype=np.float32).reshape(1, 4)
    concrete = []
    real = shape_inference.update_shapes
    monkeypatch.setattr(irexec.run.sizing, "update_shapes", lambda *a: (concrete.append(1), real(*a))[1])
    (got,) = irexec.read_model(path).infer({"x": x}).values()
    # (The first iteration's pass walks the body; the second, again and symbolically; the family
    # made then sizes the ten after it.)
    assert len(concrete) == 1
    np.testing.assert_array_equal(got, np.repeat(x, 13, axis=0))
    monkeypatch.setattr(irexec.run.sizing.Sizing, "families", False)
    (without,) = irexec.read_model(path).infer({"x": x}).values()
    np.testing.assert_array_equal(got, without)
    (plugin,) = ov.Core().compile_model(path, "CPU").infer_new_request({"x": x}).values()
    np.testing.assert_array_equal(got, plugin)
