"""What ``irexec.compare`` finds: a row per compared tensor, the layers skipped, and the known
departures (docs/differences.md) a row is matched with."""

from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass, field

import numpy as np

from ..errors import one_line


@dataclass
class LayerRow:
    """One compared output of one layer at one step."""

    step: int
    layer: str
    layer_id: str
    type: str
    output: int
    line: int | None
    size: int
    mismatches: int = 0  # elements beyond tolerance (all of them on a shape mismatch)
    max_abs: float = 0.0
    max_rel: float = 0.0
    first_index: list | None = None  # the first mismatching element's index
    irexec_value: str | None = None  # the values there
    device_value: str | None = None
    shape_note: str | None = None  # set when the shapes differ
    inputs_agree: bool | None = None  # set for the rows that differ
    differing_inputs: list = field(default_factory=list)  # "'name' output k" of inputs that differ
    # For a row that differs while its inputs agree: whether irexec, given the device's own input
    # values, still differs from the device's output (None: not checked, see ``recheck_note``).
    on_device_inputs: bool | None = None
    recheck_note: str | None = None
    known: list = field(default_factory=list)  # docs/differences.md's "why" for this op and input type
    # Measured below tolerance too (irexec.compare.measures.pair_measures): whether every element
    # is equal on both sides, the largest finite |irexec value|, and the mean over the elements of
    # |device - irexec| / max(|irexec|, atol) (an equal pair counting 0).
    equal: bool = True
    peak: float = 0.0
    mean_rel: float = 0.0

    @property
    def differs(self) -> bool:
        return self.mismatches > 0

    @property
    def culprit(self) -> bool:
        """It differs, its inputs agree, and (where checked) it differs on the device's inputs too."""
        return self.differs and bool(self.inputs_agree) and self.on_device_inputs is not False


@dataclass
class Skipped:
    layer: str
    layer_id: str
    type: str
    reason: str


@dataclass
class CompareReport:
    """``rows``: every compared output in (step, execution order); ``skipped``: the layers without
    a device tensor; ``first``: the culprit (None when none); ``complete``: False when the
    comparison stopped at the first culprit; ``origin``: where the difference that reaches an
    output first appears (irexec.compare.origin.Origin, or None); ``departures``: the rows matched
    with known departures and the culprit, each with its effect on the outputs, largest first;
    ``worst``: up to WORST rows with the largest max_rel that differ at all, with histograms."""

    model: str
    device: str
    precision: str | None
    rtol: float
    atol: float
    steps: int
    rows: list
    skipped: list
    complete: bool = True
    origin: object = None
    departures: list = field(default_factory=list)
    worst: list = field(default_factory=list)  # dicts, as to_dict gives them

    @property
    def diverging(self) -> list:
        return [r for r in self.rows if r.differs]

    @property
    def first(self) -> LayerRow | None:
        return next((r for r in self.rows if r.culprit), None)

    @property
    def ok(self) -> bool:
        return not self.diverging

    def _repr_html_(self) -> str:
        from .page import report_table_html  # (the page's module only when a notebook asks)

        return report_table_html(self.to_dict())

    def to_dict(self) -> dict:
        first = self.first
        return {
            "model": self.model,
            "device": self.device,
            "precision": self.precision,
            "rtol": self.rtol,
            "atol": self.atol,
            "steps": self.steps,
            "complete": self.complete,
            "compared": len(self.rows),
            "first": _json_row(first) if first else None,
            "diverging": [_json_row(r) for r in self.diverging],
            "skipped": [asdict(s) for s in self.skipped],
            "layers": [_layer(r, first) for r in self.rows],
            "origin": self.origin.to_dict() if self.origin is not None else None,
            "departures": [d.to_dict() for d in self.departures],
            "worst": list(self.worst),
        }


def _layer(row: LayerRow, first) -> dict:
    out = {key: getattr(row, key) for key in _LAYER_KEYS}
    out.update(culprit=row is first, known=bool(row.known))
    return _finite(out)


_LAYER_KEYS = ("step", "layer", "layer_id", "type", "output", "size", "max_abs", "max_rel", "mean_rel", "mismatches")


def _finite(out: dict) -> dict:
    for key in ("max_abs", "max_rel", "mean_rel", "peak"):
        if key in out and not np.isfinite(out[key]):
            out[key] = str(out[key])  # (JSON has no NaN or inf)
    return out


def _json_row(row: LayerRow) -> dict:
    return _finite(asdict(row))


def why(known: dict, layer, graph) -> list:
    """The departures docs/differences.md records for this op type on its first input's type (and,
    where the table's row names attributes, as Convert's destination_type, with those values)."""
    feeds = graph.producers(layer.id)
    etype = None
    if 0 in feeds:
        src, i = feeds[0]
        port = graph.layer(src).outputs[i]
        etype = port.etype.name if port.etype is not None else None
    out = []
    for first_type, text, attrs in known.get(layer.type, ()):
        if etype is not None and first_type != etype:
            continue
        if any(layer.attrs.get(name, value) != value for name, value in attrs):
            continue
        if text not in out:
            out.append(text)
    return out


