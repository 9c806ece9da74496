"""Eye-9: cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table


def E(rows, cols, diag, batch=None, etype="i32", const=False, one_element=False):
    """Scalar inputs (1-element 1-D with ``one_element``), and batch_shape when given."""
    dims = (1,) if one_element else ()
    types = etype if isinstance(etype, tuple) else (etype,) * 4
    ins = tuple(T(t, dims, [v] if one_element else v, const=const) for t, v in zip(types, (rows, cols, diag)))
    if batch is not None:
        ins += (T(types[3], (len(batch),), list(batch), const=const),)
    return ins


F32 = {"output_type": "f32"}
NARROWS = "the CPU plugin narrows an i64 diagonal_index to its low 32 bits (2^63 - 1 is taken as -1)"

TABLE = Table(
    "Eye",
    "opset9",
    cases=[
        Case(E(3, 3, 0), attrs=F32, name="identity"),
        Case(
            E(3, 4, 2),
            attrs={"output_type": "i32"},
            expect=([[0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 0]],),
            name="the spec's example 1",
        ),
        Case(
            E(3, 4, -1),
            attrs={"output_type": "i32"},
            expect=([[0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0]],),
            name="the spec's example 2",
        ),
        Case(
            E(2, 2, 5, (1, 2)),
            attrs={"output_type": "f16"},
            expect=([[[[0, 0], [0, 0]], [[0, 0], [0, 0]]]],),
            name="the spec's example 3: past the right edge",
        ),
        Case(E(4, 3, -4, etype="i64"), attrs=F32, name="past the bottom edge"),
        Case(E(4, 3, -3), attrs=F32, name="the last row's first column"),
        Case(E(4, 3, 2), attrs=F32, name="the first row's last column"),
        Case(E(2, 5, 1, (2, 3), const=True), attrs={"output_type": "i64"}, name="batch, constant"),
        Case(E(3, 2, 0, (2,), etype="i64"), attrs={"output_type": "bf16"}, name="batch, i64 inputs"),
        Case(E(3, 3, 1, (), const=True), attrs=F32, name="empty batch_shape, constant"),
        Case(
            E(3, 3, 1, ()),
            attrs=F32,
            expect=([[0, 1, 0], [0, 0, 1], [0, 0, 0]],),
            oracle=False,
            why="the CPU plugin leaves the output unwritten when an empty batch_shape comes at run time",
            name="empty batch_shape",
        ),
        Case(E(3, 3, 1), attrs={"output_type": "u8"}, name="u8"),
        Case(E(3, 4, -1, one_element=True), attrs={"output_type": "i8"}, name="1-element inputs"),
        Case(E(3, 4, 1, etype=("i32", "i64", "i64")), attrs={"output_type": "f64"}, name="mixed input types"),
        Case(E(0, 3, 0), attrs=F32, name="no rows"),
        Case(E(2, 0, 0), attrs=F32, name="no columns"),
        Case(E(2, 2, 0, (3, 0)), attrs=F32, name="empty batch"),
        Case(E(3, 3, -(2**31), etype="i32"), attrs=F32, name="the lowest i32 diagonal"),
        Case(
            E(3, 3, 2**63 - 1, etype="i64"),
            attrs=F32,
            expect=([[0, 0, 0]] * 3,),
            plugin=([[0, 0, 0], [1, 0, 0], [0, 1, 0]],),
            why=NARROWS,
            name="the highest i64 diagonal",
        ),
        Case(
            E(3, 3, 2**32 + 1, etype="i64"),
            attrs=F32,
            expect=([[0, 0, 0]] * 3,),
            plugin=([[0, 1, 0], [0, 0, 1], [0, 0, 0]],),
            why=NARROWS,
            name="an i64 diagonal past 2^32",
        ),
        Case(E(2, 3, 1), attrs={"output_type": "boolean"}, name="boolean"),
    ],
)

TABLE.errors = [
    Error(
        E(-1, 3, 0),
        attrs=F32,
        match="num_rows must not be negative, got -1",
        code="S005",
        at="run",
        name="negative num_rows",
    ),
    Error(
        E(3, -2, 0, etype="i64"),
        attrs=F32,
        match="num_columns must not be negative",
        code="S005",
        at="run",
        name="negative num_columns",
    ),
    Error(
        E(2, 2, 0, (2, -1)),
        attrs=F32,
        match="batch_shape .* has a negative dim",
        code="S005",
        at="run",
        name="negative batch dim",
    ),
    Error(
        (T("i32", (2,), [2, 3]), T("i32", (), 3), T("i32", (), 0)),
        attrs=F32,
        match="num_rows must be a scalar or a 1-element 1-D tensor",
        code="S005",
        at="lint",
        name="2 rows",
    ),
    Error(
        (T("i32", (), 2), T("i32", (1, 1), [[3]]), T("i32", (), 0)),
        attrs=F32,
        match="num_columns must be a scalar or a 1-element 1-D tensor",
        code="S005",
        at="lint",
        name="2-D num_columns",
    ),
    Error(
        (T("i32", (), 2), T("i32", (), 3), T("i32", (2,), [0, 1])),
        attrs=F32,
        match="diagonal_index must be a scalar",
        code="S005",
        at="lint",
        name="2 diagonals",
    ),
    Error(
        E(2, 2, 0) + (T("i32", (1, 2), [[1, 2]]),),
        attrs=F32,
        match="batch_shape must be 1-D",
        code="S005",
        at="lint",
        name="2-D batch_shape",
    ),
    Error(
        E(2.0, 2.0, 0.0, etype="f32"),
        attrs=F32,
        match="num_rows must be i32 or i64, got f32",
        code="S005",
        at="lint",
        name="f32 inputs",
    ),
    Error(
        E(2, 2, 0, etype="u8"),
        attrs=F32,
        match="num_rows must be i32 or i64, got u8",
        code="S005",
        at="lint",
        name="u8 inputs",
    ),
    Error(E(2, 2, 0), match="output_type", code="O003", at="lint", name="output_type left out"),
    Error(
        E(2, 2, 0), attrs={"output_type": "f7"}, match="output_type", code="O003", at="lint", name="unknown output_type"
    ),
]

test_cases, test_errors = TABLE.pytest()
