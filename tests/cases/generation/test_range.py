"""Range-1 and Range-4: cases against the CPU plugin.

start, stop and step are scalars, fed at run time unless ``const``. The plugin's run-time
kernel departs from the spec (and from its own constant folding, which the ``const`` rows
reach): it yields |stop - start| / step elements even when the step points away from stop, and
for an integer output_type it steps float inputs in floating point and rounds to nearest where
the spec casts them to the output type first (toward zero)."""

from cases.rows import Case, Error, T, Table


def R(start, stop, step, etype="i32", const=False):
    """Scalar inputs of one element type; ``etype`` a tuple gives each its own."""
    types = etype if isinstance(etype, tuple) else (etype,) * 3
    return tuple(T(t, (), v, const=const) for t, v in zip(types, (start, stop, step)))


AWAY = "the plugin's run-time kernel counts |stop - start| / step elements even when step points away from stop"
ROUNDS = (
    "the plugin's run-time kernel steps float inputs in floating point and rounds to the integer "
    "output_type; the spec casts start, stop and step to it first (toward zero)"
)

TABLE = Table(
    "Range",
    ("opset1", "opset4"),
    cases=[
        # Range-1: the output has the inputs' type.
        Case(R(0, 5, 1), versions=("opset1",)),
        Case(R(5, 0, -2, "i64"), versions=("opset1",), name="negative step"),
        Case(R(-3, 4, 3, "i8", const=True), versions=("opset1",)),
        Case(R(0, 100, 7, "u8"), versions=("opset1",)),
        Case(R(0.5, 3.2, 0.7, "f32"), versions=("opset1",), rtol=1e-6),
        Case(R(1.0, 0.0, -0.3, "f32"), versions=("opset1",), rtol=1e-6, name="negative float step"),
        Case(R(0, 3, 0.5, "f16"), versions=("opset1",)),
        Case(R(0, 3, 0.5, "bf16"), versions=("opset1",)),
        Case(R(3, 3, 1), versions=("opset1",), name="empty: start = stop"),
        Case(R(0, 1, 5), versions=("opset1",), name="one element: step beyond stop"),
        Case(R(5, 0, 1, const=True), versions=("opset1",), name="empty: step away from stop, constant"),
        Case(
            R(5, 0, 1),
            versions=("opset1",),
            expect=([],),
            plugin=([5, 6, 7, 8, 9],),
            why=AWAY,
            name="empty: step away from stop",
        ),
        Case(
            R(0.0, 2.0, -0.5, "f32"),
            versions=("opset1",),
            expect=([],),
            plugin=([0.0, -0.5, -1.0, -1.5],),
            why=AWAY,
            name="empty: negative float step away from stop",
        ),
        # Range-4: the output is output_type, whatever the inputs' types.
        Case(R(0, 5, 1), attrs={"output_type": "i32"}, versions=("opset4",)),
        Case(R(5, 0, -2, "i64"), attrs={"output_type": "i64"}, versions=("opset4",), name="negative step"),
        Case(
            R(0, 10, 3, ("i32", "i64", "f32")),
            attrs={"output_type": "i32"},
            versions=("opset4",),
            name="mixed input types",
        ),
        Case(R(1, 10, 3), attrs={"output_type": "f32"}, versions=("opset4",), name="integers to f32"),
        Case(R(0, 10, 3, "i64"), attrs={"output_type": "u8"}, versions=("opset4",)),
        Case(R(0.5, 3.0, 0.5, "f32"), attrs={"output_type": "f32"}, versions=("opset4",)),
        Case(
            R(0.0, 1.0, 0.1, "f32"),
            attrs={"output_type": "f32"},
            versions=("opset4",),
            rtol=1e-6,
            name="f32 steps of 0.1",
        ),
        Case(
            R(3.0, -3.0, -0.25, "f32"), attrs={"output_type": "f32"}, versions=("opset4",), name="negative float step"
        ),
        Case(R(2.5, 0.0, -0.5, "f32"), attrs={"output_type": "f16"}, versions=("opset4",)),
        Case(R(2.5, 0.0, -0.5, "f32"), attrs={"output_type": "bf16"}, versions=("opset4",)),
        Case(R(-2.5, 2.5, 0.5, "f32"), attrs={"output_type": "f64"}, versions=("opset4",)),
        Case(R(0, 0, 1, "i64"), attrs={"output_type": "i64"}, versions=("opset4",), name="empty: start = stop"),
        Case(
            R(-3, 3, 1, const=True),
            attrs={"output_type": "u8"},
            versions=("opset4",),
            name="cast to u8 first: 253 to 3 is empty",
        ),
        Case(
            R(-0.5, 3.7, 1.2, "f32", const=True),
            attrs={"output_type": "i64"},
            versions=("opset4",),
            name="float inputs cast to i64, constant",
        ),
        Case(
            R(3.9, -2.9, -1.5, "f32", const=True),
            attrs={"output_type": "i32"},
            versions=("opset4",),
            name="float inputs cast to i32, constant",
        ),
        Case(
            R(-0.5, 3.7, 1.2, "f32"),
            attrs={"output_type": "i64"},
            versions=("opset4",),
            expect=([0, 1, 2],),
            plugin=([0, 1, 2, 3],),
            why=ROUNDS,
            name="float inputs cast to i64",
        ),
        Case(
            R(3.9, -2.9, -1.5, "f32"),
            attrs={"output_type": "i32"},
            versions=("opset4",),
            expect=([3, 2, 1, 0, -1],),
            plugin=([4, 2, 1, -1, -2],),
            why=ROUNDS,
            name="float inputs cast to i32",
        ),
        Case(
            R(5, 0, 1),
            attrs={"output_type": "i32"},
            versions=("opset4",),
            expect=([],),
            plugin=([5, 6, 7, 8, 9],),
            why=AWAY,
            name="empty: step away from stop",
        ),
    ],
)
I32 = {"output_type": "i32"}
F32 = {"output_type": "f32"}
V1, V4 = ("opset1",), ("opset4",)

