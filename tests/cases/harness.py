"""Run a case table through the whole pipeline and against the OpenVINO CPU plugin.

For each table, one IR holds every case (written here, so a case may leave an attribute out and
test its default); OpenVINO reads it and its inferred output ports are written back into the
file, as ``ov.save_model`` would write them; the plugin compiles it once (f32 inference
precision) and runs every case in one request. irexec then reads the same file (its linter
checks its own shape rules against OpenVINO's ports), runs it, and must give the plugin's
values, or the spec's where the plugin departs (a ``plugin`` row). Each case also runs in irexec
with every input a constant (shape inference folds it) and with every dim dynamic (the rules over
partial shapes), and must give the same values; the shapes shape inference predicts must be the
ones computed. Error rows run through ``irexec run`` and ``irexec lint`` as a user would.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import sys
import zlib

import numpy as np
import pytest
from click.testing import CliRunner

import irexec
from irexec.check.lint import check as lint_check
from irexec.check.shape_inference import infer_shapes
from irexec.cli import cli
from irexec.kernels.packing import unpack
from irexec.run import sizing
from irexec.shapes import compatible, fits, fmt
from irexec.types import BY_NAME

from .irwriter import Row, write_ir
from .rows import Error, Table

ov = pytest.importorskip("openvino")

# Whether the dynamic variant requires every dim OpenVINO's own shape inference knows to be known
# by irexec's rules too (being turned on op by op).
AS_PRECISE_AS_OPENVINO = True


# Internal op types OpenVINO's reader refuses -> (core, path) -> ov.Model (cases/internal registers).
OV_READERS: dict = {}


def _read_ov(core, path: str):
    text = open(path, encoding="utf-8").read()
    build = next((b for t, b in OV_READERS.items() if f'type="{t}"' in text), None)
    return core.read_model(path) if build is None else build(core, path)


# ---- cases -------------------------------------------------------------------------------------


def _arrays(table: Table, rows: list) -> list:
    out = []
    for i, (case, version) in enumerate(rows):
        rng = np.random.default_rng(zlib.crc32(f"{table.type}/{version}/{i}".encode()))
        out.append([t.array(rng) for t in case.inputs])
    return out


def _rows(table: Table, cases: list, arrays: list, mode: str) -> list:
    rows = []
    for (case, version), arrs in zip(cases, arrays):
        ins = []
        for t, a in zip(case.inputs, arrs):
            const = mode == "const" or (mode == "param" and t.const)
            dims = tuple(-1 for _ in a.shape) if mode == "dynamic" and not t.const else tuple(a.shape)
            ins.append((t.etype, dims, a if const or (mode == "dynamic" and t.const) else None))
        rows.append(Row(table.type, version, dict(case.attrs), ins, n_outputs=table.n_outputs(case, version)))
    return rows


def _write(rows: list, path: str, ports: str = "openvino") -> tuple:
    """Write the rows, let OpenVINO (or irexec, for cases the plugin cannot take) infer the output
    ports, and write them back."""
    if ports == "irexec":
        return _write_own_ports(rows, path)
    write_ir(rows, path)
    model = _read_ov(_core(), path)
    by_name = {op.get_friendly_name(): op for op in model.get_ops()}
    for r, row in enumerate(rows):
        op = by_name[f"r{r}_op"]
        row.outputs = [
            (_et_name(op.get_output_element_type(k)), _ov_dims(op.get_output_partial_shape(k)))
            for k in range(op.get_output_size())
        ]
    return write_ir(rows, path)


def _write_own_ports(rows: list, path: str) -> tuple:
    """Write the rows with output ports as irexec's own shape inference gives them (where it
    knows them: an element type with no shape, or nothing)."""
    _, op_ids, _ = write_ir(rows, path)
    facts = lint_check(path).facts
    for row, op_id in zip(rows, op_ids):
        outs = [facts.get((op_id, k)) for k in range(row.n_outputs)]
        row.outputs = [
            (
                f.etype.name if f is not None and f.etype is not None else None,
                () if f is None or f.shape is None else tuple(d.lo if d.is_static else -1 for d in f.shape),
            )
            for f in outs
        ]
    return write_ir(rows, path)


def _et_name(t):
    name = t.get_type_name()
    if name == "dynamic":
        return None
    return {"char": "boolean"}.get(name, name)


def _ov_dims(ps) -> tuple:
    return tuple(d.get_length() if d.is_static else -1 for d in ps)


def run_cases(table: Table, tmp_path) -> None:
    cases = table.expanded(table.cases)
    if not cases:
        pytest.skip("no cases")
    _load_extensions(table)
    arrays = _arrays(table, cases)
    compared = [i for i, (case, _) in enumerate(cases) if case.oracle]
    alone = [i for i, (case, _) in enumerate(cases) if not case.oracle]
    for group, ports in ((compared, "openvino"), (alone, "irexec")):
        if group:
            _run_group(table, [cases[i] for i in group], [arrays[i] for i in group], group, ports, tmp_path / ports)


def _feeds(names: list, cases: list, arrays: list, mode: str) -> dict:
    given = (
        a
        for (case, _), arrs in zip(cases, arrays)
        for t, a in zip(case.inputs, arrs)
        if mode != "const" and not t.const
    )
    return dict(zip(names, given))


def _run_group(table: Table, cases: list, arrays: list, numbers: list, ports: str, folder) -> None:
    """Cases whose output ports OpenVINO infers and whose values the plugin gives (``ports`` is
    "openvino"), or cases only irexec runs (its own ports; values from ``expect``)."""
    folder.mkdir()
    path = str(folder / "param.xml")
    names, op_ids, results = _write(_rows(table, cases, arrays, "param"), path, ports)
    feeds = _feeds(names, cases, arrays, "param")
    plugin = (
        _run_plugin(path, feeds)
        if ports == "openvino"
        else [[None] * table.n_outputs(case, version) for case, version in cases]
    )
    mine = _run_irexec(path, feeds, op_ids, results, static=True)
    for i, (case, version) in zip(numbers, cases):
        where = f"{table.type}-{version} case {case.name or i}"
        j = numbers.index(i)
        if case.allows is not None and case.oracle:
            # The spec leaves these outputs open: the plugin's must be one it allows (and so must
            # irexec's, which the row also pins to ``expect`` below: a check of the check).
            assert case.allows(arrays[j], mine[j]), f"{where}: irexec's outputs are not ones the row allows"
            assert case.allows(arrays[j], plugin[j]), (
                f"{where}: the plugin gives {plugin[j]!r}, not an outcome the spec allows ({case.why})"
            )
        theirs_all = plugin[j]
        if case.unordered is not None and case.oracle:
            # Only the order of the rows is open: irexec's must be its own; the plugin's are put in it.
            for k, (again, got) in enumerate(zip(case.unordered(arrays[j], mine[j]), mine[j])):
                _same(again, got, f"{where} output {k}: irexec's rows out of their order", exact=True)
            theirs_all = case.unordered(arrays[j], plugin[j])
        for k, (got, theirs) in enumerate(zip(mine[j], theirs_all)):
            if case.expect is not None:
                _same(got, np.asarray(case.expect[k]), f"{where} output {k}: irexec vs the spec", exact=True)
            if not case.oracle or case.allows is not None:
                continue
            if case.differs:
                alternatives = case.plugin if isinstance(case.plugin, list) else [case.plugin]
                spec = case.expect[k] if case.expect is not None else got
                options = [np.asarray(spec)] + [np.asarray(p[k]) for p in alternatives]
                assert any(_close(theirs, o, exact=True) for o in options), (
                    f"{where} output {k}: the plugin gives {theirs!r}, neither the spec's {spec!r} nor a "
                    f"recorded departure ({case.why})"
                )
            else:
                _same(got, theirs, f"{where} output {k}: irexec vs the plugin", rtol=case.rtol, atol=case.atol)
    # The same values with every input a constant (folded), and with every dim dynamic.
    for mode in ("const", "dynamic"):
        keep = [j for j, (case, _) in enumerate(cases) if mode != "dynamic" or case.dynamic]
        if not keep:
            continue
        kept, kept_arrays = [cases[j] for j in keep], [arrays[j] for j in keep]
        mpath = str(folder / f"{mode}.xml")
        mnames, mops, mres = _write(_rows(table, kept, kept_arrays, mode), mpath, ports)
        again = _run_irexec(mpath, _feeds(mnames, kept, kept_arrays, mode), mops, mres, static=mode == "const")
        for n, j in enumerate(keep):
            case, version = cases[j]
            i = numbers[j]
            for k, (a, b) in enumerate(zip(mine[j], again[n])):
                _same(
                    b,
                    a,
                    f"{table.type}-{version} case {case.name or i} output {k}: {mode} inputs vs run-time inputs",
                    exact=True,
                )


def _run_plugin(path: str, feeds: dict) -> list:
    from helpers.oracle import from_ov_tensor, to_ov_tensor

    core = _core()
    compiled = core.compile_model(_read_ov(core, path), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    request = compiled.create_infer_request()
    given = list(feeds.values())
    for i, port in enumerate(compiled.inputs):
        # By name; by position when the plugin renamed the Parameter (it compiles a layer that
        # is an identity, Einsum "ij->ij", away, and the Parameter takes the layer's name).
        name = port.get_node().get_friendly_name()
        value = feeds[name] if name in feeds else given[i]
        # A string tensor goes in as <U (OpenVINO takes no object arrays).
        request.set_tensor(port, ov.Tensor(value.astype(str)) if value.dtype.kind == "O" else to_ov_tensor(value))
    request.infer()
    by_name = {}
    for i, port in enumerate(compiled.outputs):
        tensor = request.get_output_tensor(i)
        by_name[port.get_node().get_friendly_name()] = (
            _strings(tensor)
            if tensor.element_type == ov.Type.string
            else _unpacked(tensor)
            if tensor.element_type.bitwidth < 8
            else from_ov_tensor(tensor)
        )
    rows = sorted({int(n.split("_")[0][1:]) for n in by_name})
    return [
        [
            by_name[n]
            for n in sorted((n for n in by_name if n.startswith(f"r{r}_")), key=lambda n: int(n.rsplit("out", 1)[1]))
        ]
        for r in rows
    ]


def _strings(tensor) -> np.ndarray:
    """The plugin's string output as irexec holds strings: its bytes decoded as irexec does."""
    from irexec.strings import decode

    raw = tensor.bytes_data.reshape(-1).tolist() if tensor.get_size() else []
    return np.array([decode(b) for b in raw] or np.empty(0), dtype=object).reshape(tuple(tensor.shape))


