"""``irexec layer``: run a lone ``<layer>`` element pasted from the operation specs, and check its
outputs against the expected values its comments give (see irexec/layer/)."""

from __future__ import annotations

import json
import re

import click
import numpy as np

from ..errors import UsageError, one_line, terminal_text
from ..io.npy import load_npy
from ..io.outputs import save_npz_atomic, storable
from ..ir.reader import read_bytes
from ..layer import LayerRun, check_layer, parse_snippet
from ..limits import default_max_tensor_bytes, parse_size

# Outputs larger than this are left out of --format json (as null), which would otherwise hold
# tens of millions of numbers as text: -o writes them whole.
JSON_VALUES_LIMIT = 1 << 20
MISMATCHES_SHOWN = 10
FULL_LIMIT = 32  # arrays up to this many elements are shown whole; larger ones by their first values
PREVIEW = 6


@click.command()
@click.argument("snippet", type=click.Path(dir_okay=False))
@click.option(
    "-i",
    "--input",
    "input_specs",
    multiple=True,
    metavar="PORT=FILE.npy",
    help="Values for an input port (its id, or its index): a .npy file. Repeatable; wins over a values comment.",
)
@click.option(
    "--random",
    "use_random",
    is_flag=True,
    help="Fill inputs without values: random data, and indices and axes valid for the op.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --random.")
@click.option(
    "--opset",
    metavar="VERSION",
    help="Run the layer as this version, e.g. opset3 (default: the snippet's version, else the newest irexec knows).",
)
@click.option(
    "--format",
    "out_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="How to show the results.",
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="Also write the outputs to this .npz, keyed by port id."
)
@click.option(
    "--max-bytes",
    metavar="SIZE",
    help="The most one tensor may take, e.g. 512M or 4G. Default: half the memory, at most 16G.",
)
def layer(snippet, input_specs, use_random, seed, opset, out_format, output, max_bytes):
    """Run the <layer> in SNIPPET (as pasted from the operation specs) and check its outputs.

    Values comments on ports (<!-- values: [1, 2, 3] -->) give an input's values or an output's
    expected ones. Exit status: 0 when every expected value matches, 1 on a mismatch or error.

    \b
    Examples:
      irexec layer examples/scatter_nd_update_15_example2.xml
      irexec layer snippet.xml --random --seed 3 --format json
      irexec layer snippet.xml -i 0=data.npy -i 1=indices.npy
    """
    budget = parse_size(max_bytes) if max_bytes else default_max_tensor_bytes()
    parsed = parse_snippet(read_bytes(snippet), snippet)
    inputs, sources = {}, {}
    for spec in input_specs:
        key, path = _split(spec, parsed)
        port = parsed.input_port(key)
        if port.id in inputs:
            raise UsageError(f"input port {port.id} is given twice")
        inputs[port.id] = _load(path, port, budget)
        sources[port.id] = path
    run = check_layer(parsed, inputs, use_random, seed, opset=opset, max_tensor_bytes=budget, sources=sources)
    if output:
        save_npz_atomic(output, {t.port: t.array for t in run.outputs})
    if out_format == "json":
        click.echo(json.dumps(_as_json(run)))
    else:
        click.echo(terminal_text("\n".join(_report(run))))
        if output:
            click.echo(f"wrote {len(run.outputs)} output(s) to {one_line(output)}")
    for note in run.notes:
        click.echo(f"note: {one_line(note)}", err=True)
    failed = [c.port for c in run.checks if not c.match]
    if failed:
        ports = one_line(", ".join(failed))
        click.echo(
            f"error: output port{'s' if len(failed) > 1 else ''} {ports} "
            f"differ{'' if len(failed) > 1 else 's'} from the expected values",
            err=True,
        )
        click.get_current_context().exit(1)


def _split(spec: str, parsed) -> tuple:
    if "=" in spec:
        return tuple(spec.split("=", 1))
    if len(parsed.inputs) == 1:
        return parsed.inputs[0].id, spec
    raise UsageError(f"--input '{spec}': use PORT=FILE.npy (the layer has {len(parsed.inputs)} inputs)")


def _load(path: str, port, budget: int) -> np.ndarray:
    """A .npy read by the shared reader: header checked (no pickle, the port's dims, the budget)
    before any data is read."""
    return load_npy(path, f"port {port.id}", port.dims, budget)


def _attr_text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value))
    return str(value)


