"""The sizing pass before a run, and its run-time guard.

Before a model runs on inputs of a new signature (shapes, types, and the values of small
integer inputs, which can steer shapes), every op's rule is walked over the actual input facts:
each intermediate's shape is then known, and one over the memory budget is refused before
anything is allocated. Where the pass could not make a layer's shapes static (a shape that
depends on values it could not see), the executor asks the guard to run that layer's rule on the
actual arrays just before computing it. Either way an op's ``compute`` only ever sees inputs its
rule has accepted, and never allocates past the budget.

An op with bodies (If, Loop, TensorIterator) is sized by its rule, which infers its bodies on the
facts it is given; when it runs, each run of a body has a sizing pass of its own (the executor's
RunContext), so the guard leaves its rule alone. A model with bodies always has a guard: it
carries the model's budget to the bodies' runs.
"""

from __future__ import annotations

import numpy as np

from ..check.shape_inference import infer_shapes, nbytes, representable, update_shapes
from ..errors import ExecutionError, IRExecError, ValidationError
from ..graph import Graph
from ..limits import fmt_bytes
from ..ops.bodies import BodyOp
from ..ops.op import Fact
from ..shapes import compatible, fmt, is_static, static
from ..types import from_dtype
from . import families
from .guard import Guard, as_run_error

# Inputs that can steer shapes (a Range's bounds, a Reshape's target) are small integer tensors:
# their values take part in the sizing; other inputs count by shape and type only.
SHAPE_VALUE_LIMIT = 64
_SIGNATURES_KEPT = 32


