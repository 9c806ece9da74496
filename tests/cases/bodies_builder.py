"""Case tables for the ops with bodies (If, Loop, TensorIterator), which the shared harness cannot
write: each case builds its layer with OpenVINO's Python API; the cases of a table stand side by
side in ONE ov.Model, saved with ``ov.save_model``, linted (irexec's rules must give the ports
OpenVINO wrote), run by irexec and compiled once on the CPU plugin (f32 inference precision), and
compared (exactly: the values are multiples of 1/8 and the bodies add and multiply small numbers).
A case the plugin departs on keeps the spec's values in ``expect`` (asserted on irexec) and the
plugin's in ``plugin``; a case the plugin cannot run (``oracle=False``) goes into a second model
that only irexec runs, against ``expect``.

Error rows start from a valid model, break its XML (``change(root)``), and expect ``irexec run``
to refuse it in one line naming the layer, with its exit status, and ``irexec lint`` to report
``code`` when the refusal needs no data.

``BodyTable`` answers what the op-coverage test asks of a table (``covers``), and holds the
plugin's departures as ``departures`` (rows.Case rows), not as ``cases``: the docs generator and the
fuzzers' seeds make layers of those, which a layer with bodies cannot be made of.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pytest
from click.testing import CliRunner
from lxml import etree

from cases.rows import Case as DocRow
from cases.rows import T

ov = pytest.importorskip("openvino")
o1, o5, o8 = ov.opset1, ov.opset5, ov.opset8

_names = itertools.count()


class Feeder:
    """What a case's layer takes: ``value(array)`` is a Parameter fed that array at run time (or a
    Constant, ``const=True``)."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.params, self.feeds = [], {}

    def value(self, array, const: bool = False):
        array = np.asarray(array)
        if const:
            return o8.constant(array)
        name = f"{self.prefix}_in{len(self.params)}"
        p = o8.parameter(list(array.shape), array.dtype, name=name)
        self.params.append(p)
        self.feeds[name] = array
        return p


def param(shape, dtype=np.float32):
    """A body Parameter."""
    return o8.parameter(list(shape), np.dtype(dtype), name=f"bp{next(_names)}")


def const(value, dtype=np.int64):
    return o8.constant(np.asarray(value, dtype=dtype))


def floats(*shape, seed=0):
    """Multiples of 1/8 in [-8, 8): exact in f32 through a few adds."""
    return (np.random.default_rng(seed).integers(-64, 64, shape) / 8).astype(np.float32)


def loop(trip, first, body_results, body_params, current=-1, condition=0):
    """A Loop-5 over ``ov.Model(body_results, body_params)``; ``current``/``condition``: the
    special body ports (the Parameter counting iterations, the Result saying whether to go on)."""
    body = ov.Model(body_results, body_params, f"body{next(_names)}")
    node = o5.loop(trip, first)
    node.set_function(body)
    node.set_special_body_ports([current, condition])
    return node, body


def tensor_iterator(body_results, body_params):
    body = ov.Model(body_results, body_params, f"body{next(_names)}")
    node = o1.tensor_iterator()
    node.set_body(body)
    return node, body


def if_op(cond, then_body: ov.Model, else_body: ov.Model, pairs, results):
    """An If: ``pairs`` (value, then Parameter or None, else Parameter or None), ``results``
    (then Result, else Result) per output. Returns the outputs."""
    node = o8.if_op(cond.output(0))
    node.set_then_body(then_body)
    node.set_else_body(else_body)
    for value, tp, ep in pairs:
        node.set_input(value.output(0), tp, ep)
    return [node.set_output(t, e) for t, e in results]


@dataclass
class BodyCase:
    """``build(feeder)`` makes the layer and returns its outputs (ov Outputs)."""

    name: str
    build: Callable
    expect: list | None = None
    plugin: list | None = None
    why: str = ""
    oracle: bool = True
    inputs: tuple = ()  # for the docs: what the case is fed (T rows)
    # What OpenVINO's API cannot write (an attribute left out, a Loop's output concatenated
    # backwards): ``change(root)`` edits the saved XML, the case alone in its model, before both run.
    change: Callable | None = None

    def __post_init__(self):
        if (self.plugin is not None or not self.oracle) and self.expect is None:
            raise ValueError(f"{self.name}: a plugin row or a case the plugin cannot run needs expect=")


