"""Loop and TensorIterator, what they share beyond bodies (irexec.ops.bodies): the rule that infers
the body again until its back edges settle, and running it: each sliced input cut into its
iterations' parts, the counts of parts checked, and the outputs kept or concatenated."""

from __future__ import annotations

import numpy as np

from ..errors import ExecutionError, ValidationError
from ..shapes import normalize_axis
from .bodies import BodyContext, BodyOp, merged
from .op import Fact

# The most iterations a Loop or TensorIterator runs: past it irexec refuses the model (a trip count
# of -1 or 2**62 with a body that never says stop must not hang a run).
MAX_ITERATIONS = 1 << 14

# How often a loop's body is inferred again while its back edges change their Parameters' shapes
# (each time some dim becomes dynamic); after that, they are taken as of unknown shape.
MAX_PASSES = 4


class IteratingOp(BodyOp):
    """Loop and TensorIterator: one body run again and again. Inputs are passed to the body
    whole (invariant), a part per iteration (sliced, ``axis`` set), or first whole and then from
    a body Result through a back edge (merged); outputs are a body Result's value at the last
    iteration, or its values concatenated along ``axis``."""

    def iterate(self, context: BodyContext, ins: list) -> dict:
        """The body's results, its merged Parameters fed what the back edges bring until the
        shapes settle."""
        body = self.bodies["body"]
        feeds = self.feeds(body, ins)
        targets = [b.to_layer for b in body.back_edges]
        twice = next((t for t in targets if targets.count(t) > 1), None)
        if twice is not None:
            raise ValidationError(
                f"two back edges go to the body's Parameter {body.graph.layer(twice).name!r}: "
                f"which one it takes is not said"
            )
        back = [(b.to_layer, b.from_layer) for b in body.back_edges if b.to_layer in feeds]
        for to, _ in back:
            feeds[to] = Fact(feeds[to].etype, feeds[to].shape)  # its value changes each iteration
        graph = body.graph
        for _ in range(MAX_PASSES):
            results = context.infer(body, feeds)
            changed = False
            for to, src in back:
                what = (
                    f"the back edge from {graph.layer(src).name!r} to {graph.layer(to).name!r} in the body "
                    f"changes the element type"
                )
                new = merged(feeds[to], results[src], what)
                if new.shape != feeds[to].shape:
                    feeds[to], changed = new, True
            if not changed:
                return results
        for to, _ in back:
            feeds[to] = Fact(feeds[to].etype, None)
        return context.infer(body, feeds)

    def collect(self, body, results: dict, concat=None) -> list:
        # Which iteration is the last is not known here: values do not come out of a loop.
        return [Fact(f.etype, f.shape) for f in super().collect(body, results, concat)]

    def part_count(self, ins: list) -> int | None:
        """The iterations a sliced input makes, as OpenVINO counts them (``count_parts``); None
        when no sliced input's length is known."""
        for e in self.bodies["body"].inputs:
            if e.axis is None or e.external_port is None:
                continue
            shape = ins[self.input_index[e.external_port]].shape
            if shape is None:
                continue
            d = shape[normalize_axis(e.axis, len(shape), "the port map's axis")]
            if not d.is_static:
                continue
            return count_parts(d.lo, e, f"the {self.type}'s input port {e.external_port}")
        return None


# ---- running a loop --------------------------------------------------------------------------------


def parts(arr: np.ndarray, e, what: str) -> list:
    """The parts of a sliced input, in the order the body takes them: ``part_size`` along the
    axis each, the first at ``start`` (negatives count from the end of the axis), each ``stride``
    after the one before (a negative stride walks backwards: a part then ends where the walk is),
    as many as whole parts fit from ``start`` to ``end``, both included. Views, not copies."""
    axis = normalize_axis(e.axis, arr.ndim, "the port map's axis")
    n = arr.shape[axis]
    start, end = (e.start + n if e.start < 0 else e.start), (e.end + n if e.end < 0 else e.end)
    count = count_parts(n, e, what)
    step = e.stride
    shift = 0 if step > 0 else e.part_size - 1
    # The parts' starts go one way: the first and the last bound them all. Checked before they are
    # listed, so a start or end far past the axis (2^31) is an error, not billions of parts.
    bounds = (start - shift, start + (count - 1) * step - shift)
    if count and (min(bounds) < 0 or max(bounds) + e.part_size > n or not 0 <= end < n):
        raise ValidationError(
            f"{what} slices axis {e.axis} of length {n} from {e.start} to {e.end} by "
            f"{e.stride} in parts of {e.part_size} (port map line {e.line}): past the axis"
        )
    index = [slice(None)] * arr.ndim
    out = []
    for first in (start + k * step - shift for k in range(count)):
        index[axis] = slice(first, first + e.part_size)
        out.append(arr[tuple(index)])
    return out


def count_parts(n: int, e, what: str) -> int:
    """How many parts a sliced input of ``n`` along its axis makes: from ``start`` to ``end``
    (negatives count from the end of the axis), both included, in parts of ``part_size``; a range
    that is not a whole number of parts is refused (OpenVINO's shape inference drops the rest, its
    CPU plugin refuses it)."""
    if e.part_size < 1 or e.stride == 0:
        raise ValidationError(
            f"{what} slices with part_size {e.part_size} and stride {e.stride}: "
            f"part_size must be positive and stride not 0"
        )
    start, end = (e.start + n if e.start < 0 else e.start), (e.end + n if e.end < 0 else e.end)
    length = abs(end - start) + 1
    if length % e.part_size:
        raise ValidationError(
            f"{what} slices {length} along axis {e.axis} (from {e.start} to {e.end}), which "
            f"is not a whole number of parts of {e.part_size} (port map line {e.line})"
        )
    return length // e.part_size


