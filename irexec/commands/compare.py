"""``irexec compare``: the first layer where an OpenVINO device departs from irexec (see
irexec.compare). Inputs as ``irexec run`` takes them; the report in text or JSON; exit 0 when every
compared tensor agrees, 1 when one differs."""

from __future__ import annotations

import json
import math

import click

from ..api.model import read_model
from ..compare import BATCH, DEFAULT_ATOL, DEFAULT_RTOL, compare
from ..compare.device import import_openvino
from ..compare.report import departure_lines, origin_lines, row_lines
from ..errors import IRExecError, UsageError, one_line
from ..io.inputs import load_inputs, parse_shape_specs
from ..io.random_inputs import random_inputs
from ..io.state import STEP
from ..limits import parse_size
from .pages import check_html, write_html

_SKIPS_SHOWN = 5  # skipped layers named without --all


@click.command()
@click.argument("model", type=click.Path(dir_okay=False))
@click.option(
    "-w", "--weights", type=click.Path(dir_okay=False), help="The .bin file (default: the model's path with .bin)."
)
@click.option("-d", "--device", default="CPU", show_default=True, help="The OpenVINO device: CPU, GPU, NPU, AUTO, ...")
@click.option(
    "-i",
    "--input",
    "input_specs",
    multiple=True,
    metavar="KEY=FILE.npy | FILE.npz",
    help="An input, as irexec run takes it: KEY is the input's index (digits, from 0) or its name "
    "(in double quotes when it is digits, holds '=' or starts with a quote). Repeatable; with "
    "--steps, '{step}' in the path is "
    "replaced by the step's number.",
)
@click.option(
    "--random",
    "use_random",
    is_flag=True,
    help="Fill every input not given with random values (as irexec run --random).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --random.")
@click.option(
    "--shape",
    "shape_specs",
    multiple=True,
    metavar="KEY=D1,D2,...",
    help="With --random: the shape of an input with dynamic dims, its KEY as for -i. Repeatable.",
)
@click.option(
    "--rtol",
    type=float,
    default=DEFAULT_RTOL,
    show_default=True,
    metavar="R",
    help="Relative tolerance for float tensors (integers and booleans compare exactly).",
)
@click.option(
    "--atol",
    type=float,
    default=DEFAULT_ATOL,
    show_default=True,
    metavar="A",
    help="Absolute tolerance for float tensors.",
)
@click.option(
    "--precision",
    type=click.Choice(["f32", "f16", "bf16", "default"]),
    default="f32",
    show_default=True,
    help="The device's INFERENCE_PRECISION_HINT ('default': leave it unset).",
)
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help="List every diverging tensor and every skipped layer, not just the first departure.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="The report as text or as JSON (on stdout; the error line stays on stderr).",
)
@click.option(
    "--steps",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="N",
    help="Run N inferences on one request on each side (a model's variables carry from step to "
    "step) and compare every step.",
)
@click.option(
    "--batch",
    type=click.IntRange(min=1),
    default=BATCH,
    show_default=True,
    metavar="N",
    help="The most intermediate tensors exposed per compiled model on the device (and at most 256 MiB of them).",
)
@click.option("--max-bytes", metavar="SIZE", help="The most one tensor may take in irexec, e.g. 512M.")
@click.option(
    "--inputs",
    "dataset",
    metavar="DIR|GLOB|DATASET.npz",
    help="Compare every sample (as irexec run --inputs takes them) on the final outputs, then "
    "layer by layer on the worst sample; --all lists every failing sample.",
)
@click.option("--no-layers", is_flag=True, help="With --inputs: skip the layer-by-layer comparison.")
@click.option(
    "--html",
    "html_file",
    metavar="FILE",
    help="Also write the comparison as one self-contained page: each tensor's error along the "
    "execution order, the departures, the worst tensors' histograms and the graph coloured by error "
    "(with --inputs: each output's per-sample errors).",
)
def compare_command(
    model,
    weights,
    device,
    input_specs,
    use_random,
    seed,
    shape_specs,
    rtol,
    atol,
    precision,
    show_all,
    fmt,
    steps,
    batch,
    max_bytes,
    dataset,
    no_layers,
    html_file,
):
    """Find the first layer whose outputs on an OpenVINO device depart from irexec's.

    Every intermediate tensor is exposed on the device and compared with irexec's, in execution
    order; the culprit is the first layer that differs while its inputs agree. Exit status 0 when
    all agree, 1 when a tensor differs.

    \b
    Examples:
      irexec compare model.xml --random
      irexec compare model.xml -i x=x.npy --device GPU --precision f16 --rtol 1e-2
      irexec compare llm.xml -i ids=step{step}.npy --steps 3 --all --format json
      irexec compare model.xml --inputs samples/ --format json
    """
    for flag, value in (("--rtol", rtol), ("--atol", atol)):
        if not value >= 0:  # (NaN fails too)
            raise UsageError(f"{flag} must be a number >= 0, got {value}")
    if dataset is not None:
        clash = [
            flag
            for flag, used in (
                ("-i", input_specs),
                ("--random", use_random),
                ("--shape", shape_specs),
                ("--steps", steps > 1),
            )
            if used
        ]
        if clash:
            raise UsageError(f"--inputs compares a dataset: {', '.join(clash)} cannot be used with it")
    elif no_layers:
        raise UsageError("--no-layers needs --inputs")
    if html_file is not None:
        check_html(html_file)  # (before the run, which may be long)
    import_openvino()  # (before reading inputs: say what is missing first)
    if dataset is not None:
        from .compare_dataset import compare_dataset_command

        return compare_dataset_command(
            model,
            weights,
            device,
            dataset,
            rtol,
            atol,
            None if precision == "default" else precision,
            show_all,
            fmt,
            batch,
            parse_size(max_bytes) if max_bytes else None,
            not no_layers,
            html_file,
        )
    m = read_model(model, weights, parse_size(max_bytes) if max_bytes else None)
    shapes = parse_shape_specs(m, shape_specs)
    per_step = []
    for k in range(steps):
        feeds = load_inputs(m, input_specs, step=k)
        if use_random:
            feeds.update(random_inputs(m, feeds, shapes, seed + k))
        missing = [i.name for i in m.inputs if i.name not in feeds]
        if missing:
            raise UsageError(f"no value for input(s) {', '.join(map(one_line, missing))}: give -i or --random")
        per_step.append(feeds)
        if k == 0 and steps > 1 and not use_random and not any(STEP in s for s in input_specs):
            per_step *= steps  # (the same files every step)
            break
    report = compare(
        model,
        per_step,
        device,
        rtol,
        atol,
        None if precision == "default" else precision,
        weights,
        batch,
        until_first=not show_all,
        max_tensor_bytes=parse_size(max_bytes) if max_bytes else None,
    )
    if fmt == "json":
        click.echo(json.dumps(report.to_dict(), indent=1))
    else:
        click.echo("\n".join(text_report(report, show_all)))
    if html_file is not None:
        write_html(html_file, accuracy_html(m, report))
    first = report.first
    at = f" (at step {first.step})" if first and steps > 1 else ""
    if first is None and report.diverging:
        first = report.diverging[0]
        at = f" at step {first.step}" if steps > 1 else ""
        message = (
            f"the first tensor that differs on {device}{at}; no layer departs on its own inputs: the "
            f"differences grow from ones within tolerance (a larger --rtol/--atol may suit)"
        )
    else:
        message = f"the first layer whose outputs on {device} depart from irexec's{at}"
    if first is not None:
        raise IRExecError(
            message, file=model, line=first.line, layer=first.layer, layer_id=first.layer_id, layer_type=first.type
        )


