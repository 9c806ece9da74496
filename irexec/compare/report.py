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
    comparison stopped at the first culprit."""

    model: str
    device: str
    precision: str | None
    rtol: float
    atol: float
    steps: int
    rows: list
    skipped: list
    complete: bool = True

    @property
    def diverging(self) -> list:
        return [r for r in self.rows if r.differs]

    @property
    def first(self) -> LayerRow | None:
        return next((r for r in self.rows if r.culprit), None)

    @property
    def ok(self) -> bool:
        return not self.diverging

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
        }


def _json_row(row: LayerRow) -> dict:
    out = asdict(row)
    for key in ("max_abs", "max_rel"):
        if not np.isfinite(out[key]):
            out[key] = str(out[key])  # (JSON has no NaN or inf)
    return out


def why(known: dict, layer, graph) -> list:
    """The departures docs/differences.md records for this op type on its first input's type."""
    feeds = graph.producers(layer.id)
    etype = None
    if 0 in feeds:
        src, i = feeds[0]
        port = graph.layer(src).outputs[i]
        etype = port.etype.name if port.etype is not None else None
    return [text for first_type, text in known.get(layer.type, ()) if etype is None or first_type == etype]


# A table row: | version | inputs (the first one's type first) | the spec | the plugin | why |
# (cells are split at " | ": a "why" may hold a bare "|x|").
_ROW = re.compile(r"^\| \d+ \| (?P<cells>.*) \|$")


def known_departures() -> dict:
    """docs/differences.md (installed with the package as irexec/userguide/, or beside it in a
    checkout) as op type -> [(first input's type, why)], each pair once; empty without the page."""
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
                        pair = (cells[0].split(" ", 1)[0], cells[3].strip())
                        if pair not in current:
                            current.append(pair)
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