def _unpacked(tensor) -> np.ndarray:
    """The plugin's i4/u4/u1 output, packed as in a .bin, as irexec's arrays hold it."""
    etype = BY_NAME[tensor.element_type.get_type_name()]
    count = int(np.prod(tensor.shape, dtype=np.int64))
    raw = np.frombuffer(bytes(np.asarray(tensor.data).view(np.uint8).reshape(-1)), np.uint8)
    return unpack(raw, etype, count).reshape(tuple(tensor.shape))


def _run_irexec(path: str, feeds: dict, op_ids: list, results: list, static: bool) -> list:
    model = irexec.read_model(path)
    out = model.infer(feeds)
    by_result = {info.layer_id: out[info.name] for info in model.outputs}
    result_ids = {model.graph.layer(lid).name: lid for lid in model.plan.results}
    # What shape inference says of each output (the ops' rules alone, on the declared inputs).
    facts = infer_shapes(model.graph, model.plan.order)
    rows = []
    for op_id, names in zip(op_ids, results):
        arrays = [by_result[result_ids[n]] for n in names]
        for k, arr in enumerate(arrays):
            fact = facts[(op_id, k)]
            shape_ok = (
                fits(fact.shape, arr.shape)
                if static
                else (fact.shape is None or compatible(fact.shape, tuple(_dim(n) for n in arr.shape)))
            )
            assert shape_ok, (
                f"layer {op_id} output {k}: shape inference says {fmt(fact.shape)}, the run gave {list(arr.shape)}"
            )
            if not static and AS_PRECISE_AS_OPENVINO:
                # At least as precise as OpenVINO's own inference (the port it wrote back): a dim
                # it knows, irexec's rule must know too.
                port = model.graph.layer(op_id).outputs[k].shape
                if port and fact.shape is not None and len(port) == len(fact.shape):
                    lost = [i for i, (p, f) in enumerate(zip(port, fact.shape)) if p.is_static and f != p]
                    assert not lost, (
                        f"layer {op_id} output {k}: shape inference says {fmt(fact.shape)}, OpenVINO knows {fmt(port)}"
                    )
                elif port and fact.shape is None:
                    raise AssertionError(
                        f"layer {op_id} output {k}: shape inference knows no rank, OpenVINO knows {fmt(port)}"
                    )
            assert fact.etype is None or fact.etype.dtype == arr.dtype, (
                f"layer {op_id} output {k}: shape inference says {fact.etype}, the run gave {arr.dtype}"
            )
        rows.append(arrays)
    return rows


