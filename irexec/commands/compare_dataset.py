"""``irexec compare MODEL --inputs DIR|GLOB|DATASET.npz``: agreement with a device over a dataset
(irexec.compare.dataset), as text or JSON, and with ``--html FILE`` as a page (irexec.compare.page);
exit 0 when every sample agrees, 1 otherwise."""

from __future__ import annotations

import json

import click

from ..batch.job import Progress
from ..compare.dataset import LISTED, compare_dataset
from ..compare.report import row_lines
from ..errors import IRExecError, one_line
from .pages import check_html, write_html


def compare_dataset_command(
    model, weights, device, inputs, rtol, atol, precision, show_all, fmt, batch, max_bytes, layers, html=None
) -> None:
    if html is not None:
        check_html(html)  # (before the run, which may be long: a path that cannot be written fails at once)
    report = compare_dataset(
        model, inputs, device, rtol, atol, precision, weights, layers, batch, max_bytes, progress=Progress
    )
    if fmt == "json":
        click.echo(json.dumps(report.to_dict(None if show_all else LISTED), indent=1))
    else:
        click.echo("\n".join(text_report(report, show_all)))
    if html is not None:
        from ..compare.page import dataset_page

        write_html(html, dataset_page(report.to_dict(limit=None)))
    if report.ok:
        return
    worst, first = report.worst, report.layers.first if report.layers else None
    counts = _counts(report, device)
    if first is not None:
        raise IRExecError(
            f"the first layer whose outputs on {device} depart from irexec's, found on sample "
            f"'{one_line(worst.sample)}', the worst ({counts})",
            file=model,
            line=first.line,
            layer=first.layer,
            layer_id=first.layer_id,
            layer_type=first.type,
        )
    if report.layers is not None and report.layers.diverging:
        row = report.layers.diverging[0]
        raise IRExecError(
            f"the first tensor that differs on {device} on sample '{one_line(worst.sample)}', the worst "
            f"({counts}); no layer departs on its own inputs: the differences grow from ones "
            f"within tolerance",
            file=model,
            line=row.line,
            layer=row.layer,
            layer_id=row.layer_id,
            layer_type=row.type,
        )
    raise IRExecError(counts + (f"; the worst: '{one_line(worst.sample)}'" if worst else ""), file=model)


def _counts(report, device: str) -> str:
    parts = []
    if report.differing:
        parts.append(f"{len(report.differing)} of {len(report.samples)} sample(s) differ on {one_line(device)}")
    if report.failed:
        parts.append(f"{len(report.failed)} of {len(report.samples)} failed to run")
    return ", ".join(parts)


def text_report(report, show_all: bool) -> list:
    failing = [s for s in report.samples if s.status != "ok"]
    shown = failing if show_all else failing[:LISTED]
    lines = [f"{'differs' if s.status == 'differs' else 'failed':9} '{one_line(s.sample)}': {s.error}" for s in shown]
    if len(shown) < len(failing):
        lines.append(f"          ... and {len(failing) - len(shown)} more (--all lists them)")
    for name, v in report.per_output().items():
        if v["worst_sample"] is None:
            continue
        differ = f"; {v['differing_samples']} sample(s) differ" if v["differing_samples"] else ""
        lines.append(
            f"output '{one_line(name)}': max abs err {v['max_abs']:.4g} (sample "
            f"'{one_line(v['worst_sample'])}'), max rel err {v['max_rel']:.4g} (sample "
            f"'{one_line(v['max_rel_sample'])}'){differ}"
        )
    worst = report.worst
    if report.layers is not None:
        first = report.layers.first
        row = first or (report.layers.diverging[0] if report.layers.diverging else None)
        lines.append(f"layer by layer on the worst sample, '{one_line(worst.sample)}':")
        lines += (
            row_lines(row, False, row is first)
            if row
            else [
                "          no intermediate tensor differs once exposed (exposing them can change how the device "
                "fuses layers)"
            ]
        )
    elif report.layers_error:
        lines.append(
            f"layer by layer on the worst sample, '{one_line(worst.sample)}': not compared: {report.layers_error}"
        )
    how = (
        f"on {one_line(report.device)} (precision {report.precision or 'default'}; floats: rtol {report.rtol:g}, "
        f"atol {report.atol:g}; integers exactly)"
    )
    agree = sum(s.status == "ok" for s in report.samples)
    summary = f"compared {len(report.samples)} sample(s) {how}: "
    summary += (
        "all agree"
        if report.ok
        else ", ".join(
            [f"{agree} agree"]
            + ([f"{len(report.differing)} differ"] if report.differing else [])
            + ([f"{len(report.failed)} failed"] if report.failed else [])
        )
    )
    return lines + [summary]
