"""Loop-5 against the CPU plugin: trip counts constant, fed at run time, 0 and -1 (the body's
condition decides), execution_condition false, current_iteration, back edges, invariant and
sliced inputs (backwards, negative start/end), outputs at the last iteration and concatenated
(forwards and backwards), a body whose shapes change between iterations, an If in a Loop, f32
and i32. The plugin's departures: it slices a Loop's input over the whole axis whatever start and
end say; a zero-trip loop leaves a last-iteration output that no back edge feeds uninitialised;
it refuses to concatenate a body Result whose size along the axis is not |stride|; with a constant
trip count and execution_condition false at run time, it gives a concatenated output of trip-count
parts, uninitialised (the spec: none).

The trip count and the two conditions together (trip 0, -1 and n; execution_condition true and
false, constant and at run time; the body's condition constant false, or turning false inside):
the last values (a back edge's first value when the body does not run) and the concatenations
(empty then). OpenVINO's shape inference writes a Loop whose execution_condition is a constant
false with a last-iteration output of 0 rows and a concatenation of shape [0], and one whose body's
condition is a constant false with a one-part concatenation whatever the trip count says; those
rows declare the ports the spec's run gives (``declare_outputs``). The plugin crashes on a
constant trip count of 0, and gives one uninitialised part when the body's condition is a constant
false and the loop does not run. Sliced inputs in parts of 1, 2 and 3, forwards and backwards, and
outputs concatenated backwards (an XML change: OpenVINO's API writes a Loop's forwards only)."""

import numpy as np

from cases.bodies_builder import (
    BodyCase,
    BodyError,
    BodyTable,
    T,
    by_type,
    const,
    declare_outputs,
    floats,
    if_op,
    loop,
    o8,
    ov,
    param,
    port_map_entry,
    set_slicing,
)

X = floats(5, 2)
S0 = floats(1, 2, seed=1)


def accumulate(trip=4, first=True, trip_const=True, first_const=True, dtype=np.float32, again=True):
    """state += x * (i + 1) each iteration (x invariant, i the current iteration): the state at
    the last iteration and every iteration's state concatenated. ``again``: the body's condition
    (a constant)."""

    def build(f):
        s0 = f.value(S0.astype(dtype))
        x = f.value(floats(1, 2, seed=2).astype(dtype), const=True)
        n = f.value(np.int64(trip), const=trip_const)
        go = f.value(np.bool_(first), const=first_const)
        i, s, xi = param([], np.int64), param([1, 2], dtype), param([1, 2], dtype)
        k = o8.convert(o8.add(i, const(1)), dtype)
        nxt = o8.add(s, o8.multiply(xi, k))
        node, _ = loop(n, go, [o8.result(const(again, np.bool_)), o8.result(nxt)], [i, s, xi], current=0)
        node.set_merged_input(s, s0.output(0), nxt.output(0))
        node.set_invariant_input(xi, x.output(0))
        # (OpenVINO's API concatenates a Loop's outputs forwards only: start 0, stride 1, end -1.)
        return [node.get_iter_value(nxt.output(0), -1), node.get_concatenated_slices(nxt.output(0), 0, 1, 1, -1, 0)]

    return build


def while_below(limit=3, trip=-1, trip_const=False, first=True, first_const=True):
    """A while loop: go on while i < limit (i: the current iteration, i32), trip -1 or given."""

    def build(f):
        s0 = f.value(S0)
        i, s = param([], np.int32), param([1, 2])
        nxt = o8.multiply(s, o8.constant(np.float32(2)))
        go = o8.less(i, o8.constant(np.int32(limit)))
        node, _ = loop(
            f.value(np.int64(trip), const=trip_const),
            f.value(np.bool_(first), const=first_const),
            [o8.result(go), o8.result(nxt)],
            [i, s],
            current=0,
        )
        node.set_merged_input(s, s0.output(0), nxt.output(0))
        return [node.get_iter_value(nxt.output(0), -1), node.get_concatenated_slices(nxt.output(0), 0, 1, 1, -1, 0)]

    return build