def _dim(n):
    from irexec.shapes import fixed

    return fixed(n)


def _close(a, b, exact=True, rtol=0.0, atol=0.0) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return False
    if a.dtype.kind in "OU" or b.dtype.kind in "OU":  # strings: equal, element by element
        return a.dtype.kind in "OU" and b.dtype.kind in "OU" and bool(np.array_equal(a, b))
    if a.dtype.kind in "biu" or b.dtype.kind in "biu" or exact:
        wa, wb = (
            a.astype(np.float64) if a.dtype.kind not in "biu" else a,
            b.astype(np.float64) if b.dtype.kind not in "biu" else b,
        )
        if wa.dtype.kind == "f" or wb.dtype.kind == "f":
            wa, wb = np.asarray(wa, np.float64), np.asarray(wb, np.float64)
            same = (wa == wb) | (np.isnan(wa) & np.isnan(wb))
            return bool(np.all(same) and np.array_equal(np.signbit(wa[wa == 0]), np.signbit(wb[wa == 0])))
        return bool(np.array_equal(wa, wb))
    wa, wb = a.astype(np.float64), b.astype(np.float64)
    return bool(np.allclose(wa, wb, rtol=rtol, atol=atol, equal_nan=True))


def _same(got, want, what, exact=False, rtol=0.0, atol=0.0) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, f"{what}: shape {list(got.shape)} != {list(want.shape)}"
    if want.dtype.kind != "O" and got.dtype != want.dtype and want.dtype.kind == got.dtype.kind and exact:
        want = want.astype(got.dtype)
    assert _close(got, want, exact=exact or (rtol == 0 and atol == 0), rtol=rtol, atol=atol), (
        f"{what}:\n  got  {got!r}\n  want {want!r}"
    )


