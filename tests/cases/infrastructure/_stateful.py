"""Case tables for the stateful ops (ReadValue, Assign), run over several inferences.

The shared harness runs each case as a lone layer for one inference; the plugin cannot compile a
ReadValue without its Assign or an Assign without its ReadValue, and one inference says nothing of
state. So each row of these tables is written as a pair: the row's op and its partner (for a
ReadValue row an Assign of the same variable, fed from a Parameter ``next``; for an Assign row a
ReadValue declaring the variable). All the rows go into one IR, compiled once; one plugin request
and one irexec request run STEPS inferences, then reset their state and run one more, and at each
step irexec's outputs and variables must be the plugin's (or the spec's, on a ``plugin`` row).
Error rows are written the same way and run through ``irexec run`` and ``irexec lint``.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from irexec.check.lint import check as lint_check
from irexec.cli import cli
from irexec.shapes import fmt
from irexec.types import BY_NAME

from ..rows import Case, Error, T, Table

ov = pytest.importorskip("openvino")

STEPS = 3  # inferences before the reset; one more after it


@dataclass(frozen=True)
class StateCase(Case):
    """A row: ``inputs`` are the op's (ReadValue's init_value, Assign's new_value: fed at run time
    unless ``const``), ``attrs`` its attributes (``variable_id`` is suffixed per row). ``partner``:
    the partner's attributes (for an Assign row's ReadValue-6: variable_type, variable_shape;
    default: the value's type and shape with the first dim dynamic). ``value_shape``: the concrete
    shape of the variable's values at run time (default: the input's). ``declared``: the variable's
    declared type and shape as irexec shows them (``"f32 [1..10,3]"``), asserted on the model's
    variables and on the ReadValue's output."""

    partner: dict = field(default_factory=dict)
    value_shape: tuple = None
    declared: str | None = None


@dataclass(frozen=True)
class StateError(Error):
    partner: dict = field(default_factory=dict)
    value_shape: tuple = None
    fed_shape: tuple = None  # the shape fed at run time to the variable's values, when not value_shape
    no_partner: bool = False


def _dims_text(dims) -> str:
    return "".join(f"<dim>{d}</dim>" for d in dims)


def _port(pid, etype, dims) -> str:
    prec = BY_NAME[etype].precision if etype else "FP32"
    return f'<port id="{pid}" precision="{prec}">{_dims_text(dims or ())}</port>'


class _Writer:
    """Layers as (id, name, type, version, attrs, [(source id, etype, dims)], [(etype, dims)]); the
    ports are written from irexec's facts when given (a second pass), else as declared here."""

    def __init__(self):
        self.layers, self.blob, self.nid = [], bytearray(), 0

    def _add(self, name, op_type, version, attrs, ins, outs) -> int:
        lid = self.nid
        self.nid += 1
        self.layers.append((lid, name, op_type, version, attrs, ins, outs))
        return lid

    def param(self, name, etype, dims) -> int:
        shape = ",".join(str(d) for d in dims)
        return self._add(name, "Parameter", "opset1", {"shape": shape, "element_type": etype}, [], [(etype, dims)])

    def const(self, name, etype, value) -> int:
        raw = np.ascontiguousarray(value, BY_NAME[etype].dtype).tobytes()
        dims = tuple(np.shape(value))
        attrs = {"element_type": etype, "shape": ",".join(map(str, dims)), "offset": len(self.blob), "size": len(raw)}
        self.blob += raw
        return self._add(name, "Const", "opset1", attrs, [], [(etype, dims)])

    def op(self, name, op_type, version, attrs, ins, outs) -> int:
        return self._add(name, op_type, version, attrs, ins, outs)

    def result(self, name, src, etype, dims) -> None:
        self._add(name, "Result", "opset1", {}, [(src, etype, dims)], [])

    def write(self, path: str, facts: dict = None) -> None:
        def port_of(lid, k, etype, dims):
            f = facts.get((str(lid), k)) if facts is not None else None
            if f is not None and f.shape is not None:
                return (f.etype.name if f.etype else etype, tuple(d.lo if d.is_static else -1 for d in f.shape))
            return etype, dims

        out, edges = [], []
        for lid, name, op_type, version, attrs, ins, outs in self.layers:
            data = " ".join(f"{k}={quoteattr(str(v))}" for k, v in attrs.items())
            in_ports = "".join(_port(j, *port_of(src, 0, et, dims)) for j, (src, et, dims) in enumerate(ins))
            out_ports = "".join(_port(len(ins) + k, *port_of(lid, k, et, dims)) for k, (et, dims) in enumerate(outs))
            body = (f"<input>{in_ports}</input>" if ins else "") + (f"<output>{out_ports}</output>" if outs else "")
            out.append(
                f'<layer id="{lid}" name="{name}" type="{op_type}" version="{version}"><data {data}/>{body}</layer>'
            )
            for j, (src, _, _) in enumerate(ins):
                src_ins = len(self.layers[src][5])
                edges.append((src, src_ins, lid, j))
        text = (
            '<?xml version="1.0"?>\n<net name="state_cases" version="11">\n<layers>\n'
            + "\n".join(out)
            + "\n</layers>\n<edges>\n"
            + "\n".join(
                f'<edge from-layer="{a}" from-port="{b}" to-layer="{c}" to-port="{d}"/>' for a, b, c, d in edges
            )
            + "\n</edges>\n</net>\n"
        )
        with open(path, "w") as f:
            f.write(text)
        with open(path[:-4] + ".bin", "wb") as f:
            f.write(bytes(self.blob) or b"\0")


