"""TensorIterator-1 against the CPU plugin: sliced inputs (forwards, backwards, parts of 2), a back
edge, invariant inputs, outputs at the last iteration and concatenated (forwards and backwards),
a Loop inside, f32 and i32. The plugin's departures: a body that Squeezes its part and adds the
merged state gets, from the second iteration on, twice the part (the state's buffer is the
part's); it refuses a range that is not the whole axis (start 1, end 3): irexec slices it as the
spec says, start and end both included."""

import numpy as np

from cases.bodies_builder import (
    BodyCase,
    BodyError,
    BodyTable,
    T,
    by_type,
    const,
    floats,
    loop,
    o8,
    param,
    port_map_entry,
    tensor_iterator,
)

XS = floats(2, 5, 3)
H0 = floats(2, 3, seed=1)


def running_sum(start=0, stride=1, end=-1, part=1, squeeze=False, out_stride=1, dtype=np.float32):
    """h += the sum of each part of xs along axis 1 (a back edge); each step's h concatenated."""

    def build(f):
        xs, h0 = f.value(XS.astype(dtype)), f.value(H0.astype(dtype))
        x, h = param([2, part, 3], dtype), param([2, 3], dtype)
        part_sum = o8.squeeze(x, const([1])) if squeeze else o8.reduce_sum(x, const([1]), False)
        nxt = o8.add(part_sum, h)
        seen = o8.unsqueeze(nxt, const([1]))
        node, _ = tensor_iterator([o8.result(nxt), o8.result(seen)], [x, h])
        node.set_sliced_input(x, xs.output(0), start, stride, part, end, 1)
        node.set_merged_input(h, h0.output(0), nxt.output(0))
        return [
            node.get_iter_value(nxt.output(0), -1),
            node.get_concatenated_slices(
                seen.output(0), 0 if out_stride > 0 else -1, out_stride, 1, -1 if out_stride > 0 else 0, 1
            ),
        ]

    return build


def expected(order, part=1, dtype=np.float32, out_reversed=False):
    """What running_sum gives when it takes the parts starting at ``order``."""
    xs, h = XS.astype(dtype), H0.astype(dtype)
    seen = []
    for first in order:
        h = h + xs[:, first : first + part].sum(1, dtype=dtype)
        seen.append(h[:, None])
    if out_reversed:
        seen = seen[::-1]
    return [h, np.concatenate(seen, 1)]


def squeezed_by_the_plugin():
    """The plugin's running_sum(squeeze=True): h0 + x[0], then 2 * x[t]."""
    seen = [H0 + XS[:, 0]] + [2 * XS[:, t] for t in range(1, 5)]
    return [seen[-1], np.stack(seen, 1)]


def loop_inside():
    """Each part (a row) goes through an inner Loop that adds it to a zero state twice."""

    def build(f):
        xs = f.value(floats(4, 3, seed=3))
        row = param([1, 3])
        i, r, s = param([], np.int64), param([1, 3]), param([3])
        total = o8.add(s, o8.reshape(r, const([3]), False))
        inner, _ = loop(
            const(2), const(True, np.bool_), [o8.result(const(True, np.bool_)), o8.result(total)], [i, r, s], current=0
        )
        inner.set_invariant_input(r, row.output(0))
        inner.set_merged_input(s, const(np.zeros(3), np.float32).output(0), total.output(0))
        out = o8.unsqueeze(inner.get_iter_value(total.output(0), -1), const([0]))
        node, _ = tensor_iterator([o8.result(out)], [row])
        node.set_sliced_input(row, xs.output(0), 0, 1, 1, -1, 0)
        return [node.get_concatenated_slices(out.output(0), 0, 1, 1, -1, 0)]

    return build


def no_sliced_input():
    """No sliced input: the body runs once."""

    def build(f):
        a = f.value(H0)
        p = param([2, 3])
        twice = o8.add(p, p)
        node, _ = tensor_iterator([o8.result(twice)], [p])
        node.set_invariant_input(p, a.output(0))
        return [node.get_iter_value(twice.output(0), -1)]

    return build


I32 = np.int32
TABLE = BodyTable(
    "TensorIterator",
    "opset1",
    cases=[
        BodyCase("every part along axis 1, back edge, last and concatenated", running_sum(), expect=expected(range(5))),
        BodyCase(
            "backwards: start -1, end 0, stride -1",
            running_sum(start=-1, stride=-1, end=0),
            expect=expected(range(4, -1, -1)),
        ),
        BodyCase(
            "concatenated backwards (output stride -1)",
            running_sum(out_stride=-1),
            expect=expected(range(5), out_reversed=True),
        ),
        BodyCase("i32", running_sum(dtype=I32), expect=expected(range(5), dtype=I32)),
        BodyCase("a Loop in the body", loop_inside(), expect=[2 * floats(4, 3, seed=3)]),
        BodyCase("no sliced input: one iteration", no_sliced_input(), expect=[2 * H0]),
        BodyCase(
            "a Squeezed part added to the state",
            running_sum(squeeze=True),
            expect=expected(range(5)),
            plugin=squeezed_by_the_plugin(),
            inputs=(T("f32", (2, 5, 3)), T("f32", (2, 3))),
            why="from the second iteration on the plugin gives twice the part (the state's buffer is the part's)",
        ),
        BodyCase(
            "start 1 to end 3: three parts, both ends included",
            running_sum(start=1, end=3),
            expect=expected([1, 2, 3]),
            oracle=False,
        ),
        BodyCase(
            "backwards from -2 to -4",
            running_sum(start=-2, stride=-1, end=-4),
            expect=expected([3, 2, 1]),
            oracle=False,
        ),
    ],
    errors=[
        BodyError(
            "a range that is not a whole number of parts",
            running_sum(part=1),
            lambda root: port_map_entry(root, "TensorIterator", "input").set("part_size", "2"),
            r"slices 5 along axis 1 .*not a whole number of parts of 2",
            code="S005",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "a part past the axis",
            running_sum(),
            lambda root: port_map_entry(root, "TensorIterator", "input").set("stride", "2"),
            r"past the axis",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "a zero stride",
            running_sum(),
            lambda root: port_map_entry(root, "TensorIterator", "input").set("stride", "0"),
            r"stride must not be 0|stride not 0",
            code="S005",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "an output port map naming a port the layer lacks",
            running_sum(),
            lambda root: port_map_entry(root, "TensorIterator", "output").set("external_port_id", "7"),
            r"names output port 7, which the layer does not have",
            code="G002",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "two back edges into one Parameter",
            running_sum(),
            lambda root: _second_back_edge(root),
            r"two back edges go to the body's Parameter",
            code="S005",
            layer=r"TensorIterator_\d+",
        ),
    ],
)


def _second_back_edge(root):
    edges = by_type(root, "TensorIterator").find("back_edges")
    first = edges.find("edge")
    extra = edges.makeelement("edge", dict(first.attrib))
    edges.append(extra)


test_cases, test_errors = TABLE.pytest()