TABLE.errors = [
    Error(R(0, 5, 0), versions=V1, match="step must not be 0", code="S005", name="step 0", at="run"),
    Error(R(0, 5, 0), attrs=I32, versions=V4, match="step must not be 0", code="S005", name="step 0", at="run"),
    Error(R(0.0, 1.0, 0.0, "f32"), versions=V1, match="step must not be 0", code="S005", name="float step 0", at="run"),
    Error(
        R(0.0, 1.0, 0.3, "f32"),
        attrs=I32,
        versions=V4,
        match="step must not be 0",
        code="S005",
        name="step cast to 0",
        at="run",
    ),
    Error(
        (T("i32", (1,), [0]), T("i32", (), 5), T("i32", (), 1)),
        versions=V1,
        match="start must be a scalar, got rank 1",
        code="S005",
        name="1-element start",
        at="lint",
    ),
    Error(
        (T("i32", (), 0), T("i32", (), 5), T("i32", (1, 1), [[1]])),
        attrs=I32,
        versions=V4,
        match="step must be a scalar, got rank 2",
        code="S005",
        name="2-D step",
        at="lint",
    ),
    Error(
        (T("f32", (), 0), T("f32", (2,), [5, 6]), T("f32", (), 1)),
        attrs=F32,
        versions=V4,
        match="stop must be a scalar, got rank 1",
        code="S005",
        name="1-D stop",
        at="lint",
    ),
    Error(
        R(0.0, float("inf"), 1.0, "f32"),
        versions=V1,
        match="must be finite",
        code="S005",
        name="infinite stop",
        at="run",
    ),
    Error(
        R(float("nan"), 1.0, 1.0, "f32"),
        attrs=F32,
        versions=V4,
        match="must be finite",
        code="S005",
        name="NaN start",
        at="run",
    ),
    Error(
        R(0.0, 1e308, 1e-300, "f64"),
        versions=V1,
        match="more elements than any array can hold",
        code="S005",
        name="uncountably many elements",
        at="run",
    ),
    Error(
        R(0, 2**62, 1, "i64"),
        attrs={"output_type": "i64"},
        versions=V4,
        match="budget|too large",
        name="too many elements for memory",
        at="run",
    ),
    Error(
        R(0, 5, 1, ("i32", "i64", "i32")),
        versions=V1,
        match="one element type",
        code="S005",
        name="mixed input types in Range-1",
        at="lint",
    ),
    Error(R(True, True, True, "boolean"), versions=V1, match="numeric", code="S005", name="boolean inputs", at="lint"),
    Error(
        R(True, True, True, "boolean"),
        attrs=I32,
        versions=V4,
        match="numeric",
        code="S005",
        name="boolean inputs",
        at="lint",
    ),
    Error(
        R(0, 5, 1),
        attrs={"output_type": "boolean"},
        versions=V4,
        match="must be numeric, got boolean",
        code="O003",
        name="boolean output_type",
        at="lint",
    ),
    Error(R(0, 5, 1), versions=V4, match="output_type", code="O003", name="output_type left out", at="lint"),
    Error(
        R(0, 5, 1),
        attrs={"output_type": "i3"},
        versions=V4,
        match="output_type",
        code="O003",
        name="unknown output_type",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