def _partner_version(version: str) -> str:
    return "opset3" if version == "opset3" else "opset6"


def _dyn_first(dims) -> str:
    return ",".join("?" if i == 0 else str(d) for i, d in enumerate(dims))


def _accumulate(w: _Writer, r: int, read: int, value: int, etype: str, dims, grow: bool) -> int:
    """read + value (xor for booleans), or, for a variable whose first dim is dynamic, read and value
    concatenated along it (a cache that grows each step, from the [0, ...] of no init_value)."""
    if grow:
        return w.op(
            f"r{r}_acc", "Concat", "opset1", {"axis": 0}, [(read, etype, dims), (value, etype, dims)], [(etype, dims)]
        )
    op_type = "LogicalXor" if etype == "boolean" else "Add"
    return w.op(
        f"r{r}_acc",
        op_type,
        "opset1",
        {"auto_broadcast": "numpy"},
        [(read, etype, dims), (value, etype, dims)],
        [(etype, dims)],
    )


def _grows(declared) -> bool:
    """Whether the declared first dim may start at 0 (``?``, ``-1``, ``0..n``): the value then
    grows along it from the [0, ...] of no init_value."""
    first = declared.split(",")[0].strip() if declared is not None else ""
    return first in ("?", "-1") or first.startswith("0..")