# ---- errors ------------------------------------------------------------------------------------


@contextlib.contextmanager
def _steering_limit(n: int):
    saved = sizing.SHAPE_VALUE_LIMIT
    sizing.SHAPE_VALUE_LIMIT = n
    try:
        yield
    finally:
        sizing.SHAPE_VALUE_LIMIT = saved


# One Core for every table: a Core unloads the extension libraries it loaded when it goes, and a
# model read by it that outlives it then crashes as it is freed.
_CORES: list = []


def _core():
    if not _CORES:
        _CORES.append(ov.Core())
    return _CORES[0]


def _load_extensions(table: Table) -> None:
    """openvino_tokenizers' ops (version "extension", NumericToString's "openvino_tokenizers"): the Core
    reads them once its library is added."""
    versions = {v for _, v in table.expanded(table.cases)}
    if table.type not in OV_READERS and versions & {"extension", "openvino_tokenizers"} and not _CORES[1:]:
        # (Its library alone: importing the package would make every NodeFactory of the process
        # build its ops in place of opset15's StringTensorPack/Unpack.)
        spec = importlib.util.find_spec("openvino_tokenizers")
        if spec is None or not spec.submodule_search_locations:
            pytest.skip("the extension ops' oracle is openvino_tokenizers, not installed")
        name = {"win32": "openvino_tokenizers.dll", "darwin": "libopenvino_tokenizers.dylib"}.get(
            sys.platform, "libopenvino_tokenizers.so"
        )
        library = os.path.join(spec.submodule_search_locations[0], "lib", name)
        _core().add_extension(library)
        _CORES.append(library)