# A table row: | version | inputs (the first one's type first) | the spec | the plugin | why |
# (cells are split at " | ": a "why" may hold a bare "|x|").
_ROW = re.compile(r"^\| \d+ \| (?P<cells>.*) \|$")
_NUMBER = re.compile(r"^[-+]?[\d.]+(e[-+]?\d+)?$")
_ATTR = re.compile(r"(?:^|; )([a-z_]+)=([^;\s]+)(?=;|\s*$)")  # an attribute the inputs cell names (outside `...`)


def known_departures() -> dict:
    """docs/differences.md (installed with the package as irexec/userguide/, or beside it in a
    checkout) as op type -> [(first input's type, why, ((attribute, value), ...))], each once (the
    attributes a row's inputs cell names, as "destination_type=i64"); empty without the page."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in (os.path.join(here, "userguide", "differences.md"), os.path.join(here, "..", "docs", "differences.md")):
        known, current = {}, None
        try:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    if line.startswith("## "):
                        current = known.setdefault(line[3:].strip(), [])
                        continue
                    m = _ROW.match(line.rstrip("\n"))
                    cells = m.group("cells").split(" | ") if m else ()
                    if len(cells) == 4 and current is not None:
                        named = _ATTR.findall(re.sub(r"`[^`]*`", "", cells[0]))
                        # (numbers are left out: the IR may write 0.01 as 0.0099999998)
                        attrs = tuple((k, v) for k, v in named if not _NUMBER.match(v))
                        entry = (cells[0].split(" ", 1)[0], cells[3].strip(), attrs)
                        if entry not in current:
                            current.append(entry)
        except OSError:
            continue
        return known
    return {}


def row_lines(row, stepped: bool, culprit: bool) -> list:
    """A row as ``irexec compare`` prints it: what differs, then where the departure comes from."""
    at = f"step {row.step}: " if stepped else ""
    what = f"'{one_line(row.layer)}' (id {one_line(row.layer_id)}, {row.type}) output {row.output}"
    if row.shape_note:
        detail = row.shape_note
    else:
        detail = (
            f"{row.mismatches} of {row.size} elements differ (max abs err {row.max_abs:.4g}, max rel err "
            f"{row.max_rel:.4g}); first at {row.first_index}: irexec {row.irexec_value}, device "
            f"{row.device_value}"
        )
    lines = [f"{'DEPARTS' if culprit else 'differs'}   {at}{what}: {detail}"]
    if row.inputs_agree and row.on_device_inputs is False:
        lines.append(
            "          its inputs agree within tolerance, and on the device's own inputs irexec gives the "
            "device's output: the difference grows from its inputs' small ones"
        )
    elif row.inputs_agree:
        again = (
            " (irexec differs on the device's own inputs too)"
            if row.on_device_inputs
            else f" (not rerun on the device's inputs: {row.recheck_note})"
            if row.recheck_note
            else ""
        )
        lines.append(f"          its inputs agree: the departure starts here{again}")
    else:
        many = "s differ" if len(row.differing_inputs) > 1 else " differs"
        lines.append(f"          its input{many}: {', '.join(map(one_line, row.differing_inputs))}")
    for why in row.known if culprit else ():
        lines.append(f"          known departure (docs/differences.md#{row.type.lower()}): {why}")
    return lines


def origin_lines(report) -> list:
    """The ORIGIN line: where the difference that reaches an output (or the worst row) first
    appears; said once when that is the culprit."""
    origin = report.origin
    if origin is None:
        return []
    row, at = origin.row, f"step {origin.row.step}: " if report.steps > 1 else ""
    what = f"'{one_line(row.layer)}' (id {one_line(row.layer_id)}, {row.type}) output {row.output}"
    goal = f"output '{one_line(origin.reaches)}'" if origin.reaches is not None else "the most differing tensor"
    hops = len(origin.path) - 1
    via = f"path: {hops} layer(s) to {goal}" if hops else f"at {goal} itself"
    if row is report.first:
        lines = [f"ORIGIN    the departure above is where the difference that reaches {goal} first appears ({via})"]
    else:
        size = "beyond tolerance" if row.differs else "below tolerance"
        errs = f"max abs err {row.max_abs:.4g}, max rel err {row.max_rel:.4g}, {size}"
        where = f"; {via}"
        lines = [
            f"ORIGIN    {at}{what}: the difference that reaches {goal} first appears here ({errs}; its inputs "
            f"are exactly equal){where}"
        ]
    if origin.note:
        lines.append(f"          {origin.note}")
    return lines


def departure_lines(report) -> list:
    """The departures (known ones and the culprit), by their effect on the outputs."""
    if not report.departures:
        return []
    lines = ["departures, by their effect on the outputs:"]
    for d in report.departures:
        row = d.row
        at = f"step {row.step}: " if report.steps > 1 else ""
        what = f"'{one_line(row.layer)}' (id {one_line(row.layer_id)}, {row.type}) output {row.output}"
        if d.effect is None:
            said = one_line(d.note or "not measured")
        else:
            verdict = "changes the outputs" if d.changes_outputs else "changes nothing at the outputs"
            said = f"effect {d.effect:.4g}: {verdict}"
        tag = "" if d.known else " (the culprit; no known departure)"
        lines.append(f"  {at}{what}{tag}: {said}")
    return lines