class Sizing:
    """The sizing of one model, per input signature (the last few are kept)."""

    families = True  # False: every new signature has a concrete pass (tests compare the two)

    def __init__(
        self,
        graph,
        order: list,
        inputs: list,
        max_tensor_bytes: int,
        shape_only=frozenset(),
        declared_holds: bool = True,
    ):
        self.graph = graph
        self.order = order
        self.inputs = inputs  # TensorInfo of each Parameter
        self.budget = max_tensor_bytes
        # Layers whose values depend on the inputs' shapes alone (executor.Plan.shape_only): the
        # values the pass folds for them are the run's, for every run of the signature. (Or a
        # function that gives them: a model's plan is made when first needed.)
        self._shape_only = shape_only
        self._signatures: dict = {}  # signature -> (the guard or None, the known values)
        # The last pass's facts and the layers it could not size: a new signature reuses what
        # its inputs leave as it was (a decoder's next token changes only the attention's shapes).
        self._last: tuple | None = None
        self._steers: frozenset | None = None  # the Parameters whose values can steer shapes
        self._readers: dict = {}  # ReadValue layer id -> its variable_id
        self._sources: list = []  # the layers whose facts come from outside: Parameters, ReadValues
        self._position: dict = {}  # layer id -> its index in the order
        # Signatures sized at once by a symbolic pass (irexec.run.families), newest first, and the
        # last concrete pass's, from which the next one may make a family.
        self._families: list = []
        self._previous: tuple | None = None
        # What the rules alone give from the declared shapes, made when first needed (not the
        # linter's facts: those are narrowed by the ports, and a port of unknown rank reads as a scalar).
        self._declared: dict | None = None if declared_holds else {}
        # (A body's: its Parameters take what the loop passes, back edges included, whatever
        # shapes they declare, as OpenVINO infers them again; so its layers' declarations do not bind.)

    @property
    def shape_only(self) -> frozenset:
        if callable(self._shape_only):
            self._shape_only = self._shape_only()
        return self._shape_only

    def check(self, feeds: dict):
        """Size every intermediate for ``feeds`` (Parameter layer id -> array); raise when one is
        over the budget or a rule refuses the inputs. Returns the guard for the run (or None)."""
        return self.check_run(feeds)[0]

    def check_run(self, feeds: dict, state=None):
        """``check``, and the values of the shape-only layers the pass computed: (guard, {layer
        id: [read-only array per output]}). ``state``: the request's variables, whose values'
        shapes and types are what their ReadValues give (a KV cache's length is part of the
        signature, so the layers that read it are sized ahead, as the rest)."""
        if self._steers is None:
            self._steers = self._can_steer()
            self._readers = {
                lid: self.graph.layer(lid).op.variable_id
                for lid in self.order
                if self.graph.layer(lid).type == "ReadValue"
            }
            self._sources = [info.layer_id for info in self.inputs] + list(self._readers)
            self._position = {lid: i for i, lid in enumerate(self.order)}
        steering = {
            lid: arr
            for lid, arr in feeds.items()
            if lid in self._steers and arr.dtype.kind in "iub" and arr.size <= SHAPE_VALUE_LIMIT
        }
        held = {}
        if state is not None:
            for lid, variable_id in self._readers.items():
                value = state.get(variable_id)
                if value is not None:
                    held[lid] = value
        sig: tuple = tuple(
            (lid, arr.shape, arr.dtype.str, arr.tobytes() if lid in steering else None)
            for lid, arr in sorted(feeds.items())
        )
        if held:
            sig += tuple((lid, arr.shape, arr.dtype.str) for lid, arr in sorted(held.items()))
        if sig in self._signatures:
            return self._signatures[sig]
        kind, dims = families.split(sig)
        for family in self._families:
            s = family.match(kind, dims)
            if s is not None:
                return family.entry_for(s)
        # (Copies: a cached fact must not see the caller change an array it keeps.)
        facts_in = {
            info.layer_id: Fact(
                info.element_type,
                static(feeds[info.layer_id].shape),
                steering[info.layer_id].copy() if info.layer_id in steering else None,
            )
            for info in self.inputs
        }
        facts_in.update((lid, Fact(from_dtype(arr.dtype), static(arr.shape))) for lid, arr in held.items())
        last_facts, last_unsized, last_known = self._last or (None, None, None)
        try:
            if last_facts is None:
                facts, walked = infer_shapes(self.graph, self.order, facts_in), self.order
            else:  # (only what the new inputs can reach is walked again)
                facts, walked = update_shapes(
                    self.graph, self.order, facts_in, last_facts, self._sources, self._position
                )
        except ValidationError as e:
            # Found with these inputs' values (a division by zero while folding, an index out of
            # range, ...): a run error, as the kernel would have raised it.
            raise as_run_error(e) from None
        for lid in walked:
            layer = self.graph.layer(lid)
            for k in range(len(layer.outputs)):
                fact = facts[(lid, k)]
                if last_facts is not None and last_facts.get((lid, k)) is fact:
                    continue  # (checked when it was made)
                self._refuse_over_budget(layer, fact)
                self.refuse_departure(layer, k, fact)
        unsized = self._unsized(facts, walked, last_unsized)
        known = self._known(facts, set(walked), last_known)
        self._last = (facts, unsized, known)
        entry = (Guard(self, unsized) if unsized else None, known)
        if len(self._signatures) >= _SIGNATURES_KEPT:
            self._signatures.pop(next(iter(self._signatures)))
        self._signatures[sig] = entry
        previous, self._previous = self._previous, (kind, dims)
        if previous is not None and previous[0] == kind and self.families:
            family = families.build(self, sig, previous[1], facts_in, facts, unsized)
            if family is not None:
                self._families = [family] + self._families[: families.KEPT - 1]
        return entry

    def _can_steer(self) -> frozenset:
        """The Parameters whose values can reach an input whose value a rule reads (a Reshape's
        target, a Range's bounds; any input of an op with bodies), other than through a ShapeOf,
        which reads only the shape. Only theirs take part in the sizing: a decoder's token id
        must not fold the whole model through its pass, nor make each token a new signature."""
        graph, stack = self.graph, []
        for lid in self.order:
            layer = graph.layer(lid)
            feeds = graph.producers(lid)
            body = isinstance(layer.op, BodyOp)
            stack += [
                feeds[i][0]
                for i in range(len(layer.inputs))
                if i in feeds and (body or layer.op.declared_input(i).value)
            ]
        seen = set()
        while stack:
            lid = stack.pop()
            if lid in seen:
                continue
            seen.add(lid)
            if graph.layer(lid).type != "ShapeOf":
                stack += [src for src, _ in graph.producers(lid).values()]
        return frozenset(lid for lid in seen if graph.layer(lid).type == "Parameter")

    def _known(self, facts: dict, walked: set, last_known) -> dict:
        known = {}
        for lid in self.shape_only:
            if last_known is not None and lid not in walked:
                if lid in last_known:
                    known[lid] = last_known[lid]
                continue
            outs = [facts[(lid, k)] for k in range(len(self.graph.layer(lid).outputs))]
            # (Not a symbolic pass's value that holds its length: the run computes that one.)
            if all(f.value is not None and f.value.dtype != object for f in outs):
                values = [np.array(f.value) for f in outs]  # (own copies, read-only: shared by the runs)
                for v in values:
                    v.flags.writeable = False
                known[lid] = values
        return known

    def _refuse_over_budget(self, layer, fact: Fact) -> None:
        if fact.shape is not None and is_static(fact.shape) and not representable(fact):
            raise ExecutionError(
                f"the output would be {fmt(fact.shape)} of {fact.etype}: too large for any array "
                f"(NumPy counts the dims that are not 0, even of an empty array)",
                file=self.graph.path,
                **layer.where(),
            )
        size = nbytes(fact)
        if size is not None and size > self.budget:
            raise ExecutionError(
                f"the output would be {fmt(fact.shape)} of {fact.etype}, {fmt_bytes(size)}: "
                f"over the budget of {fmt_bytes(self.budget)} for one tensor",
                file=self.graph.path,
                **layer.where(),
            )

    def declared(self) -> dict:
        """What shape inference says of every output from the model's declared shapes (empty
        when it refuses them: lint reports that)."""
        if self._declared is None:
            try:
                # Only the shapes: the values folded on the way need not stay alive.
                self._declared = {
                    key: Fact(f.etype, f.shape) for key, f in infer_shapes(self.graph, self.order).items()
                }
            except IRExecError:
                self._declared = {}
        return self._declared

    def refuse_departure(self, layer, k: int, fact: Fact) -> None:
        """Refuse an output the actual inputs shape otherwise than the declared ones said: a rule
        that decided on an unknown dim (Squeeze drops a listed dim that might be 1) met a value
        that contradicts the decision."""
        ahead = self.declared().get((layer.id, k))
        if ahead is not None and not compatible(ahead.shape, fact.shape):
            raise ExecutionError(
                f"output {k} would be {fmt(fact.shape)}, but from the model's declared shapes it is {fmt(ahead.shape)}",
                file=self.graph.path,
                **layer.where(),
            )

    def _unsized(self, facts: dict, walked: list, last_unsized) -> dict:
        """The layers the pass could not size exactly (layer id -> its inputs' element types):
        an input or output shape not static, or a value the rule needs not known. A layer the
        pass did not walk again is decided as it was then."""
        unsized = dict(last_unsized) if last_unsized is not None else {}
        for lid in walked:
            unsized.pop(lid, None)
            layer = self.graph.layer(lid)
            op = layer.op
            if layer.type in ("Parameter", "Const", "Result"):
                continue
            if isinstance(op, BodyOp):
                unsized[lid] = None
                continue
            if op.stateful:
                continue  # (a ReadValue gives the variable's value: its shape was checked when stored)
            feeds = self.graph.producers(lid)
            ins = [facts[feeds[i]] for i in range(len(layer.inputs))]
            outs = [facts[(lid, i)] for i in range(len(layer.outputs))]
            if any(not is_static(f.shape) for f in ins + outs) or any(
                f.value is None and op.declared_input(i).value for i, f in enumerate(ins)
            ):
                unsized[lid] = [f.etype for f in ins]
        return unsized


def shape_only_layers(graph: Graph, order: list, fixed: set) -> frozenset:
    """The layers whose values depend on the inputs' shapes and on no input's values: a
    ShapeOf, and what is computed from ShapeOfs and constants alone (a mask's Range, RoPE's
    positions). The sizing pass computes their values per input signature."""
    found: set[str] = set()
    for lid in order:
        layer = graph.layer(lid)
        if layer.type in ("Parameter", "Result") or lid in fixed or not layer.op.foldable:  # type: ignore[union-attr]
            continue
        sources = {src for src, _ in graph.producers(lid).values()}
        # (Not constants alone: those are folded, or too large to keep once per signature.)
        # (Not ``sources <= fixed | found``: a union per layer is quadratic in the layers.)
        if layer.type == "ShapeOf" or (
            all(s in fixed or s in found for s in sources) and not sources.isdisjoint(found)
        ):
            found.add(lid)
    return frozenset(found)