def sliced(start=0, stride=1, end=-1, trip=5, xs=X):
    """acc += each row of xs (sliced along axis 0); every row seen, concatenated."""

    def build(f):
        rows, a0 = f.value(xs), f.value(np.zeros((1, 2), np.float32))
        row, acc = param([1, 2]), param([1, 2])
        nxt = o8.add(acc, row)
        node, _ = loop(
            f.value(np.int64(trip)),
            const(True, np.bool_),
            [o8.result(const(True, np.bool_)), o8.result(nxt), o8.result(row)],
            [row, acc],
        )
        node.set_sliced_input(row, rows.output(0), start, stride, 1, end, 0)
        node.set_merged_input(acc, a0.output(0), nxt.output(0))
        return [node.get_iter_value(nxt.output(0), -1), node.get_concatenated_slices(row.output(0), 0, 1, 1, -1, 0)]

    return build


def growing(trip=3):
    """The state doubles its rows each iteration (a Concat through the back edge): its shape changes
    between iterations; beside it, the sum of its rows, concatenated."""

    def build(f):
        s0 = f.value(S0)
        s = param([-1, 2])
        grown = o8.concat([s, s], 0)
        total = o8.reduce_sum(grown, const([0]), True)
        node, _ = loop(
            f.value(np.int64(trip)),
            const(True, np.bool_),
            [o8.result(const(True, np.bool_)), o8.result(grown), o8.result(total)],
            [s],
        )
        node.set_merged_input(s, s0.output(0), grown.output(0))
        return [node.get_iter_value(grown.output(0), -1), node.get_concatenated_slices(total.output(0), 0, 1, 1, -1, 0)]

    return build


def if_inside(trip=4):
    """s = s + row on even iterations, s - row on odd ones: an If in the body (bodies two deep)."""

    def build(f):
        s0, rows = f.value(S0), f.value(X[:4])
        i, row, s = param([], np.int64), param([1, 2]), param([1, 2])
        even = o8.equal(o8.floor_mod(i, const(2)), const(0))
        ta, tb, ea, eb = param([1, 2]), param([1, 2]), param([1, 2]), param([1, 2])
        then_body = o8.result(o8.add(ta, tb))
        else_body = o8.result(o8.subtract(ea, eb))
        (mixed,) = if_op(
            even,
            ov.Model([then_body], [ta, tb]),
            ov.Model([else_body], [ea, eb]),
            [(s, ta, ea), (row, tb, eb)],
            [(then_body, else_body)],
        )
        nxt = o8.multiply(mixed, o8.constant(np.float32(1)))
        node, _ = loop(
            f.value(np.int64(trip)),
            const(True, np.bool_),
            [o8.result(const(True, np.bool_)), o8.result(nxt)],
            [i, row, s],
            current=0,
        )
        node.set_sliced_input(row, rows.output(0), 0, 1, 1, -1, 0)
        node.set_merged_input(s, s0.output(0), nxt.output(0))
        return [node.get_iter_value(nxt.output(0), -1), node.get_concatenated_slices(nxt.output(0), 0, 1, 1, -1, 0)]

    return build


def untouched(trip=0, first=True):
    """A last-iteration output no back edge feeds, of a loop that does not run (``first``: the
    execution_condition, fed at run time when false)."""

    def build(f):
        s0 = f.value(S0)
        s = param([1, 2])
        nxt = o8.add(s, s)
        twice = o8.multiply(nxt, o8.constant(np.float32(2)))
        node, _ = loop(
            f.value(np.int64(trip)),
            const(True, np.bool_) if first else f.value(np.bool_(False)),
            [o8.result(const(True, np.bool_)), o8.result(nxt), o8.result(twice)],
            [s],
        )
        node.set_merged_input(s, s0.output(0), nxt.output(0))
        return [node.get_iter_value(nxt.output(0), -1), node.get_iter_value(twice.output(0), -1)]

    return build