@dataclass
class BodyError:
    """A model ``build(feeder)`` broken by ``change(root)`` (the XML root; may return nothing):
    ``irexec run`` must exit ``exit`` with one line matching ``match`` that names ``layer`` (a
    regex of the layer's path), and ``irexec lint`` report ``code`` (None: lint finds no error)."""

    name: str
    build: Callable
    change: Callable
    match: str
    code: str | None = None
    exit: int = 1
    layer: str = ""
    limit: dict = field(default_factory=dict)  # module attributes set for the run: {"MAX_ITERATIONS": 5}


class BodyTable:
    def __init__(self, op_type: str, version: str, cases: list, errors: list = ()):
        self.type, self.versions = op_type, (version,)
        self.body_cases, self.errors = list(cases), list(errors)
        # No rows.Case rows: those are what the fuzzers' seeds and the docs make layers of, and a
        # layer with bodies cannot be made of them. The plugin's departures, as rows.Case rows
        # for a docs generator that can tell them apart:
        self.cases = []
        self.departures = [
            DocRow(c.inputs, expect=tuple(c.expect), plugin=[tuple(c.plugin)], why=c.why, name=c.name)
            for c in self.body_cases
            if c.plugin is not None
        ]
        self.outputs = 1

    def covers(self) -> set:
        return {(self.type, self.versions[0])} if any(c.oracle for c in self.body_cases) else set()

    def expanded(self, rows) -> list:
        return [(row, self.versions[0]) for row in rows]

    def n_outputs(self, row, version) -> int:
        return len(row.expect)

    def pytest(self):
        table = self

        def test_cases(tmp_path):
            for oracle in (True, False):
                group = [c for c in table.body_cases if c.oracle == oracle and c.change is None]
                if group:
                    run_group(group, oracle, tmp_path / ("plugin" if oracle else "alone"))
            for n, case in enumerate(c for c in table.body_cases if c.change is not None):
                run_group([case], case.oracle, tmp_path / f"changed{n}", case.change)

        @pytest.mark.parametrize("row", table.errors, ids=[e.name for e in table.errors])
        def test_errors(row, tmp_path):
            run_error(row, tmp_path)

        return test_cases, test_errors


def _model(cases: list) -> tuple:
    """One ov.Model holding every case: (model, feeds, [(case, [output names])])."""
    params, results, feeds, spans = [], [], {}, []
    for n, case in enumerate(cases):
        f = Feeder(f"c{n}")
        outs = case.build(f)
        names = []
        for k, out in enumerate(outs):
            name = f"c{n}_out{k}"
            res = o8.result(out)
            res.set_friendly_name(name)
            res.output(0).get_tensor().set_names({name})
            results.append(res)
            names.append(name)
        params += f.params
        feeds.update(f.feeds)
        spans.append((case, names))
    return ov.Model(results, params, "table"), feeds, spans


def run_group(cases: list, oracle: bool, folder, change: Callable | None = None) -> None:
    import irexec
    from helpers.oracle import save
    from irexec.check.lint import check

    folder.mkdir(parents=True)
    model, feeds, spans = _model(cases)
    path = save(model, folder)
    if change is not None:
        tree = etree.parse(path)
        change(tree.getroot())
        tree.write(path)
    found = [str(f) for f in check(path).findings if f.code[:1] != "W"]
    assert not found, f"irexec's rules disagree with OpenVINO's ports: {found}"
    m = irexec.read_model(path)
    mine = m.infer(feeds)
    by_result = {m.graph.layer(info.layer_id).name: mine[info.name] for info in m.outputs}
    theirs = _plugin(path, feeds) if oracle else {}
    for case, names in spans:
        for k, name in enumerate(names):
            got = by_result[name]
            where = f"case {case.name!r} output {k}"
            if case.expect is not None:
                _same(got, np.asarray(case.expect[k]), f"{where}: irexec vs the spec")
            if not oracle:
                continue
            if case.plugin is not None:
                options = [np.asarray(case.expect[k]), np.asarray(case.plugin[k])]
                assert any(_equal(theirs[name], o) for o in options), (
                    f"{where}: the plugin gives {theirs[name]!r}, neither the spec's nor the recorded departure"
                )
            else:
                _same(got, theirs[name], f"{where}: irexec vs the plugin")


def _plugin(path: str, feeds: dict) -> dict:
    from helpers.oracle import core

    compiled = core().compile_model(path, "CPU")
    res = compiled(feeds)
    return {port.get_node().get_friendly_name(): np.asarray(res[port]) for port in compiled.outputs}


