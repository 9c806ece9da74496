"""Loop-5: runs ``body`` while both hold: fewer iterations than ``trip_count`` (an integer
scalar or 1-element tensor; -1: no limit) and the condition (``execution_condition`` for the
first iteration, then the body's Result whose port map ``purpose`` is "execution_condition").
A body Parameter of ``purpose`` "current_iteration" counts the iterations from 0.

The ``<port_map>`` passes each input to a body Parameter whole, a part per iteration (``axis``
set: sliced, ``part_size`` along it), or, with a ``<back_edges>`` entry, first whole and then
the named body Result of the iteration before (merged). Each output is a body Result at the last
iteration, or its values of every iteration concatenated along ``axis``.

Shapes: the iterations are known when the execution condition and the body's condition are
known and the trip count is: 0 when ``execution_condition`` is false, 1 when the body's
condition is false, the trip count when it is true; a concatenated output is then that many
times the body Result along the axis, else of unknown size there. A merged Parameter whose
back edge brings another shape is made dynamic in the dims that differ and the body inferred
again, as OpenVINO does.

Departures from the CPU plugin: when ``execution_condition`` is known false, OpenVINO writes a
concatenated output as the shape [0] (rank 1); irexec gives the body Result's rank with 0 along
the axis. A port map's ``external_port_id`` is read as the id of the layer's port (OpenVINO reads
an input's as its index and orders the outputs by theirs: the same for files OpenVINO writes).

Running: the body runs while the trip count and the condition allow, at most MAX_ITERATIONS
times (irexec.ops.bodies); a sliced input gives part i at iteration i, from ``start`` to ``end``
both included (negatives count from the end of the axis), by ``stride`` (negative: backwards), and
a loop that would iterate past its last part is refused (so is it by the CPU plugin). A loop that
does not run gives, at a last-iteration output, what the back edge from that Result was first
given, else zeros of the Result's declared shape (unknown dims 0), and empty concatenations.
The CPU plugin departs: it slices a Loop's input over the whole axis whatever start and end say
(start -2, end -4, stride -1 over 5 rows: rows 4, 3, 2 rather than 3, 2, 1); it leaves a zero-trip
loop's last-iteration output that no back edge feeds uninitialised; with a constant trip count and
execution_condition false at run time it gives a concatenated output of trip-count parts,
uninitialised; and it refuses to concatenate a body Result whose size along the axis is not
|stride| (a Result that grows between iterations), which irexec concatenates.
"""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ..bodies import concatenated, known_scalar, times
from ..iterating import IteratingOp, Iterations
from ..op import Input
from ..registry import register


@register
class Loop(IteratingOp):
    type, version = "Loop", "opset5"
    spec = "infrastructure/loop-5"
    inputs = (
        Input("trip_count", "int", value=True),
        Input("execution_condition", "bool", value=True),
        Input("inputs", variadic=True, optional=True),
    )

    def output_facts(self, trip_count, execution_condition, *data, context):
        trip = known_scalar(trip_count, "Loop's trip_count", 0)
        first = known_scalar(execution_condition, "Loop's execution_condition", 1)
        body = self.bodies["body"]
        cond = [e.internal_layer for e in body.outputs if e.purpose == "execution_condition"]
        if not cond:
            raise ValidationError(
                "the Loop's port map has no <output> with purpose \"execution_condition\" (the body's condition)"
            )
        if len(cond) > 1:
            raise ValidationError(
                "the Loop's port map has more than one <output> with purpose "
                '"execution_condition": which one is the body\'s condition is not said'
            )
        self.part_count([trip_count, execution_condition, *data])  # (refuses a slicing that cannot be)
        results = self.iterate(context, [trip_count, execution_condition, *data])
        again = known_scalar(results[cond[0]], "the body's execution condition", None)
        n = self.iterations(trip, first, again)
        size = (lambda d: None) if n is None else (lambda d: times(n, d))
        return self.collect(body, results, lambda f, e: concatenated(f, e, size))

    @staticmethod
    def iterations(trip, first, again):
        """How many times the body runs, when that is known."""
        if first is not None and not first:
            return 0
        if first is None or again is None:
            return None
        if not again:  # the body stops the loop after its first run (a trip count of -1: no limit)
            return None if trip is None else 0 if trip == 0 else 1
        return trip if trip is not None and trip >= 0 else None

    def compute(self, trip_count, execution_condition, *data, context):
        trip = int(scalar(trip_count, "trip_count"))
        go = bool(scalar(execution_condition, "execution_condition"))
        body = self.bodies["body"]
        cond = next(e.internal_layer for e in body.outputs if e.purpose == "execution_condition")
        run = Iterations(self, context, [trip_count, execution_condition, *data])
        while go and (trip < 0 or run.done < trip):
            results = run.step()
            go = bool(scalar(results[cond], "the body's execution condition"))
        return run.outputs()


def scalar(arr, what: str):
    arr = np.asarray(arr)
    if arr.size != 1:
        raise ExecutionError(f"the Loop's {what} must have one element, got shape {list(arr.shape)}")
    return arr.reshape(()).item()