def run_error(table: Table, row: Error, version: str, mode: str, tmp_path) -> None:
    rng = np.random.default_rng(zlib.crc32(f"{table.type}/{version}/error/{row.name}".encode()))
    arrays = [t.array(rng) for t in row.inputs]
    ins = [(t.etype, tuple(a.shape), a if mode == "const" or t.const else None) for t, a in zip(row.inputs, arrays)]
    layer = Row(table.type, version, dict(row.attrs), ins, n_outputs=table.n_outputs(row, version))
    path = str(tmp_path / "error.xml")
    # Output ports as irexec's own rule gives them, where it gives them: a refusal that only the
    # values show must not be preceded by a port that disagrees.
    names, _, _ = _write_own_ports([layer], path)
    given = [a for t, a in zip(row.inputs, arrays) if not (mode == "const" or t.const)]
    # (Strings as <U: irexec refuses the pickled object arrays np.savez would write for them.)
    np.savez(str(tmp_path / "in.npz"), **{n: a.astype(str) if a.dtype.kind == "O" else a for n, a in zip(names, given)})
    args = ["run", path] + (["-i", str(tmp_path / "in.npz")] if names else [])
    # Inputs fed at run time are refused twice: as a user's run does (the sizing pass sees the
    # values of small integer inputs, so the op's rule may refuse them), and with the sizing pass
    # blind to every value, so that the op's compute must refuse them itself.
    for value_limit in (sizing.SHAPE_VALUE_LIMIT, 0) if names else (sizing.SHAPE_VALUE_LIMIT,):
        with _steering_limit(value_limit):
            r = CliRunner().invoke(cli, args, catch_exceptions=False)
        seen = "" if value_limit else " (with no input value known before the run)"
        lines = r.output.strip().splitlines()
        assert r.exit_code == row.exit, f"exit {r.exit_code}, wanted {row.exit}{seen}: {r.output}"
        assert len(lines) == 1 and lines[0].startswith("error: "), f"not one error line{seen}: {r.output!r}"
        assert re.search(row.match, lines[0]), f"{lines[0]!r} does not match {row.match!r}{seen}"
        assert "r0_op" in lines[0], f"the error does not name the layer{seen}: {lines[0]!r}"
    found_without_data = mode == "const" or all(t.const for t in row.inputs) or row.at == "lint"
    if row.code is not None and found_without_data:
        lint = CliRunner().invoke(cli, ["lint", path], catch_exceptions=False)
        assert lint.exit_code == 1 and f" {row.code} " in lint.output, lint.output
    elif row.at == "run" and mode == "param":
        lint = CliRunner().invoke(cli, ["lint", path], catch_exceptions=False)
        assert lint.exit_code == 0, f"only the values should show this refusal, but lint says: {lint.output}"