def accuracy_html(m, report) -> str:
    """The report's page, with the graph view coloured by each layer's largest relative error over
    its outputs and steps (a non-finite one drawn as ten times the largest finite one)."""
    from ..compare.page import accuracy_page

    worst: dict = {}
    for row in report.rows:
        e = worst.setdefault(row.layer_id, {"max_rel": 0.0, "max_abs": 0.0, "first": False})
        e["max_rel"], e["max_abs"] = _worse(e["max_rel"], row.max_rel), _worse(e["max_abs"], row.max_abs)
        e["first"] = e["first"] or row is report.first
    finite = [v for e in worst.values() for v in (e["max_rel"], e["max_abs"]) if math.isfinite(v)]
    top = 10 * max(finite, default=0.1) or 1.0
    for e in worst.values():
        for key in ("max_rel", "max_abs"):
            e[key] = e[key] if math.isfinite(e[key]) else top
    graph = m.graph_page(errors=worst, title=f"{m.graph.name}: error on {report.device}")
    return accuracy_page(report.to_dict(), graph)


def _worse(a: float, b: float) -> float:
    """The larger error, NaN the largest (max() would keep whichever comes first)."""
    return b if math.isnan(b) or (not math.isnan(a) and b > a) else a


def text_report(report, show_all: bool) -> list:
    first = report.first
    rows = report.diverging if show_all else [first] if first else report.diverging[:1]
    lines = []
    for row in rows:
        lines += row_lines(row, report.steps > 1, row is first)
    lines += origin_lines(report) + departure_lines(report)
    shown = report.skipped if show_all else report.skipped[:_SKIPS_SHOWN]
    for s in shown:
        lines.append(f"skipped   '{one_line(s.layer)}' (id {one_line(s.layer_id)}, {s.type}): {s.reason}")
    if len(shown) < len(report.skipped):
        lines.append(f"          ... and {len(report.skipped) - len(shown)} more skipped (--all lists them)")
    layers = len({(r.layer_id) for r in report.rows})
    how = (
        f"on {one_line(report.device)} (precision {report.precision or 'default'}; floats: rtol {report.rtol:g}, "
        f"atol {report.atol:g}; integers exactly)"
    )
    steps = f" over {report.steps} steps" if report.steps > 1 else ""
    summary = f"compared {len(report.rows)} tensor(s) of {layers} layer(s){steps} {how}"
    if not report.complete:
        summary += ", stopping at the first departure (--all compares every layer)"
    elif report.ok:
        summary += ": all agree"
    else:
        summary += f": {len(report.diverging)} differ"
    if report.skipped:
        summary += f"; {len(report.skipped)} layer(s) skipped"
    return lines + [summary]
