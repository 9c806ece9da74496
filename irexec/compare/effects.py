"""Running irexec with one or more layer outputs replaced by the device's values, to measure what a
difference does further on: how much a known departure changes the model's outputs, and which of a
layer's differing inputs makes its output differ.

irexec's executor has no hook to replace a value during a run, so this is done beside it: one
ordinary run with an observer keeps irexec's values that the layers downstream of the replaced
outputs read from elsewhere (and the tensors to measure at), then those downstream layers alone
are evaluated again, in execution order, on the replaced values, each by its op as a run evaluates
it. Only layers downstream are recomputed: everything else keeps irexec's own value. Layers with a
body or a state (If, Loop, TensorIterator, ReadValue, Assign) are not evaluated alone: a
replacement that reaches one is not measured, nor one in a stateful model (its later steps would
read a state the replacement changed)."""

from __future__ import annotations

import numpy as np

from .measures import pair_measures, peak_rel

_NOT_ALONE = ("ReadValue", "Assign")


class NotMeasured(Exception):
    """Why a replacement's effect cannot be measured (its message, for the report)."""


class Rerun:
    """One irexec model and one step's inputs (Parameter layer id -> array), run with values replaced."""

    def __init__(self, m, feeds: dict):
        self.m, self.feeds, self.graph = m, feeds, m.graph
        self.order = [lid for lid in m.plan.order if not self.graph.layer(lid).scope[0]]
        self._outputs = None

    def outputs(self) -> list:
        """The (layer id, output) pairs the model's Results read, in output order."""
        if self._outputs is None:
            self._outputs = [self.graph.producers(info.layer_id)[0] for info in self.m.outputs]
        return self._outputs

    def replaced(self, values: dict, targets: list) -> tuple:
        """(irexec's own values of ``targets``, their values when the outputs in ``values``,
        (layer id, output) -> array, take those values instead). Raises NotMeasured."""
        if self.m.stateful:
            raise NotMeasured("a stateful model is not rerun with a value replaced")
        graph = self.graph
        changed = {lid for lid, _ in values}
        cone, inside = [], set()  # the layers downstream of the replaced outputs, in execution order
        for lid in self.order:
            layer = graph.layer(lid)
            if lid in changed or layer.type == "Result":
                continue
            if not any(key in values or key[0] in inside for key in graph.producers(lid).values()):
                continue
            if layer.bodies or layer.type in _NOT_ALONE:
                raise NotMeasured(f"a layer downstream, '{layer.name}' ({layer.type}), is not run alone")
            cone.append(lid)
            inside.add(lid)
        return self._walk(values, targets, cone)

    def _walk(self, values: dict, targets: list, cone: list) -> tuple:
        graph = self.graph
        inside = set(cone)
        needed = {}  # key -> its irexec value, for the keys the cone reads from outside it
        for lid in cone:
            for key in graph.producers(lid).values():
                if key[0] not in inside and key not in values:
                    needed[key] = None
        for key in targets:
            needed[key] = None
        consts = self.m.plan.constants()
        for key in needed:
            if key in consts:
                needed[key] = consts[key]
            elif key[0] in self.feeds:
                needed[key] = self.feeds[key[0]]

        def observe(layer, outputs, seconds):
            if not layer.scope[0]:
                for k, out in enumerate(outputs):
                    if (layer.id, k) in needed and needed[(layer.id, k)] is None:
                        needed[(layer.id, k)] = np.array(out)  # (a copy: a later layer may reuse the buffer)

        self.m.infer({i: self.feeds[info.layer_id] for i, info in enumerate(self.m.inputs)}, observer=observe)
        last = {}  # key -> the index in the cone of its last reader
        for n, lid in enumerate(cone):
            for key in graph.producers(lid).values():
                last[key] = n
        now = dict(needed)
        now.update(values)
        own = {key: needed[key] for key in targets}
        with np.errstate(all="ignore"):
            for n, lid in enumerate(cone):
                layer = graph.layer(lid)
                feeds = graph.producers(lid)
                ins = [now[feeds[j]] for j in sorted(feeds)]
                try:
                    outs = layer.op.evaluate(ins)
                except Exception as e:  # (a replaced value out of the op's range)
                    raise NotMeasured(f"irexec refuses the replaced value at '{layer.name}': {e}") from None
                for k, out in enumerate(outs):
                    now[(lid, k)] = np.asarray(out)
                for key in feeds.values():
                    if last.get(key) == n and key not in own and key not in values:
                        now.pop(key, None)
        return own, {key: now[key] for key in targets}


def change(own: dict, new: dict, rtol: float, atol: float) -> tuple:
    """(effect, changes): the largest change over the tensors, max |new - own| / max(max |own|,
    TINY) (inf where a NaN appears or goes), and whether any tensor differs beyond rtol/atol
    (numpy.isclose; integers exactly)."""
    from ..io.outputs import storable
    from . import _differences  # (the comparison the rows use)

    effect, changes = 0.0, False
    for key, before in own.items():
        # (widened once for both measures: storable is a no-op on what it already widened)
        before, after = storable(np.asarray(before)), storable(np.asarray(new[key]))
        found = _differences(before, after, rtol, atol)
        if isinstance(found, str):
            return float("inf"), True
        equal, peak, _ = pair_measures(before, after, atol)
        if not equal:
            effect = max(effect, peak_rel(found[1], peak))
        changes = changes or found[0] > 0
    return effect, changes