def _equal(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype.kind == b.dtype.kind and np.array_equal(a, b)


def _same(got, want, what: str) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, f"{what}: shape {list(got.shape)} != {list(want.shape)}"
    if want.dtype != got.dtype and want.dtype.kind == got.dtype.kind:
        want = want.astype(got.dtype)
    assert got.dtype == want.dtype and np.array_equal(got, want), f"{what}:\n  got  {got!r}\n  want {want!r}"


def run_error(row: BodyError, tmp_path) -> None:
    import irexec.ops.iterating as iterating
    from helpers.oracle import save
    from irexec.cli import cli

    f = Feeder("e")
    outs = row.build(f)
    path = save(ov.Model([o8.result(o) for o in outs], f.params, "error"), tmp_path)
    tree = etree.parse(path)
    row.change(tree.getroot())
    tree.write(path)
    np.savez(str(tmp_path / "in.npz"), **f.feeds)
    args = ["run", path] + (["-i", str(tmp_path / "in.npz")] if f.feeds else [])
    with pytest.MonkeyPatch.context() as mp:
        for key, value in row.limit.items():
            mp.setattr(iterating, key, value)
        r = CliRunner().invoke(cli, args, catch_exceptions=False)
    lines = r.output.strip().splitlines()
    assert r.exit_code == row.exit, f"exit {r.exit_code}, wanted {row.exit}: {r.output}"
    assert len(lines) == 1 and lines[0].startswith("error: "), f"not one error line: {r.output!r}"
    assert re.search(row.match, lines[0]), f"{lines[0]!r} does not match {row.match!r}"
    assert re.search(rf"layer '{row.layer}'", lines[0]), f"the error does not name layer {row.layer!r}: {lines[0]!r}"
    lint = CliRunner().invoke(cli, ["lint", path], catch_exceptions=False)
    if row.code is None:
        assert lint.exit_code == 0, f"only a run should show this refusal, but lint says: {lint.output}"
    else:
        assert lint.exit_code == 1 and f" {row.code} " in lint.output, lint.output


def by_type(root, op_type: str):
    """The first layer of ``op_type`` in the XML (at any depth)."""
    return root.find(f".//layer[@type='{op_type}']")


def port_map_entry(root, op_type: str, tag: str, n: int = 0):
    return by_type(root, op_type).findall(f"port_map/{tag}")[n]


def set_slicing(op_type: str, tag: str, **attrs) -> Callable:
    """A change: the first sliced ``tag`` (input or output) of the first ``op_type``'s port map
    gets ``attrs`` (a value of None: the attribute left out, so that its default applies)."""

    def change(root):
        entry = next(e for e in by_type(root, op_type).findall(f"port_map/{tag}") if e.get("axis") is not None)
        for key, value in attrs.items():
            if value is None:
                entry.attrib.pop(key, None)
            else:
                entry.set(key, str(value))

    return change


def declare_outputs(op_type: str, *shapes) -> Callable:
    """A change: the first ``op_type``'s output ports (and the ports their edges reach) declare
    ``shapes``, in order (a shape of None: left as written)."""

    def change(root):
        layer = by_type(root, op_type)
        for port, shape in zip(layer.findall("output/port"), shapes):
            if shape is None:
                continue
            targets = [port]
            for e in root.findall("edges/edge"):
                if e.get("from-layer") == layer.get("id") and e.get("from-port") == port.get("id"):
                    to = root.find(f"layers/layer[@id='{e.get('to-layer')}']")
                    targets += [p for p in to.findall("input/port") if p.get("id") == e.get("to-port")]
            for t in targets:
                for dim in t.findall("dim"):
                    t.remove(dim)
                for d in shape:
                    etree.SubElement(t, "dim").text = str(d)

    return change


def changes(*each: Callable) -> Callable:
    """One change making each of ``each`` in turn."""

    def change(root):
        for c in each:
            c(root)

    return change


__all__ = [
    "BodyCase",
    "BodyError",
    "BodyTable",
    "Feeder",
    "T",
    "by_type",
    "changes",
    "const",
    "declare_outputs",
    "floats",
    "if_op",
    "loop",
    "o1",
    "o5",
    "o8",
    "ov",
    "param",
    "port_map_entry",
    "set_slicing",
    "tensor_iterator",
]
