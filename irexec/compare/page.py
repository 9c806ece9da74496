"""The accuracy of a device against irexec as one self-contained page (``accuracy_page``, from
``CompareReport.to_dict()``; ``dataset_page``, from ``DatasetReport.to_dict()``), and as compact
tables for a notebook's ``_repr_html_``.

Layer names come from the model, which may be hostile: the pages carry them as JSON inside their
script (with ``<``, ``>`` and ``&`` escaped, so no text can close it) and set them as text, never
as markup; the tables escape them. The pages fetch nothing (their Content-Security-Policy allows
no source but themselves).

A model may have thousands of layers: the error plot is one polyline per measure (and one path
for the marks), with a single listener on the plot that finds the layer under the pointer from
its x, so the page stays small and quick however many layers it shows. Histograms are binned in
Python (NumPy), so what the page draws is what a test can recompute. The markup, style and script
are in irexec.compare.page_template."""

from __future__ import annotations

import html
import math

import numpy as np

from ..view.page import script_json  # (the graph page's: one escaping for every page)
from .page_template import (
    ACCURACY_BODY,
    ACCURACY_CSS,
    ACCURACY_JS,
    COMMON_JS,
    CSS,
    DATASET_BODY,
    DATASET_JS,
    PAGE,
)

_ROW_KEYS = (
    "step",
    "layer",
    "layer_id",
    "type",
    "output",
    "size",
    "max_abs",
    "max_rel",
    "mean_rel",
    "mismatches",
    "culprit",
    "known",
)
_TABLE_ROWS = 20  # differing rows a notebook table lists
_WORST_SAMPLES = 10  # samples listed per output on the dataset page
_BINS_PER_DECADE = 4
_MOST_BINS = 48


def _num(v):
    """A float as JSON can hold it: non-finite ones as the report writes them ("inf", "nan")."""
    return str(v) if isinstance(v, float) and not math.isfinite(v) else v


