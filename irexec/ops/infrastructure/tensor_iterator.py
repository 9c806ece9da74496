"""TensorIterator-1: runs ``body`` once per part of its sliced inputs. The ``<port_map>`` passes
each input to a body Parameter whole, a part per iteration (``axis`` set: ``part_size`` along
it, from ``start`` to ``end`` by ``stride``; negatives count from the end of the axis), or,
with a ``<back_edges>`` entry, first whole and then the named body Result of the iteration
before (merged). Each output is a body Result at the last iteration, or its values of every
iteration concatenated along ``axis``.

Shapes: the iterations are counted as OpenVINO counts them, from the first sliced input whose
length along its axis is known: (|end - start| + 1) // part_size, ``start`` and ``end`` both
included; a concatenated output is then that many times its ``part_size`` along the axis, else
of unknown size there. A merged Parameter whose back edge brings another shape is made dynamic
in the dims that differ and the body inferred again, as OpenVINO does.

Departures from the CPU plugin: OpenVINO sizes a concatenated output by the port map's
``part_size`` whatever the body gives; irexec refuses a body Result whose size along the axis is
known and differs from ``part_size``. A port map's ``external_port_id`` is read as the id of the
layer's port (OpenVINO reads an input's as its index and orders the outputs by theirs: the same
for files OpenVINO writes). A sliced range that is not a whole number of parts is refused
(OpenVINO's shape inference drops the rest; its CPU plugin refuses it).

Running: part i of each sliced input at iteration i (irexec.ops.iterating.parts: from ``start``, by
``stride``, ``part_size`` each; a negative stride walks backwards); a concatenated output joins
the iterations' results in order, or backwards for a negative stride. Without a sliced input the
body runs once, as the CPU plugin runs it. The CPU plugin departs: it refuses a range that is not
the whole axis (start 1, end 3: "two different iterations numbers"), which irexec slices as the
spec says; and a body that Squeezes its part and adds the merged state gets, from the second
iteration on, twice the part (h0 + x[0], then 2 * x[t]: the state's buffer is the part's).
"""

from ...errors import ExecutionError, ValidationError
from ...shapes import fixed
from ..bodies import concatenated
from ..iterating import IteratingOp, Iterations
from ..op import Input
from ..registry import register


@register
class TensorIterator(IteratingOp):
    type, version = "TensorIterator", "opset1"
    spec = "infrastructure/tensor-iterator-1"
    inputs = (Input("inputs", variadic=True, optional=True),)

    def output_facts(self, *data, context):
        results = self.iterate(context, list(data))
        n = self.part_count(list(data))
        return self.collect(self.bodies["body"], results, lambda f, e: self.concat(f, e, n))

    @staticmethod
    def concat(fact, e, n):
        def size(d):
            if e.part_size < 1:
                raise ValidationError(
                    f"the port map concatenates parts of size {e.part_size} (port map line "
                    f"{e.line}): part_size must be positive"
                )
            if d.is_static and d.lo != e.part_size:
                raise ValidationError(
                    f"the body gives {d.lo} along axis {e.axis} of an output it concatenates "
                    f"(port map line {e.line}), but the port map's part_size is {e.part_size}"
                )
            return None if n is None else fixed(n * e.part_size)

        return concatenated(fact, e, size)

    def compute(self, *data, context):
        run = Iterations(self, context, list(data))
        n = run.available()
        for _ in range(1 if n is None else n):  # (no sliced input: one iteration, as the CPU plugin runs it)
            results = run.step()
            for _k, e in run.concat:
                d = results[e.internal_layer]
                if d.ndim and d.shape[e.axis] != e.part_size:
                    raise ExecutionError(
                        f"the body gives {d.shape[e.axis]} along axis {e.axis} of output port "
                        f"{e.external_port}, which it concatenates in parts of {e.part_size}"
                    )
        return run.outputs()