def _write_row(
    w: _Writer, table: Table, row, version: str, r: int, init_values, const_all: bool, accumulate: bool = True
) -> dict:
    """One row's pair; returns what it feeds and reads: {"feeds": [(name, etype, shape)], "read": result
    name, "variable": id}."""
    attrs = dict(row.attrs)
    vid = attrs.get("variable_id")
    if vid:
        attrs["variable_id"] = f"{vid}_r{r}"
    t = row.inputs[0] if row.inputs else None
    info = {"feeds": [], "variable": attrs.get("variable_id")}
    if table.type == "ReadValue":
        ins = []
        if t is not None:
            if t.const or const_all:
                src = w.const(f"r{r}_init", t.etype, init_values[r])
            else:
                src = w.param(f"r{r}_init", t.etype, t.shape)
                info["feeds"].append((f"r{r}_init", t.etype, getattr(row, "fed_shape", None) or tuple(t.shape)))
            ins = [(src, t.etype, tuple(t.shape))]
        op = w.op(f"r{r}_op", "ReadValue", version, attrs, ins, [(None, ())])
        w.result(f"r{r}_read", op, None, ())
        etype = attrs.get("variable_type", t.etype if t else None)
        if etype in (None, "dynamic"):
            etype = t.etype if t is not None else "f32"
        shape = row.value_shape if row.value_shape is not None else tuple(t.shape)
        declared = attrs.get("variable_shape")
        nxt_dims = tuple(-1 for _ in shape) if declared is not None and ("?" in declared or ".." in declared) else shape
        nxt = w.param(f"r{r}_next", etype, nxt_dims)
        info["feeds"].append((f"r{r}_next", etype, shape))
        # The Assign stores read + next: it depends on the ReadValue, as in real models (an Assign-3
        # finds its variable among the layers it depends on; the plugin runs an Assign that does not
        # depend on the ReadValue before it: tests/api/test_state.py).
        if not getattr(row, "no_partner", False):
            nxt = _accumulate(w, r, op, nxt, etype, nxt_dims, _grows(declared))
            w.op(
                f"r{r}_assign",
                "Assign",
                _partner_version(version),
                {"variable_id": attrs.get("variable_id", "")},
                [(nxt, etype, nxt_dims)],
                [(etype, nxt_dims)],
            )
    else:
        shape = row.value_shape if row.value_shape is not None else tuple(t.shape)
        partner = dict(row.partner)
        rv = None
        if getattr(row, "no_partner", False):
            pass
        elif version == "opset3":
            init = w.const(f"r{r}_zeros", t.etype, np.zeros(shape, BY_NAME[t.etype].dtype))
            rv = w.op(
                f"r{r}_read_op",
                "ReadValue",
                "opset3",
                {"variable_id": attrs.get("variable_id", "")},
                [(init, t.etype, shape)],
                [(t.etype, shape)],
            )
        else:
            partner.setdefault("variable_type", t.etype)
            partner.setdefault("variable_shape", _dyn_first(shape))
            rv = w.op(
                f"r{r}_read_op",
                "ReadValue",
                "opset6",
                {"variable_id": attrs.get("variable_id", ""), **partner},
                [],
                [(None, ())],
            )
        if not getattr(row, "no_partner", False):
            w.result(f"r{r}_read", rv, None, ())
        fed = getattr(row, "fed_shape", None) or shape
        if t.const or const_all:
            src = w.const(f"r{r}_value", t.etype, init_values[r])
        else:
            src = w.param(f"r{r}_value", t.etype, tuple(t.shape))
            info["feeds"].append((f"r{r}_value", t.etype, fed))
        if rv is not None and (accumulate or version == "opset3"):
            src = _accumulate(w, r, rv, src, t.etype, tuple(t.shape), _grows(partner.get("variable_shape")))
        w.op(
            f"r{r}_op",
            "Assign",
            version,
            attrs,
            [(src, t.etype, tuple(t.shape))],
            [(t.etype, tuple(t.shape))] * (row.outputs if row.outputs is not None else 1),
        )
        # (Nothing reads the Assign's output: the plugin refuses to compile an Assign that feeds a Result.)
    info["read"] = f"r{r}_read"
    return info


def _build(table: Table, rows: list, path: str, const_all=False, accumulate=True) -> list:
    """Write ``rows`` [(row, version)] as one IR, ports from irexec's own rules."""
    values = []
    for r, (row, version) in enumerate(rows):
        rng = np.random.default_rng(zlib.crc32(f"{table.type}/{version}/{r}/const".encode()))
        values.append(row.inputs[0].array(rng) if row.inputs and min(row.inputs[0].shape, default=0) >= 0 else None)
    for facts in (None, "again"):
        w = _Writer()
        infos = [
            _write_row(w, table, row, version, r, values, const_all, accumulate)
            for r, (row, version) in enumerate(rows)
        ]
        w.write(path, None if facts is None else lint_check(path).facts)
    return infos


def _step_feeds(table, rows, infos, step: int) -> dict:
    feeds = {}
    for r, ((row, version), info) in enumerate(zip(rows, infos)):
        rng = np.random.default_rng(zlib.crc32(f"{table.type}/{version}/{r}/{step}".encode()))
        for name, etype, shape in info["feeds"]:
            t = row.inputs[0] if row.inputs else None
            feeds[name] = _values(rng, etype, shape, t if t is not None and t.etype == etype else None)
    return feeds


def _values(rng, etype, shape, t):
    """Random values for one step (the row's ``low``/``high`` when it has them)."""
    return T(etype, tuple(shape), low=t.low if t else None, high=t.high if t else None).array(rng)


