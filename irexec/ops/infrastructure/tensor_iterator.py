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
for files OpenVINO writes). Running a TensorIterator is not supported yet (``irexec run`` says so).
"""
from ..bodies import IteratingOp, concatenated
from ..op import Input
from ..registry import register
from ...errors import ValidationError
from ...shapes import fixed


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
                raise ValidationError(f"the port map concatenates parts of size {e.part_size} (port map line "
                                      f"{e.line}): part_size must be positive")
            if d.is_static and d.lo != e.part_size:
                raise ValidationError(f"the body gives {d.lo} along axis {e.axis} of an output it concatenates "
                                      f"(port map line {e.line}), but the port map's part_size is {e.part_size}")
            return None if n is None else fixed(n * e.part_size)
        return concatenated(fact, e, size)
