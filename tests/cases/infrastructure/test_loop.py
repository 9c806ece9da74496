"""Loop-5 against the CPU plugin: trip counts constant, fed at run time, 0 and -1 (the body's
condition decides), execution_condition false, current_iteration, back edges, invariant and
sliced inputs (backwards, negative start/end), outputs at the last iteration and concatenated
(forwards and backwards), a body whose shapes change between iterations, an If in a Loop, f32
and i32. The plugin's departures: it slices a Loop's input over the whole axis whatever start and
end say; a zero-trip loop leaves a last-iteration output that no back edge feeds uninitialised;
it refuses to concatenate a body Result whose size along the axis is not |stride|; with a constant
trip count and execution_condition false at run time, it gives a concatenated output of trip-count
parts, uninitialised (the spec: none)."""

import numpy as np

from cases.bodies_builder import (
    BodyCase,
    BodyError,
    BodyTable,
    T,
    by_type,
    const,
    floats,
    if_op,
    loop,
    o8,
    ov,
    param,
    port_map_entry,
)

X = floats(5, 2)
S0 = floats(1, 2, seed=1)


def accumulate(trip=4, first=True, trip_const=True, first_const=True, dtype=np.float32):
    """state += x * (i + 1) each iteration (x invariant, i the current iteration): the state at
    the last iteration and every iteration's state concatenated."""

    def build(f):
        s0 = f.value(S0.astype(dtype))
        x = f.value(floats(1, 2, seed=2).astype(dtype), const=True)
        n = f.value(np.int64(trip), const=trip_const)
        go = f.value(np.bool_(first), const=first_const)
        i, s, xi = param([], np.int64), param([1, 2], dtype), param([1, 2], dtype)
        k = o8.convert(o8.add(i, const(1)), dtype)
        nxt = o8.add(s, o8.multiply(xi, k))
        node, _ = loop(n, go, [o8.result(const(True, np.bool_)), o8.result(nxt)], [i, s, xi], current=0)
        node.set_merged_input(s, s0.output(0), nxt.output(0))
        node.set_invariant_input(xi, x.output(0))
        # (OpenVINO's API concatenates a Loop's outputs forwards only: start 0, stride 1, end -1.)
        return [node.get_iter_value(nxt.output(0), -1), node.get_concatenated_slices(nxt.output(0), 0, 1, 1, -1, 0)]

    return build


def while_below(limit=3, trip=-1):
    """A while loop: go on while i < limit (i: the current iteration, i32), trip -1 or given."""

    def build(f):
        s0 = f.value(S0)
        i, s = param([], np.int32), param([1, 2])
        nxt = o8.multiply(s, o8.constant(np.float32(2)))
        go = o8.less(i, o8.constant(np.int32(limit)))
        node, _ = loop(
            f.value(np.int64(trip)), const(True, np.bool_), [o8.result(go), o8.result(nxt)], [i, s], current=0
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


def untouched(trip=0):
    """A last-iteration output no back edge feeds, of a loop that does not run."""

    def build(f):
        s0 = f.value(S0)
        s = param([1, 2])
        nxt = o8.add(s, s)
        twice = o8.multiply(nxt, o8.constant(np.float32(2)))
        node, _ = loop(
            f.value(np.int64(trip)),
            const(True, np.bool_),
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


def states(trip, k0=1, dtype=np.float32):
    """What ``accumulate`` gives: the state after each iteration."""
    x = floats(1, 2, seed=2).astype(dtype)
    out, s = [], S0.astype(dtype)
    for i in range(trip):
        s = s + x * (i + k0)
        out.append(s)
    return out


I32 = np.int32
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
        # Only irexec runs these: the plugin's values are not the spec's to compare with.
        BodyCase(
            "a zero-trip loop's output no back edge feeds: zeros of the Result's shape",
            untouched(),
            expect=[S0, np.zeros((1, 2), np.float32)],
            oracle=False,
        ),
        BodyCase(
            "execution_condition false at run time, a constant trip count: still an empty concatenation",
            accumulate(trip=5, first=False, first_const=False),
            expect=[S0, np.zeros((0, 2), np.float32)],
            oracle=False,
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