def _plugin_request(path: str):
    core = ov.Core()
    compiled = core.compile_model(core.read_model(path), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    names = [o.get_node().get_friendly_name() for o in compiled.outputs]
    request = compiled.create_infer_request()
    request.ports = {p.get_node().get_friendly_name(): p for p in compiled.inputs}
    return request, names


def _plugin_step(request, names, feeds) -> dict:
    res = request.infer({request.ports[k]: v for k, v in feeds.items()})
    return {n: np.array(res[i]) for i, n in enumerate(names)}


def run_state_cases(table: Table, tmp_path) -> None:
    rows = table.expanded(table.cases)
    compared = [(row, v) for row, v in rows if row.oracle]
    path = str(tmp_path / "state.xml")
    infos = _build(table, compared, path)
    plugin, names = _plugin_request(path)
    model = irexec.read_model(path)
    _check_declared(table, path, model, compared, infos)
    mine = model.create_infer_request()
    schedule = list(range(STEPS)) + ["reset", STEPS]
    for step in schedule:
        if step == "reset":
            plugin.reset_state()
            mine.reset_state()
            continue
        feeds = _step_feeds(table, compared, infos, step)
        theirs = _plugin_step(plugin, names, feeds)
        ours = mine.infer(feeds)
        for r, ((row, version), info) in enumerate(zip(compared, infos)):
            where = f"{table.type}-{version} case {row.name or r} step {step}"
            for key in (k for k in (info["read"], f"r{r}_out") if k in theirs):
                _same(ours[key], theirs[key], f"{where} output {key}")
        got = {s.name: s.state for s in mine.query_state()}
        for s in plugin.query_state():
            theirs = np.array(s.state.data)
            if got[s.name].ndim == 0 and theirs.shape == (1,):
                theirs = theirs.reshape(())  # (the plugin shows a scalar variable's state as [1])
            _same(got[s.name], theirs, f"{table.type} step {step}: variable {s.name}")
    # The same rows with every input a constant (the ReadValue's init_value is then folded ahead).
    cpath = str(tmp_path / "const.xml")
    cinfos = _build(table, compared, cpath, const_all=True)
    again = irexec.read_model(cpath).create_infer_request()
    for step in range(STEPS):
        again.infer(_step_feeds(table, compared, cinfos, step))


def _check_declared(table: Table, path: str, model, rows: list, infos: list) -> None:
    """Each row's ``declared``: the variable's type and shape, and what the rules give its ReadValue."""
    variables = {v.name: v for v in model.variables}
    facts = lint_check(path).facts
    ids = {layer.name: lid for lid, layer in model.graph.layers.items()}
    for r, ((row, version), info) in enumerate(zip(rows, infos)):
        if getattr(row, "declared", None) is None:
            continue
        where = f"{version} case {row.name!r}"
        variable = variables[info["variable"]]
        assert f"{variable.element_type} {fmt(variable.shape)}" == row.declared, f"{where}: variable {variable}"
        reader = ids[f"r{r}_op" if table.type == "ReadValue" else f"r{r}_read_op"]
        fact = facts[(reader, 0)]
        assert f"{fact.etype} {fmt(fact.shape)}" == row.declared, f"{where}: the ReadValue gives {fact}"


def _same(got, want, what: str) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, (
        f"{what}: {got.dtype} {list(got.shape)} vs {want.dtype} {list(want.shape)}"
    )
    assert np.array_equal(got, want, equal_nan=got.dtype.kind == "f"), f"{what}:\n got  {got!r}\n want {want!r}"


def run_state_error(table: Table, row: StateError, version: str, mode: str, tmp_path) -> None:
    path = str(tmp_path / "error.xml")
    infos = _build(table, [(row, version)], path, const_all=mode == "const", accumulate=False)
    feeds = _step_feeds(table, [(row, version)], infos, 0)
    np.savez(str(tmp_path / "in.npz"), **feeds)
    args = ["run", path] + (["-i", str(tmp_path / "in.npz")] if feeds else [])
    r = CliRunner().invoke(cli, args, catch_exceptions=False)
    lines = r.output.strip().splitlines()
    assert r.exit_code == row.exit, f"exit {r.exit_code}, wanted {row.exit}: {r.output}"
    assert len(lines) == 1 and lines[0].startswith("error: "), f"not one error line: {r.output!r}"
    assert re.search(row.match, lines[0]), f"{lines[0]!r} does not match {row.match!r}"
    assert "r0_" in lines[0], f"the error does not name the layer: {lines[0]!r}"
    lint = CliRunner().invoke(cli, ["lint", path], catch_exceptions=False)
    if row.at == "run":
        assert lint.exit_code == 0, f"only the values should show this refusal, but lint says: {lint.output}"
    elif row.code is not None:
        assert lint.exit_code == 1 and f" {row.code} " in lint.output, lint.output


class StateTable(Table):
    """A Table whose rows run as pairs over several inferences (see the module docstring)."""

    def pytest(self):
        table = self

        def test_cases(tmp_path):
            run_state_cases(table, tmp_path)

        params = table.error_params()  # (each row in the modes it runs in: none that could only skip)

        @pytest.mark.parametrize("mode,row,version", params)
        def test_errors(row, version, mode, tmp_path):
            run_state_error(table, row, version, mode, tmp_path)

        return test_cases, test_errors if params else None
