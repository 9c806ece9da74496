"""Where the difference that reaches an output first appears, below tolerance too, and what each
known departure does to the outputs.

The culprit (irexec.compare) is the first layer that differs beyond tolerance while its inputs
agree within it; but a difference can start below tolerance and grow on the way to an output,
while a departure beyond tolerance can change nothing there (a mask of -2^31 instead of -2^63 that
a Softmax saturates either way). So the origin is traced back from the output that differs: at
each layer, to the input whose difference reaches further (see ``trace``), until a layer whose
inputs are all exactly equal while its output differs."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import IRExecError, one_line
from .effects import NotMeasured, change
from .measures import peak_rel

MAX_CHOICES = 8  # layers with several differing inputs where the walk measures which one matters
MAX_DEPARTURES = 20  # departures whose effect on the outputs is measured


def _named(row) -> dict:
    """Which tensor a row is, as the JSON names it."""
    return {"layer": row.layer, "layer_id": row.layer_id, "type": row.type, "output": row.output, "step": row.step}


@dataclass
class Origin:
    """``row``: where the difference first appears; ``path``: the rows from it to ``start``, the
    differing tensor the walk began at (an output's, named ``reaches``, or the worst row's)."""

    row: object
    start: object
    path: list
    reaches: str | None  # the model output's name (None: the walk began at the worst row)
    note: str | None = None  # why the walk stopped short of certainty

    def to_dict(self) -> dict:
        r = self.row
        return {
            **_named(r),
            "max_abs": _num(r.max_abs),
            "max_rel": _num(r.max_rel),
            "path": [p.layer for p in self.path],
            "reaches": self.reaches,
            "note": self.note,
        }


@dataclass
class Departure:
    """A differing row matched with known departures (or the culprit), and its effect on the
    outputs: the largest relative change of an output when irexec runs on with the device's value
    of that tensor (None with a ``note`` when it could not be measured)."""

    row: object
    effect: float | None = None
    changes_outputs: bool | None = None
    note: str | None = None
    known: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            **_named(self.row),
            "known": list(self.known),
            "effect": None if self.effect is None else _num(self.effect),
            "changes_outputs": self.changes_outputs,
            "note": self.note,
        }


def _num(x: float):
    return x if np.isfinite(x) else str(x)  # (JSON has no NaN or inf)


def _rel(row) -> float:
    return peak_rel(row.max_abs, row.peak) if row.shape_note is None else float("inf")


class Tracer:
    """The walk and the effects for one comparison: ``m`` irexec's model, ``steps`` its inputs
    by Parameter layer id, ``device_values(keys, step)`` the device's values of (layer id, output)
    pairs at a step, ``rtol``/``atol`` the tolerances."""

    def __init__(self, m, steps: list, device_values, rtol: float, atol: float):
        from .effects import Rerun

        self.m, self.graph, self.rtol, self.atol = m, m.graph, rtol, atol
        self.reruns = [Rerun(m, feeds) for feeds in steps]
        self.device_values = device_values
        self.outputs = {}  # (layer id, output) a Result reads -> the output's name
        for info in m.outputs:
            self.outputs.setdefault(self.graph.producers(info.layer_id)[0], info.name)

    # The effect of one replaced tensor on others: (effect, changes) or NotMeasured.
    def effect(self, row, targets: list) -> tuple:
        if row.shape_note:
            raise NotMeasured("the shapes differ")
        key = (row.layer_id, row.output)
        try:
            got = self.device_values([key], row.step).get(key)
        except IRExecError as e:  # (the device failed to run with it exposed)
            raise NotMeasured(e.message) from None
        if got is None:
            raise NotMeasured("the device cannot expose it")
        port = self.graph.layer(row.layer_id).outputs[row.output]
        if port.etype is not None and port.etype.dtype is not None:
            got = got if got.dtype == port.etype.dtype else got.astype(port.etype.dtype)
        rerun = self.reruns[row.step]
        own, new = rerun.replaced({key: got}, targets)
        return change(own, new, self.rtol, self.atol)

    def departures(self, rows: list, first) -> list:
        """Every differing row matched with a known departure, and the culprit, with its effect on
        the outputs, largest first (unmeasured ones last)."""
        picked = [r for r in rows if r.differs and (r.known or r is first)]
        if picked:  # (one compile for them all, every step)
            self.device_values(list(dict.fromkeys((r.layer_id, r.output) for r in picked[:MAX_DEPARTURES])), 0)
        out = []
        for n, row in enumerate(picked):
            dep = Departure(row, known=list(row.known))
            if n >= MAX_DEPARTURES:
                dep.note = f"not measured: only the first {MAX_DEPARTURES} departures are"
            else:
                try:
                    dep.effect, dep.changes_outputs = self.effect(row, self.reruns[row.step].outputs())
                except NotMeasured as e:
                    dep.note = f"not measured: {e}"
            out.append(dep)
        ranked = sorted(
            (d for d in out if d.effect is not None), key=lambda d: -d.effect if not np.isnan(d.effect) else -np.inf
        )
        return ranked + [d for d in out if d.effect is None]

    def trace(self, rows: list) -> Origin | None:
        """Walk back from the first step's most differing output (beyond tolerance), or failing
        that from the most differing row, to where a difference first appears: at each layer to
        its input that differs (not exactly equal); of several, to the one whose device value,
        run on in irexec, changes the starting tensor most (measured at MAX_CHOICES layers at
        most; beyond that, and when it cannot be measured, the one with the largest relative
        difference, max |d - r| / max(max |r|, tiny)); until a layer whose inputs are all exactly
        equal (constants and Parameters are) while its output differs."""
        index = {(r.step, r.layer_id, r.output): r for r in rows}
        ends = [r for r in rows if r.differs and (r.layer_id, r.output) in self.outputs]
        if ends:
            step = min(r.step for r in ends)
            start = max((r for r in ends if r.step == step), key=_rel)
            reaches = self.outputs[(start.layer_id, start.output)]
        else:
            differing = [r for r in rows if r.differs]
            if not differing:
                return None
            start, reaches = max(differing, key=_rel), None
        path, row, choices, note = [start], start, 0, None
        seen = {(start.step, start.layer_id)}
        while True:
            found, unknown = self._inputs(index, row)
            found = [r for r in found if (r.step, r.layer_id) not in seen]
            if not found:
                if unknown:
                    note = (
                        f"its input from {', '.join(map(one_line, unknown))} has no device tensor: the "
                        "difference may start there"
                    )
                break
            if len(found) > 1 and choices < MAX_CHOICES and start.shape_note is None:
                choices += 1
                nxt = self._choose(found, start)
            else:
                nxt = max(found, key=_rel)
            seen.add((nxt.step, nxt.layer_id))
            path.append(nxt)
            row = nxt
        path.reverse()
        return Origin(row, start, path, reaches, note)

    def _choose(self, found: list, start) -> object:
        """Of several differing inputs, the one whose device value changes ``start`` most."""
        effects = []
        for r in found:
            try:
                effects.append(self.effect(r, [(start.layer_id, start.output)])[0])
            except NotMeasured:
                return max(found, key=_rel)
        best = max(effects)
        if best == 0:
            return max(found, key=_rel)
        return found[effects.index(best)]

    def _inputs(self, index: dict, row) -> tuple:
        """The rows of ``row``'s inputs that differ (looking through layers without a device
        tensor to their own inputs), and the names of the layers it looked through."""
        graph = self.graph
        todo = [(k, row.step) for _, k in sorted(graph.producers(row.layer_id).items())]
        layer = graph.layer(row.layer_id)
        if layer.type == "ReadValue" and row.step:
            assign = self._assign(layer.attrs.get("variable_id"))
            if assign is not None and 0 in graph.producers(assign):
                todo.append((graph.producers(assign)[0], row.step - 1))
        found, unknown, looked = [], [], set()
        while todo:
            key, step = todo.pop(0)
            if (key, step) in looked:
                continue
            looked.add((key, step))
            src = graph.layer(key[0])
            if src.type in ("Const", "Parameter"):
                continue  # (fed alike, the same bytes)
            got = index.get((step,) + key)
            if got is None:  # no device tensor: through to its own inputs
                unknown.append(f"'{src.name}'")
                todo += [(k, step) for _, k in sorted(graph.producers(src.id).items())]
            elif not got.equal:
                found.append(got)
        return found, unknown

    def _assign(self, variable_id):
        assigns = self.graph.by_type("Assign")
        return next((a.id for a in assigns if a.attrs.get("variable_id") == variable_id), None)


def device_values(dev, steps: list, batch: int):
    """``device_values(keys, step)`` for a Tracer: the device's values, fetched as asked (one
    compile per call, every step at once) and kept (a tensor the device cannot expose as None)."""
    cache = [{} for _ in steps]

    def get(keys: list, step: int) -> dict:
        todo = [k for k in keys if k not in cache[step]]
        for start in range(0, len(todo), batch):
            part = todo[start : start + batch]
            for k, got in enumerate(dev.run(part, steps, None)):
                cache[k].update({key: got.get(key) for key in part})
        return {k: cache[step][k] for k in keys if cache[step].get(k) is not None}

    return get