def _float(v) -> float:
    """A report's number (or its "inf"/"nan" string) as a float; NaN for anything else."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    try:
        return float(v) if isinstance(v, str) else math.nan
    except ValueError:
        return math.nan


def _key(row) -> tuple:
    return (row.get("step", 0), str(row.get("layer_id")), row.get("output", 0))


def _accuracy_data(report: dict) -> dict:
    data = {
        k: _num(report.get(k))
        for k in ("model", "device", "precision", "rtol", "atol", "steps", "compared", "complete")
    }
    data["first"] = report.get("first")
    data["origin"] = report.get("origin")
    data["diverging"] = len(report.get("diverging") or [])
    data["skipped"] = len(report.get("skipped") or [])
    rows = report.get("layers")
    at = {}
    if isinstance(rows, list):
        data["rows"] = {key: [_num(r.get(key)) for r in rows] for key in _ROW_KEYS}
        for i, r in enumerate(rows):
            at.setdefault(_key(r), i)
    else:  # (a report made before it held every row: the differing ones, as a table only)
        data["rows"] = None
        data["diverging_rows"] = [{key: _num(r.get(key)) for key in _ROW_KEYS} for r in report.get("diverging") or []]
    for name in ("first", "origin"):
        row = report.get(name)
        data[name + "_at"] = at.get(_key(row)) if isinstance(row, dict) else None
    departures = report.get("departures")
    if isinstance(departures, list):
        # Largest effect first (the report's order already; a missing effect last).
        departures = sorted(
            departures, key=lambda d: -_float(d.get("effect")) if d.get("effect") is not None else math.inf
        )
        data["departures"] = [dict(d, effect=_num(d.get("effect")), at=at.get(_key(d))) for d in departures]
    else:
        data["departures"] = None
    worst = report.get("worst")
    data["worst"] = [dict(w, at=at.get(_key(w))) for w in worst] if isinstance(worst, list) else None
    return data


def accuracy_page(report: dict, graph_page: str | None = None) -> str:
    """The page of one comparison: ``report`` is ``CompareReport.to_dict()``; ``graph_page``, a
    page of the graph (coloured by error) shown in a sandboxed frame."""
    frame = ""
    if graph_page is not None:
        frame = (
            '<section><h2>The graph, coloured by error</h2><iframe id="graph" sandbox="allow-scripts" '
            f'title="the graph" srcdoc="{html.escape(graph_page, quote=True)}"></iframe></section>'
        )
    page = PAGE.replace("/*TITLE*/", "irexec compare", 1).replace("/*CSS*/", CSS + ACCURACY_CSS, 1)
    page = page.replace("<!--BODY-->", ACCURACY_BODY, 1).replace("/*SCRIPT*/", COMMON_JS + ACCURACY_JS, 1)
    # (the data last but one: its JSON holds no '<', so no later placeholder can be found inside it)
    page = page.replace("/*DATA*/null", script_json(_accuracy_data(report)), 1)
    return page.replace("<!--GRAPH-->", frame, 1)


def _log_bins(values: np.ndarray, rtol) -> tuple:
    """Edges spaced evenly in log10 (``_BINS_PER_DECADE`` a decade, whole decades) that hold the
    positive ``values`` and the tolerance, and the counts in them (``np.histogram``'s)."""
    ends = [float(values.min()), float(values.max())] if values.size else []
    if isinstance(rtol, (int, float)) and rtol > 0 and math.isfinite(rtol):
        ends.append(float(rtol))
    if not ends:
        ends = [1e-8, 1.0]
    lo, hi = math.floor(math.log10(min(ends))), math.ceil(math.log10(max(ends)))
    if values.size == 0 and lo == hi:
        lo -= 1
    hi = max(hi, lo + 1)
    per = max(1, min(_BINS_PER_DECADE, _MOST_BINS // (hi - lo)))
    edges = 10.0 ** np.linspace(lo, hi, (hi - lo) * per + 1)
    if values.size:  # (10**k may round a hair inside the smallest or the largest value)
        edges[0], edges[-1] = min(edges[0], values.min()), max(edges[-1], values.max())
    counts, _ = np.histogram(values, edges)
    return edges.tolist(), counts.tolist()


def _dataset_data(report: dict) -> dict:
    data = {
        k: _num(report.get(k))
        for k in ("model", "device", "precision", "rtol", "atol", "samples", "agree", "differ", "failed")
    }
    data["worst_sample"] = report.get("worst_sample")
    data["failing"] = report.get("failing") or []
    data["failing_total"] = (report.get("differ") or 0) + (report.get("failed") or 0)
    data["layers"] = report.get("layers")
    data["outputs"] = {k: {key: _num(v) for key, v in row.items()} for k, row in (report.get("outputs") or {}).items()}
    per = report.get("per_sample")
    if not isinstance(per, list):
        data["histograms"] = None
        return data
    names = list(data["outputs"])
    for s in per:
        names += [name for name in s.get("outputs") or {} if name not in names]
    hists = {}
    for name in names:
        ran = [(s.get("sample"), s["outputs"][name]) for s in per if name in (s.get("outputs") or {})]
        shape = sum(v.get("max_rel") is None for _, v in ran)
        ran = [(sample, v) for sample, v in ran if v.get("max_rel") is not None]
        rel = np.array([_float(v.get("max_rel")) for _, v in ran], dtype=np.float64)
        finite = np.isfinite(rel)
        edges, counts = _log_bins(rel[finite & (rel > 0)], report.get("rtol"))
        # The worst samples: a non-finite error first, then by size (the first of equals first).
        rank = np.where(finite, rel, np.inf)
        order = np.argsort(-rank, kind="stable")[:_WORST_SAMPLES]
        hists[name] = {
            "edges": edges,
            "counts": counts,
            "zero": int(np.count_nonzero(rel == 0)),
            "nonfinite": int(np.count_nonzero(~finite)),
            "shape": shape,
            "worst": [
                {
                    "sample": ran[i][0],
                    "max_rel": _num(ran[i][1].get("max_rel")),
                    "max_abs": _num(ran[i][1].get("max_abs")),
                }
                for i in order.tolist()
            ],
        }
    data["histograms"] = hists
    return data


def dataset_page(report: dict) -> str:
    """The page of a dataset comparison: ``report`` is ``DatasetReport.to_dict(limit=None)``."""
    page = PAGE.replace("/*TITLE*/", "irexec compare --inputs", 1).replace("/*CSS*/", CSS, 1)
    page = page.replace("<!--BODY-->", DATASET_BODY, 1).replace("/*SCRIPT*/", COMMON_JS + DATASET_JS, 1)
    return page.replace("/*DATA*/null", script_json(_dataset_data(report)), 1)


def _e(v) -> str:
    return html.escape(str(v), quote=True)


def _g(v) -> str:
    """A number as the text reports print it (4 significant digits)."""
    if v is None:
        return ""
    f = _float(v)
    return _e(v) if math.isnan(f) and not isinstance(v, str) else f"{f:.4g}"


def _how(report: dict) -> str:
    return (
        f"on {_e(report.get('device'))} (precision {_e(report.get('precision') or 'default')}; "
        f"rtol {_g(report.get('rtol'))}, atol {_g(report.get('atol'))})"
    )


def _what(row: dict) -> str:
    return (
        f"'{_e(row.get('layer'))}' (id {_e(row.get('layer_id'))}, {_e(row.get('type'))}) output {_e(row.get('output'))}"
    )


def _table(head: tuple, rows: list) -> str:
    """A table of the notebook's views: its cells already escaped (or our own markup)."""
    cells = "".join(f"<th>{c}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def report_table_html(report: dict) -> str:
    """A notebook's view of ``CompareReport.to_dict()``: the verdict and the rows that differ."""
    first, diverging = report.get("first"), report.get("diverging") or []
    if first:
        verdict = f"the first departure: {_what(first)}" + (
            f" at step {_e(first.get('step'))}" if (report.get("steps") or 1) > 1 else ""
        )
    elif diverging:
        verdict = "no layer departs on its own inputs: the differences grow from ones within tolerance"
    else:
        verdict = "all agree"
    origin = report.get("origin")
    if origin:
        verdict += f"; the origin: {_what(origin)}"
    head = (
        f"<p><b>{_e(report.get('model'))}</b> {_how(report)}: {_e(report.get('compared'))} tensor(s) compared, "
        f"{len(diverging)} differ; {verdict}</p>"
    )
    if not diverging:
        return f"<div>{head}</div>"
    cells = ("step", "layer", "id", "type", "output", "differ", "max abs err", "max rel err", "")
    rows = [
        (
            _e(r.get("step")),
            _e(r.get("layer")),
            _e(r.get("layer_id")),
            _e(r.get("type")),
            _e(r.get("output")),
            f"{_e(r.get('mismatches'))} of {_e(r.get('size'))}",
            _g(r.get("max_abs")),
            _g(r.get("max_rel")),
            "<b>departs</b>" if first is not None and _key(r) == _key(first) else "",
        )
        for r in diverging[:_TABLE_ROWS]
    ]
    lines = [_table(cells, rows)]
    if len(diverging) > _TABLE_ROWS:
        lines.append(f"<p>... and {len(diverging) - _TABLE_ROWS} more</p>")
    return f"<div>{head}{''.join(lines)}</div>"


def dataset_table_html(report: dict) -> str:
    """A notebook's view of ``DatasetReport.to_dict()``: the counts, per output the largest errors
    and where they occur, and the layer found on the worst sample."""
    counts = f"{_e(report.get('agree'))} agree, {_e(report.get('differ'))} differ, {_e(report.get('failed'))} failed"
    worst = report.get("worst_sample")
    head = (
        f"<p><b>{_e(report.get('model'))}</b>: {_e(report.get('samples'))} sample(s) {_how(report)}: {counts}"
        + (f"; the worst: '{_e(worst)}'" if worst is not None else "")
        + "</p>"
    )
    cells = ("output", "max abs err", "sample", "max rel err", "sample", "samples that differ")
    rows = [
        (
            _e(name),
            _g(v.get("max_abs")),
            _e(v.get("worst_sample")),
            _g(v.get("max_rel")),
            _e(v.get("max_rel_sample")),
            _e(v.get("differing_samples")),
        )
        for name, v in (report.get("outputs") or {}).items()
    ]
    lines = [_table(cells, rows)]
    layers = report.get("layers")
    if layers:
        row = layers.get("first") or layers.get("first_differing")
        on = f"layer by layer on '{_e(layers.get('sample'))}': "
        if layers.get("error"):
            lines.append(f"<p>{on}not compared: {_e(layers['error'])}</p>")
        elif row:
            what = "departs" if layers.get("first") else "differs first (no layer departs on its own inputs)"
            lines.append(f"<p>{on}{_what(row)} {what}</p>")
        else:
            lines.append(f"<p>{on}no intermediate tensor differs once exposed</p>")
    return f"<div>{head}{''.join(lines)}</div>"