def growing_concat(trip=2):
    def build(f):
        s0 = f.value(S0)
        s = param([-1, 2])
        grown = o8.concat([s, s], 0)
        node, _ = loop(
            f.value(np.int64(trip)), const(True, np.bool_), [o8.result(const(True, np.bool_)), o8.result(grown)], [s]
        )
        node.set_merged_input(s, s0.output(0), grown.output(0))
        return [node.get_concatenated_slices(grown.output(0), 0, 1, 1, -1, 0)]

    return build


def range_by_iteration(trip=5):
    """Each iteration makes Range(0, 4, i - 2): its step is 0 at the third."""

    def build(f):
        stop = f.value(np.int64(4))
        i, e = param([], np.int64), param([], np.int64)
        made = o8.range(const(0), e, o8.subtract(i, const(2)), "i64")
        count = o8.shape_of(made)
        node, _ = loop(
            f.value(np.int64(trip)),
            const(True, np.bool_),
            [o8.result(const(True, np.bool_)), o8.result(count)],
            [i, e],
            current=0,
        )
        node.set_invariant_input(e, stop.output(0))
        return [node.get_iter_value(count.output(0), -1)]

    return build


def rows(n=6):
    """[n, 2] of distinct values: a part taken or put out of order, or reversed inside, shows."""
    return np.arange(2 * n, dtype=np.float32).reshape(n, 2)


def windows(start=0, stride=1, part=1, end=-1, trip=None, n=6, whole=False):
    """Each part of rows(n), sliced along axis 0 by (start, stride, part_size, end), flattened to
    [1, 2 * part] (``whole``: kept as the [part, 2] it is) and concatenated along axis 0; the last
    part flattened; acc = 2 * acc + part flattened (a back edge: the order of the parts shows).
    The trip count, fed at run time, is the parts' count unless ``trip`` says otherwise."""

    def build(f):
        xs = f.value(rows(n))
        a0 = f.value(np.zeros((1, 2 * part), np.float32))
        x, acc = param([part, 2]), param([1, 2 * part])
        flat = o8.reshape(x, const([1, 2 * part]), False)
        nxt = o8.add(o8.multiply(acc, o8.constant(np.float32(2))), flat)
        gathered = o8.multiply(x, o8.constant(np.float32(1))) if whole else flat
        count = trip if trip is not None else (abs((end % n) - (start % n)) + 1) // part
        node, _ = loop(
            f.value(np.int64(count)),
            const(True, np.bool_),
            [o8.result(const(True, np.bool_)), o8.result(gathered), o8.result(flat), o8.result(nxt)],
            [x, acc],
        )
        node.set_sliced_input(x, xs.output(0), start, stride, part, end, 0)
        node.set_merged_input(acc, a0.output(0), nxt.output(0))
        return [
            node.get_concatenated_slices(gathered.output(0), 0, 1, 1, -1, 0),
            node.get_iter_value(flat.output(0), -1),
            node.get_iter_value(nxt.output(0), -1),
        ]

    return build


def in_windows(firsts, part, n=6, out_reversed=False, whole=False):
    """What ``windows`` gives when its parts start at ``firsts`` (in the order the body takes them)."""
    parts = [rows(n)[k : k + part] for k in firsts]
    flats = [p.reshape(1, -1) for p in parts]
    acc = np.zeros_like(flats[0])
    for p in flats:
        acc = 2 * acc + p
    gathered = parts if whole else flats
    return [np.concatenate(gathered[::-1] if out_reversed else gathered), flats[-1], acc]


OUT_BACK = set_slicing("Loop", "output", start=-1, stride=-1, end=0)


def states(trip, k0=1, dtype=np.float32):
    """What ``accumulate`` gives: the state after each iteration."""
    x = floats(1, 2, seed=2).astype(dtype)
    out, s = [], S0.astype(dtype)
    for i in range(trip):
        s = s + x * (i + k0)
        out.append(s)
    return out