class Iterations:
    """One run of a loop's body again and again: what each iteration is fed (whole inputs, a part
    of each sliced input, back edges, the iteration number) and what the outputs gather."""

    def __init__(self, op: IteratingOp, context: BodyContext, arrays: list):
        self.op, self.context, self.arrays = op, context, arrays
        body = self.body = op.bodies["body"]
        graph = body.graph
        self.whole = {
            e.internal_layer: arrays[op.input_index[e.external_port]]
            for e in body.inputs
            if e.external_port is not None and e.axis is None
        }
        self.sliced = [
            (
                e.internal_layer,
                parts(arrays[op.input_index[e.external_port]], e, f"the {op.type}'s input port {e.external_port}"),
            )
            for e in body.inputs
            if e.external_port is not None and e.axis is not None
        ]
        self.counter = [e.internal_layer for e in body.inputs if e.purpose == "current_iteration"]
        self.back = [(b.to_layer, b.from_layer) for b in body.back_edges]
        self.concat = [
            (op.output_ids.index(e.external_port), e)
            for e in body.outputs
            if e.external_port is not None and e.axis is not None
        ]
        self.gathered = {k: [] for k, _ in self.concat}
        self.gathered_bytes = 0
        self.results = None  # the last iteration's
        self.done = 0
        self.graph = graph

    def available(self):
        """How many iterations the sliced inputs allow (None: no sliced input)."""
        counts = {len(p) for _, p in self.sliced}
        if len(counts) > 1:
            raise ValidationError(
                f"the {self.op.type}'s sliced inputs make different numbers of parts: "
                f"{', '.join(str(len(p)) for _, p in self.sliced)}"
            )
        return counts.pop() if counts else None

    def step(self) -> dict:
        """Run the next iteration; returns its results."""
        i, op = self.done, self.op
        if i >= MAX_ITERATIONS:
            raise ExecutionError(f"the {op.type} would run more than {MAX_ITERATIONS} iterations (irexec's limit)")
        feeds = dict(self.whole)
        for lid, ps in self.sliced:
            if i >= len(ps):
                raise ExecutionError(
                    f"the {op.type}'s iteration {i + 1} has no part of its sliced input left (it makes {len(ps)} parts)"
                )
            feeds[lid] = ps[i]
        for lid in self.counter:
            param = self.graph.layer(lid).op
            feeds[lid] = np.full(tuple(d.lo for d in param.shape or ()), i, param.element_type.dtype)
        if self.results is not None:
            for to, src in self.back:
                feeds[to] = self.results[src]
        results = self.context.run(self.body, feeds)
        for k, e in self.concat:
            part = np.asarray(results[e.internal_layer])
            self.gathered_bytes += part.nbytes
            if self.gathered_bytes > self.context.max_bytes:
                raise ExecutionError(
                    f"output port {e.external_port}, concatenated over {i + 1} iterations, would "
                    f"take more than the budget of {self.context.max_bytes} bytes for one tensor"
                )
            self.gathered[k].append(part)
        self.results, self.done = results, i + 1
        return results

    def outputs(self) -> tuple:
        op, body = self.op, self.body
        if self.results is not None:
            outs = op.outputs_of(body, self.results)
        else:
            outs = [None] * op.n_outputs
            for e in body.outputs:
                if e.external_port is not None and e.axis is None:
                    outs[op.output_ids.index(e.external_port)] = self.never_run(e.internal_layer)
        for k, e in self.concat:
            outs[k] = self.joined(self.gathered[k], e)
        return tuple(outs)

    def never_run(self, result_id: str) -> np.ndarray:
        """A last-iteration output of a loop whose body never ran: what the back edge from that
        Result was first given (as OpenVINO gives it); zeros of the Result's declared shape when
        no back edge leaves it (unknown dims taken as 0, as the CPU plugin takes them)."""
        for to, src in self.back:
            if src == result_id and to in self.whole:
                return self.whole[to]
        return np.zeros(self.declared_shape(result_id), self.declared_dtype(result_id))

    def declared_shape(self, result_id: str) -> tuple:
        port = self.graph.layer(result_id).inputs[0]
        return () if port.shape is None else tuple(d.lo if d.is_static else 0 for d in port.shape)

    def declared_dtype(self, result_id: str):
        port = self.graph.layer(result_id).inputs[0]
        if port.etype is None:
            raise ExecutionError(
                f"the {self.op.type}'s body never ran, and its Result "
                f"{self.graph.layer(result_id).name!r} declares no element type to output"
            )
        return port.etype.dtype

    def joined(self, gathered: list, e) -> np.ndarray:
        """A concatenated output: every iteration's part along the axis (backwards for a negative
        stride); a Result of rank 0 gives parts of shape [1]."""
        if not gathered:
            shape = self.declared_shape(e.internal_layer) or (1,)
            axis = normalize_axis(e.axis, len(shape), "the port map's axis")
            return np.zeros(shape[:axis] + (0,) + shape[axis + 1 :], self.declared_dtype(e.internal_layer))
        gathered = [p.reshape(1) if p.ndim == 0 else p for p in gathered]
        axis = normalize_axis(e.axis, gathered[0].ndim, "the port map's axis")
        if e.stride < 0:
            gathered = gathered[::-1]
        shapes = {p.shape[:axis] + p.shape[axis + 1 :] for p in gathered}
        if len(shapes) > 1:
            raise ExecutionError(
                f"the body's Result {self.graph.layer(e.internal_layer).name!r} changes shape "
                f"between iterations ({', '.join(str(list(p.shape)) for p in gathered[:3])}...): "
                f"output port {e.external_port} cannot concatenate it along axis {e.axis}"
            )
        return np.concatenate(gathered, axis=axis)
