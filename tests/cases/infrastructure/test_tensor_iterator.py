"""TensorIterator-1 against the CPU plugin: sliced inputs (forwards, backwards, parts of 2), a back
edge, invariant inputs, outputs at the last iteration and concatenated (forwards and backwards),
a Loop inside, f32 and i32. The plugin's departures: a body that Squeezes its part and adds the
merged state gets, from the second iteration on, twice the part (the state's buffer is the
part's); it refuses a range that is not the whole axis (start 1, end 3): irexec slices it as the
spec says, start and end both included.

Parts of 1, 2 and 3 (``windows``: distinct values, so that a part out of order or reversed inside
shows), sliced and concatenated forwards and backwards, start and end given (negative too) and
left out. The plugin's parts are |stride| long and it reads the whole axis only as 0 to -1 or -1
to 0: a part_size other than |stride| (irexec's parts then overlap, one stride apart), another
range, or an output stride of -2 from 0 to -1 it refuses, and only irexec runs those."""

import numpy as np

from cases.bodies_builder import (
    BodyCase,
    BodyError,
    BodyTable,
    T,
    by_type,
    changes,
    const,
    floats,
    loop,
    o8,
    param,
    port_map_entry,
    set_slicing,
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


def win(n=6):
    """[2, n, 3] of distinct values: a part taken or put out of order, or reversed inside, shows."""
    return np.arange(2 * n * 3, dtype=np.float32).reshape(2, n, 3)


def windows(start=0, stride=1, part=1, end=-1, back=False, n=6):
    """Each part of win(n), sliced along axis 1 by (start, stride, part_size, end), passed through
    and concatenated along axis 1 in parts of the same size (``back``: from -1 to 0 by -part_size,
    else from 0 to -1 by part_size); the last part; h = 2 * h + part (a back edge: the order of
    the parts shows in h)."""

    def build(f):
        xs, h0 = f.value(win(n)), f.value(np.zeros((2, part, 3), np.float32))
        x, h = param([2, part, 3]), param([2, part, 3])
        same = o8.multiply(x, o8.constant(np.float32(1)))
        nxt = o8.add(o8.multiply(h, o8.constant(np.float32(2))), x)
        node, _ = tensor_iterator([o8.result(same), o8.result(nxt)], [x, h])
        node.set_sliced_input(x, xs.output(0), start, stride, part, end, 1)
        node.set_merged_input(h, h0.output(0), nxt.output(0))
        o_start, o_stride, o_end = (-1, -part, 0) if back else (0, part, -1)
        return [
            node.get_concatenated_slices(same.output(0), o_start, o_stride, part, o_end, 1),
            node.get_iter_value(same.output(0), -1),
            node.get_iter_value(nxt.output(0), -1),
        ]

    return build


def in_windows(firsts, part, n=6, out_reversed=False):
    """What ``windows`` gives when its parts start at ``firsts`` (in the order the body takes them)."""
    parts = [win(n)[:, k : k + part] for k in firsts]
    h = np.zeros_like(parts[0])
    for p in parts:
        h = 2 * h + p
    return [np.concatenate(parts[::-1] if out_reversed else parts, 1), parts[-1], h]


NO_RANGE = dict(start=None, end=None)
NO_SLICING = dict(start=None, end=None, stride=None, part_size=None)
OVERLAP = "the plugin refuses a part_size other than |stride| (irexec's parts then overlap, stride apart)"
PARTIAL = "the plugin refuses a range that is not the whole axis"
WHOLE = "the plugin takes the whole axis only as 0 to -1 or -1 to 0 (it reads end -1 as one past the last)"

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
        # Parts of 1, 2 and 3, forwards and backwards, in and out (the plugin's parts are |stride| long).
        BodyCase(
            "parts of 1, in backwards, out backwards",
            windows(-1, -1, 1, 0, back=True),
            in_windows(range(5, -1, -1), 1, out_reversed=True),
        ),
        BodyCase("parts of 2, stride 2", windows(0, 2, 2, -1), in_windows([0, 2, 4], 2)),
        BodyCase("parts of 2, in backwards (start -1, end 0)", windows(-1, -2, 2, 0), in_windows([4, 2, 0], 2)),
        BodyCase(
            "parts of 2, out backwards", windows(0, 2, 2, -1, back=True), in_windows([0, 2, 4], 2, out_reversed=True)
        ),
        BodyCase(
            "parts of 2, in and out backwards",
            windows(-1, -2, 2, 0, back=True),
            in_windows([4, 2, 0], 2, out_reversed=True),
        ),
        BodyCase("parts of 3, in backwards", windows(-1, -3, 3, 0), in_windows([3, 0], 3)),
        BodyCase(
            "parts of 3, out backwards", windows(0, 3, 3, -1, back=True), in_windows([0, 3], 3, out_reversed=True)
        ),
        BodyCase(
            "parts of 2, the port maps' start and end left out",
            windows(0, 2, 2, -1),
            in_windows([0, 2, 4], 2),
            change=changes(
                set_slicing("TensorIterator", "input", **NO_RANGE), set_slicing("TensorIterator", "output", **NO_RANGE)
            ),
        ),
        BodyCase(
            "parts of 1, start, end, stride and part_size left out",
            windows(0, 1, 1, -1, back=True),
            in_windows(range(6), 1),
            change=changes(
                set_slicing("TensorIterator", "input", **NO_SLICING),
                set_slicing("TensorIterator", "output", **NO_SLICING),
            ),
        ),
        BodyCase(
            "parts of 2 backwards, the output's start and end left out: its stride alone orders",
            windows(-1, -2, 2, 0, back=True),
            in_windows([4, 2, 0], 2, out_reversed=True),
            change=set_slicing("TensorIterator", "output", **NO_RANGE),
            oracle=False,
            why="the plugin refuses an output stride of -2 from 0 to -1",
        ),
        # Only irexec runs these: the plugin refuses them.
        BodyCase(
            "parts of 3, start -6, end 5 (the whole axis)",
            windows(-6, 3, 3, 5, back=True),
            in_windows([0, 3], 3, out_reversed=True),
            oracle=False,
            why=WHOLE,
        ),
        BodyCase(
            "parts of 3 backwards, start 5, end 0 (the whole axis)",
            windows(5, -3, 3, 0),
            in_windows([3, 0], 3),
            oracle=False,
            why=WHOLE,
        ),
        BodyCase("parts of 2 from 1 to 4", windows(1, 2, 2, 4), in_windows([1, 3], 2), oracle=False, why=PARTIAL),
        BodyCase(
            "parts of 2 backwards from -2 to -5",
            windows(-2, -2, 2, -5, back=True),
            in_windows([3, 1], 2, out_reversed=True),
            oracle=False,
            why=PARTIAL,
        ),
        BodyCase(
            "parts of 2 backwards from 1 to 0: one part",
            windows(1, -2, 2, 0),
            in_windows([0], 2),
            oracle=False,
            why=PARTIAL,
        ),
        BodyCase(
            "parts of 3 from -7 to -2",
            windows(-7, 3, 3, -2, n=8),
            in_windows([1, 4], 3, n=8),
            oracle=False,
            why=PARTIAL,
        ),
        BodyCase(
            "parts of 3 backwards from 6 to 1",
            windows(6, -3, 3, 1, back=True, n=8),
            in_windows([4, 1], 3, n=8, out_reversed=True),
            oracle=False,
            why=PARTIAL,
        ),
        BodyCase("parts of 2, stride 1", windows(0, 1, 2, -1), in_windows([0, 1, 2], 2), oracle=False, why=OVERLAP),
        BodyCase(
            "parts of 2, stride -1",
            windows(-1, -1, 2, 0, back=True),
            in_windows([4, 3, 2], 2, out_reversed=True),
            oracle=False,
            why=OVERLAP,
        ),
        BodyCase("parts of 3, stride 1", windows(0, 1, 3, -1), in_windows([0, 1], 3), oracle=False, why=OVERLAP),
        BodyCase("parts of 3, stride -1", windows(-1, -1, 3, 0), in_windows([3, 2], 3), oracle=False, why=OVERLAP),
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
            "parts of 2 backwards from 0: the first part starts before the axis",
            windows(0, 2, 2, -1),
            set_slicing("TensorIterator", "input", stride=-2),
            r"slices axis 1 of length 6 from 0 to -1 by -2 in parts of 2 .*past the axis",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "parts of 2 forwards from 5 to 0: the first part ends past the axis",
            windows(0, 2, 2, -1),
            set_slicing("TensorIterator", "input", start=5, end=0),
            r"from 5 to 0 by 2 in parts of 2 .*past the axis",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "stride -1, start and end left out (0 to -1): backwards from 0 is past the axis",
            windows(-1, -1, 1, 0),
            set_slicing("TensorIterator", "input", start=None, end=None),
            r"from 0 to -1 by -1 in parts of 1 .*past the axis",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "parts of 3 over 5",
            windows(0, 3, 3, -1),
            set_slicing("TensorIterator", "input", end=-2),
            r"slices 5 along axis 1 .*not a whole number of parts of 3",
            code="S005",
            layer=r"TensorIterator_\d+",
        ),
        BodyError(
            "parts of 2 backwards over 3 (-1 to -3)",
            windows(-1, -2, 2, 0),
            set_slicing("TensorIterator", "input", end=-3),
            r"slices 3 along axis 1 \(from -1 to -3\).*not a whole number of parts of 2",
            code="S005",
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