I32 = np.int32
NOTHING = [S0, np.zeros((0, 2), np.float32)]  # a loop that does not run: the initial state, no parts
ONE_PART = (
    "with the body's condition a constant false, the plugin gives a concatenated output of one part, "
    "uninitialised, even when the loop does not run"
)
KNOWN_FALSE = (
    "with execution_condition a constant false, OpenVINO's shape inference writes the last iteration's "
    "output as [0, 2] and the concatenation as [0], and the plugin refuses to compile the Loop: the ports "
    "are declared as the spec's run gives them"
)
ROWS_BACK = X[[3, 2, 1]]  # start -2, end -4, stride -1 over 5 rows
ROWS_ALL_BACK = X[::-1][:3]  # what the plugin takes: the whole axis backwards, the first 3

TABLE = BodyTable(
    "Loop",
    "opset5",
    cases=[
        BodyCase("constant trip 4: back edge, invariant, current_iteration; last and concatenated", accumulate()),
        BodyCase("trip count fed at run time", accumulate(trip=3, trip_const=False)),
        BodyCase(
            "trip count 0 at run time: the initial state, an empty concatenation",
            accumulate(trip=0, trip_const=False),
            expect=[S0, np.zeros((0, 2), np.float32)],
        ),
        BodyCase(
            "execution_condition false at run time",
            accumulate(trip=5, first=False, trip_const=False, first_const=False),
            expect=[S0, np.zeros((0, 2), np.float32)],
        ),
        BodyCase("execution_condition true at run time", accumulate(trip=2, first_const=False)),
        BodyCase(
            "i32 state",
            accumulate(trip=3, dtype=I32),
            expect=[states(3, dtype=I32)[-1], np.concatenate(states(3, dtype=I32))],
        ),
        BodyCase(
            "trip -1: the body's condition (i < 3, i32 current_iteration) stops it after 4",
            while_below(),
            expect=[S0 * 16, np.concatenate([S0 * 2, S0 * 4, S0 * 8, S0 * 16])],
        ),
        BodyCase("trip 2 stops first, the condition would go on", while_below(trip=2)),
        BodyCase("the condition false at once: one iteration", while_below(limit=0)),
        BodyCase("sliced input, every row", sliced(), expect=[X.sum(0, keepdims=True), X]),
        BodyCase(
            "sliced input backwards (start -1, end 0, stride -1)",
            sliced(start=-1, stride=-1, end=0),
            expect=[X.sum(0, keepdims=True), X[::-1]],
        ),
        BodyCase(
            "sliced backwards, negative start and end (-2 to -4)",
            sliced(start=-2, stride=-1, end=-4, trip=3),
            expect=[ROWS_BACK.sum(0, keepdims=True), ROWS_BACK],
            plugin=[ROWS_ALL_BACK.sum(0, keepdims=True), ROWS_ALL_BACK],
            why="the plugin slices a Loop's input over its whole axis, whatever start and end say",
            inputs=(T("f32", (5, 2)),),
        ),
        BodyCase(
            "a body whose shapes change: the state doubles its rows",
            growing(),
            expect=[np.concatenate([S0] * 8), np.concatenate([S0.sum(0, keepdims=True) * k for k in (2, 4, 8)])],
        ),
        BodyCase("an If in the body (even: add, odd: subtract)", if_inside()),
        # The trip count and the conditions together: (trip, execution_condition, the body's condition).
        *[
            BodyCase(
                f"trip {trip}, execution_condition false at run time: the initial state, an empty concatenation",
                accumulate(trip=trip, first=False, trip_const=False, first_const=False),
                expect=NOTHING,
            )
            for trip in (0, -1)
        ],
        *[
            BodyCase(
                f"trip {trip}, the body's condition false: one iteration",
                accumulate(trip=trip, again=False, trip_const=const),
                expect=[states(1)[0], states(1)[0]],
            )
            for trip, const in ((1, True), (3, True), (-1, True), (3, False))
        ],
        BodyCase(
            "trip 10, the body's condition turns false (i < 2): three iterations",
            while_below(limit=2, trip=10, trip_const=True),
            expect=[S0 * 8, np.concatenate([S0 * 2, S0 * 4, S0 * 8])],
        ),
        BodyCase(
            "trip 3, the body's condition turns false at the third iteration",
            while_below(limit=2, trip=3),
            expect=[S0 * 8, np.concatenate([S0 * 2, S0 * 4, S0 * 8])],
        ),
        BodyCase(
            "trip 2 stops before the body's condition turns false",
            while_below(limit=2, trip=2, trip_const=True),
            expect=[S0 * 4, np.concatenate([S0 * 2, S0 * 4])],
        ),
        BodyCase(
            "trip -1, execution_condition false at run time, a body that would stop itself",
            while_below(limit=2, first=False, first_const=False),
            expect=NOTHING,
        ),
        # Parts of 1, 2 and 3, forwards and backwards.
        BodyCase("parts of 2, stride 2", windows(0, 2, 2, -1), expect=in_windows([0, 2, 4], 2)),
        BodyCase("parts of 2 backwards (start -1, end 0)", windows(-1, -2, 2, 0), expect=in_windows([4, 2, 0], 2)),
        BodyCase("parts of 3, stride 3", windows(0, 3, 3, -1), expect=in_windows([0, 3], 3)),
        BodyCase("parts of 3 backwards", windows(-1, -3, 3, 0), expect=in_windows([3, 0], 3)),
        BodyCase(
            "parts of 1 backwards, the trip count stops after 4",
            windows(-1, -1, 1, 0, trip=4),
            expect=in_windows([5, 4, 3, 2], 1),
        ),
        BodyCase(
            "parts of 2 from 1 to 4",
            windows(1, 2, 2, 4),
            expect=in_windows([1, 3], 2),
            plugin=in_windows([0, 2], 2),
            why="the plugin slices a Loop's input over its whole axis, whatever start and end say",
            inputs=(T("f32", (6, 2)),),
        ),
        BodyCase(
            "parts of 3 backwards from -2 to -7",
            windows(-2, -3, 3, -7, n=8),
            expect=in_windows([4, 1], 3, n=8),
            plugin=in_windows([3, 0], 3, n=8),
            why=(
                "the plugin slices a Loop's input over its whole axis, whatever start and end say "
                "(backwards over 8 in parts of 3: from 3, then 0)"
            ),
            inputs=(T("f32", (8, 2)),),
        ),
        BodyCase(
            "parts of 2, the input's start and end left out",
            windows(0, 2, 2, -1),
            expect=in_windows([0, 2, 4], 2),
            change=set_slicing("Loop", "input", start=None, end=None),
        ),
        BodyCase(
            "parts of 1, the input's start, end, stride and part_size left out",
            windows(0, 1, 1, -1),
            expect=in_windows(range(6), 1),
            change=set_slicing("Loop", "input", start=None, end=None, stride=None, part_size=None),
        ),
        # (OpenVINO's API cannot write these: the saved XML is changed.)
        BodyCase(
            "concatenated backwards (an output stride of -1)",
            windows(-1, -2, 2, 0),
            expect=in_windows([4, 2, 0], 2, out_reversed=True),
            change=OUT_BACK,
        ),
        BodyCase(
            "parts of 3 concatenated whole, backwards (stride -3, part_size 3)",
            windows(0, 3, 3, -1, whole=True),
            expect=in_windows([0, 3], 3, out_reversed=True, whole=True),
            change=set_slicing("Loop", "output", start=-1, stride=-3, part_size=3, end=0),
        ),
        # Only irexec runs these: the plugin's values are not the spec's to compare with.
        BodyCase(
            "a zero-trip loop's output no back edge feeds: zeros of the Result's shape",
            untouched(),
            expect=[S0, np.zeros((1, 2), np.float32)],
            oracle=False,
        ),
        *[
            BodyCase(
                f"trip {trip}, execution_condition false at run time: an output no back edge feeds is zeros",
                untouched(trip, first=False),
                expect=[S0, np.zeros((1, 2), np.float32)],
                oracle=False,
            )
            for trip in (5, -1)
        ],
        BodyCase(
            "execution_condition false at run time, a constant trip count: still an empty concatenation",
            accumulate(trip=5, first=False, first_const=False),
            expect=[S0, np.zeros((0, 2), np.float32)],
            oracle=False,
        ),
        BodyCase(
            "trip 0, execution_condition true, the body's condition false, constants",
            accumulate(trip=0, again=False),
            expect=NOTHING,
            change=declare_outputs("Loop", None, (0, 2)),
            oracle=False,
            why=(
                "OpenVINO's shape inference counts the one iteration the body's condition allows, whatever "
                "the trip count says, and writes the concatenation as [1, 2]: the port is declared as the "
                "spec's run gives it; the plugin crashes (a division by zero) on a constant trip count of 0"
            ),
        ),
        BodyCase(
            "trip 0 (a constant), execution_condition true",
            accumulate(trip=0),
            expect=NOTHING,
            oracle=False,
            why="the plugin crashes (a division by zero) compiling a Loop whose trip count is a constant 0",
        ),
        *[
            BodyCase(
                f"trip {trip}, execution_condition {first} at run time, the body's condition false: no iteration",
                accumulate(trip=trip, first=first, first_const=False, trip_const=False, again=False),
                expect=NOTHING,
                oracle=False,
                why=ONE_PART,
            )
            for trip, first in ((0, True), (0, False), (3, False), (-1, False))
        ],
        *[
            BodyCase(
                f"trip {trip}, execution_condition false, constants: the initial state, an empty concatenation",
                accumulate(trip=trip, first=False),
                expect=NOTHING,
                change=declare_outputs("Loop", (1, 2), (0, 2)),
                oracle=False,
                why=KNOWN_FALSE,
            )
            for trip in (0, -1, 3)
        ],
        BodyCase(
            "trip 0, execution_condition false, the body's condition false, constants",
            accumulate(trip=0, first=False, again=False),
            expect=NOTHING,
            change=declare_outputs("Loop", (1, 2), (0, 2)),
            oracle=False,
            why=KNOWN_FALSE,
        ),
        BodyCase(
            "trip 3, execution_condition false, the body's condition false, constants",
            accumulate(trip=3, first=False, again=False),
            expect=NOTHING,
            change=declare_outputs("Loop", (1, 2), (0, 2)),
            oracle=False,
            why=KNOWN_FALSE,
        ),
        BodyCase(
            "trip 10, execution_condition false (a constant), a body that would stop itself",
            while_below(limit=2, trip=10, trip_const=True, first=False),
            expect=NOTHING,
            change=declare_outputs("Loop", (1, 2), (0, 2)),
            oracle=False,
            why=KNOWN_FALSE,
        ),
        BodyCase(
            "parts of 2, stride 1",
            windows(0, 1, 2, -1),
            expect=in_windows([0, 1, 2], 2),
            oracle=False,
            why="the plugin reads past a part whose part_size is not |stride| (irexec's parts overlap, stride apart)",
        ),
        BodyCase(
            "parts of 3, stride -1",
            windows(-1, -1, 3, 0),
            expect=in_windows([3, 2], 3),
            oracle=False,
            why="the plugin reads past a part whose part_size is not |stride| (irexec's parts overlap, stride apart)",
        ),
        BodyCase(
            "parts of 2 concatenated whole, backwards by -1",
            windows(-1, -2, 2, 0, whole=True),
            expect=in_windows([4, 2, 0], 2, out_reversed=True, whole=True),
            change=OUT_BACK,
            oracle=False,
            why="the plugin refuses to concatenate a body Result whose size along the axis is not |stride|",
        ),
        BodyCase(
            "a concatenated Result that grows between iterations",
            growing_concat(),
            expect=[np.concatenate([S0] * 2 + [S0] * 4)],
            oracle=False,
        ),
    ],
    errors=[
        BodyError(
            "port map input names a port the layer lacks",
            accumulate(trip_const=False),
            lambda root: port_map_entry(root, "Loop", "input").set("external_port_id", "9"),
            r"names input port 9, which the layer does not have",
            code="G002",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "back edge from a Parameter",
            accumulate(trip_const=False),
            lambda root: (
                by_type(root, "Loop")
                .find("back_edges/edge")
                .set("from-layer", by_type(root, "Loop").find("body/layers/layer[@type='Parameter']").get("id"))
            ),
            r"back edge from layer .*not a Result",
            code="G002",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "back edge to a missing layer",
            accumulate(trip_const=False),
            lambda root: by_type(root, "Loop").find("back_edges/edge").set("to-layer", "77"),
            r"back edge to layer '77', which is not in its body",
            code="G001",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "a cycle in the body",
            growing(),
            lambda root: _cycle(root),
            r"cycle",
            code="G005",
            layer=r"Loop_\d+/body/.*",
        ),
        BodyError(
            "a body Parameter nothing feeds",
            accumulate(trip_const=False),
            lambda root: _drop_input(root),
            r"no port map <input> feeds the Parameter",
            code="G004",
            layer=r"Loop_\d+/body/.*",
        ),
        BodyError(
            "no execution_condition output",
            accumulate(trip_const=False),
            lambda root: _drop_purpose(root),
            r"no <output> with purpose \"execution_condition\"",
            code="S005",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "a trip count of -1 whose body never stops",
            while_below(limit=1 << 30),
            lambda root: None,
            r"would run more than 50 iterations \(irexec's limit\)",
            layer=r"Loop_\d+",
            limit={"MAX_ITERATIONS": 50},
        ),
        BodyError(
            "an enormous trip count concatenating its states",
            accumulate(trip=1 << 40, trip_const=False),
            lambda root: None,
            r"over the budget",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "a sliced input runs out of parts",
            sliced(trip=7),
            lambda root: None,
            r"iteration 6 has no part of its sliced input left \(it makes 5 parts\)",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "parts of 3 over 5",
            windows(0, 3, 3, -1),
            set_slicing("Loop", "input", end=-2),
            r"slices 5 along axis 0 .*not a whole number of parts of 3",
            code="S005",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "parts of 2 backwards from 0: the first part starts before the axis",
            windows(0, 2, 2, -1),
            set_slicing("Loop", "input", stride=-2),
            r"slices axis 0 of length 6 from 0 to -1 by -2 in parts of 2 .*past the axis",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "parts of 2 from 5 to 4: the one part ends past the axis",
            windows(0, 2, 2, -1),
            set_slicing("Loop", "input", start=5, end=4),
            r"slices axis 0 of length 6 from 5 to 4 by 2 in parts of 2 .*past the axis",
            layer=r"Loop_\d+",
        ),
        BodyError(
            "a body layer fails at an iteration: its path is named",
            range_by_iteration(),
            lambda root: None,
            r"Range step must not be 0",
            layer=r"Loop_\d+/body/Range_\d+",
        ),
    ],
)


def _body(root):
    return by_type(root, "Loop").find("body")


def _cycle(root):
    body = _body(root)
    concat = body.find("layers/layer[@type='Concat']")
    reduce = body.find("layers/layer[@type='ReduceSum']")
    port = concat.find("input/port").get("id")
    edges = body.find("edges")
    for e in edges.findall("edge"):
        if e.get("to-layer") == concat.get("id") and e.get("to-port") == port:
            e.set("from-layer", reduce.get("id"))
            e.set("from-port", reduce.find("output/port").get("id"))


def _drop_input(root):
    pm = by_type(root, "Loop").find("port_map")
    for entry in pm.findall("input"):
        if entry.get("external_port_id") not in ("-1",) and entry.get("axis") is None:
            if not any(
                b.get("to-layer") == entry.get("internal_layer_id")
                for b in by_type(root, "Loop").findall("back_edges/edge")
            ):
                pm.remove(entry)
                return


def _drop_purpose(root):
    for entry in by_type(root, "Loop").findall("port_map/output"):
        if entry.get("purpose") == "execution_condition":
            del entry.attrib["purpose"]


test_cases, test_errors = TABLE.pytest()