def _report(run: LayerRun) -> list:
    head = f"{run.type} {run.version}"
    if run.attrs:
        head += "  " + " ".join(f"{k}={_attr_text(v)}" for k, v in run.attrs.items())
    if not run.version_given:
        head += "  (the snippet names no version: the newest irexec knows)"
    checks = {c.port: c for c in run.checks}
    rows = []
    for t in run.inputs:
        note = "" if t.source in ("values comment", "given") else f"  ({t.source})"
        rows.append(["input", t.port, t.element_type.name, _shape(t.array), show(t.array), note, None])
    for t in run.outputs:
        c = checks.get(t.port)
        if c is None:
            rows.append(["output", t.port, t.element_type.name, _shape(t.array), show(t.array), "", None])
            continue
        width = cell_width(c.expected, c.computed)
        status = (
            "  (as expected)"
            if c.match
            else f"  MISMATCH at {c.mismatches} of {c.mask.size} position{'s' if c.mask.size > 1 else ''}"
        )
        rows.append(
            [
                "output",
                t.port,
                t.element_type.name,
                _shape(t.array),
                show(t.array, width),
                status,
                None if c.match else (c, width),
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [head]
    for r in rows:
        prefix = "  ".join(cell.ljust(w) for cell, w in zip(r[:4], widths)) + "  "
        lines.append((prefix + r[4] + r[5]).rstrip())
        if r[6] is not None:
            lines += _mismatch_lines(*r[6], len(prefix))
    return lines


def _mismatch_lines(check, width: int, indent: int) -> list:
    if check.expected.size <= FULL_LIMIT:
        return ["expected".rjust(indent - 2) + "  " + show(check.expected, width)]
    lines = []
    bad = np.argwhere(~check.mask)
    for pos in bad[:MISMATCHES_SHOWN]:
        at = tuple(int(i) for i in pos)
        lines.append(
            " " * indent + f"at {list(at)}: expected {show(check.expected[at])}, computed {show(check.computed[at])}"
        )
    if len(bad) > MISMATCHES_SHOWN:
        lines.append(" " * indent + f"... and {len(bad) - MISMATCHES_SHOWN} more")
    return lines


def _shape(arr: np.ndarray) -> str:
    return str(list(arr.shape))


def _as_json(run: LayerRun) -> dict:
    def values(arr):
        return to_json_values(arr) if arr.size <= JSON_VALUES_LIMIT else None

    return {
        "op": {"type": run.type, "version": run.version},
        "outputs": [
            {
                "port": t.port,
                "shape": list(t.array.shape),
                "element_type": t.element_type.name,
                "values": values(t.array),
            }
            for t in run.outputs
        ],
        "checks": [
            {"port": c.port, "expected": to_json_values(c.expected), "computed": values(c.computed), "match": c.match}
            for c in run.checks
        ],
        "notes": run.notes,
    }


def _fmt(x, precision=None) -> str:
    if isinstance(x, (bool, np.bool_)):
        return "true" if x else "false"
    if isinstance(x, (float, np.floating)):
        text = np.format_float_positional(x, precision=precision, trim="-")
        return text if len(text) <= 12 else np.format_float_scientific(x, precision=precision, trim="-")
    return str(x)


def show(arr: np.ndarray, width: int = 0) -> str:
    """Values on one line: whole (each padded to ``width``) when small, else the first few."""
    arr = storable(np.asarray(arr))
    if arr.size > FULL_LIMIT:
        head = ", ".join(_fmt(x, 4) for x in arr.reshape(-1)[:PREVIEW])
        return f"[{head}, ...]"
    text = np.array2string(
        arr,
        separator=", ",
        threshold=FULL_LIMIT + 1,
        max_line_width=1 << 30,
        formatter={"all": lambda x: _fmt(x).rjust(width)},
    )
    return re.sub(r"\n\s*", " ", text)


def cell_width(*arrays) -> int:
    return max((len(_fmt(x)) for a in arrays if a.size <= FULL_LIMIT for x in storable(a).reshape(-1)), default=0)


def to_json_values(arr: np.ndarray):
    """Nested lists; NaN and infinities as the strings "NaN", "Infinity", "-Infinity" (JSON has
    no such numbers)."""
    arr = storable(np.asarray(arr))
    if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
        obj = arr.astype(np.float64).astype(object)
        obj[np.isnan(arr)] = "NaN"
        obj[np.isposinf(arr)] = "Infinity"
        obj[np.isneginf(arr)] = "-Infinity"
        return obj.tolist()
    return arr.tolist()
