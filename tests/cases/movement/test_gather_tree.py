"""GatherTree-1: cases against the CPU plugin. Parents are drawn in [0, W) (those never followed
may be anything). The plugin leaves a beam of max_seq_len 0 or less unwritten (irexec: end_token,
as TensorFlow's GatherTree) and refuses u8 and bf16: cases it does not run, worked out from the spec's
pseudocode. A followed parent out of range, or values that are not integers: error rows."""

from cases.rows import Case, Error, T, Table

T3 = [[[1, 2, 3]], [[4, 5, 6]], [[7, 8, 9]]]  # [T=3, B=1, W=3]
P3 = [[[0, 0, 0]], [[2, 1, 0]], [[1, 2, 0]]]


def ids(etype, shape, high, const=False, values=None):
    return T(etype, shape, values, const=const, low=0, high=high)


def end(etype, value, const=False):
    return T(etype, (), value, const=const)


TABLE = Table(
    "GatherTree",
    "opset1",
    cases=[
        Case(
            (ids("i32", (4, 2, 3), 9), ids("i32", (4, 2, 3), 3), T("i32", (2,), [3, 4]), end("i32", 5)),
            name="i32, lengths 3 and 4",
        ),
        Case(
            (
                ids("i64", (5, 3, 4), 6),
                ids("i64", (5, 3, 4), 4, const=True),
                T("i64", (3,), [5, 2, 1], const=True),
                end("i64", 2, const=True),
            ),
            name="i64, constant parents, lengths and end_token",
        ),
        Case(
            (ids("f32", (4, 2, 3), 9), ids("f32", (4, 2, 3), 3), T("f32", (2,), [4.0, 2.0]), end("f32", 3.0)),
            name="f32",
        ),
        Case(
            (ids("f16", (3, 2, 2), 9), ids("f16", (3, 2, 2), 2), T("f16", (2,), [3.0, 1.0]), end("f16", 1.0)),
            name="f16",
        ),
        Case(
            (ids("i32", (4, 2, 3), 9), ids("i32", (4, 2, 3), 3), T("i32", (2,), [9, 100]), end("i32", 4)),
            name="max_seq_len past T",
        ),
        Case(
            (T("i32", (3, 1, 3), T3), T("i32", (3, 1, 3), P3), T("i32", (1,), [3]), end("i32", 5)),
            name="traced by hand (beam 0 meets end_token 5 at step 1)",
            expect=([[[2, 1, 3]], [[5, 6, 4]], [[5, 8, 9]]],),
        ),
        Case(
            (
                T("i32", (4, 1, 2), [[[1, 2]], [[9, 3]], [[4, 9]], [[5, 6]]]),
                T("i32", (4, 1, 2), [[[0, 0]], [[0, 1]], [[0, 1]], [[0, 1]]]),
                T("i32", (1,), [4]),
                end("i32", 9),
            ),
            name="end_token ends a beam",
            expect=([[[1, 2]], [[9, 3]], [[9, 9]], [[9, 9]]],),
        ),
        Case(
            (
                T("i32", (3, 2, 2), [[[0, 0], [0, 0]], [[1, 1], [1, 1]], [[2, 2], [2, 2]]]),
                T("i32", (3, 2, 2), [[[7, -3], [0, 0]], [[1, 0], [1, 0]], [[0, 1], [5, 9]]]),
                T("i32", (2,), [3, 1]),
                end("i32", -1),
            ),
            name="parents never followed: step 0's, and past the length",
        ),
        Case(
            (ids("i32", (3, 2, 1), 9), T("i32", (3, 2, 1), [0] * 6), T("i32", (2,), [2, 3]), end("i32", 0)),
            name="beam width 1",
        ),
        Case(
            (T("i32", (3, 1, 3), T3), T("i32", (3, 1, 3), P3), T("i32", (1,), [0]), end("i32", 5)),
            name="max_seq_len 0",
            oracle=False,
            expect=([[[5, 5, 5]], [[5, 5, 5]], [[5, 5, 5]]],),
            why="the plugin leaves a beam of max_seq_len 0 or less unwritten (what the buffer held)",
        ),
        Case(
            (
                T("i64", (2, 2, 2), [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]),
                T("i64", (2, 2, 2), [[[0, 0], [0, 0]], [[1, 0], [0, 1]]]),
                T("i64", (2,), [-2, 2]),
                end("i64", 9),
            ),
            name="negative max_seq_len",
            oracle=False,
            expect=([[[9, 9], [3, 4]], [[9, 9], [7, 8]]],),
            why="the plugin leaves a beam of max_seq_len 0 or less unwritten (what the buffer held)",
        ),
        Case(
            (T("u8", (3, 1, 3), T3), T("u8", (3, 1, 3), P3), T("u8", (1,), [3]), end("u8", 250)),
            name="u8",
            oracle=False,
            expect=([[[2, 1, 3]], [[5, 6, 4]], [[7, 8, 9]]],),
            why="the plugin refuses u8 GatherTree (its kernel takes f32 and i32, and converts only some types)",
        ),
        Case(
            (T("i32", (0, 2, 3), []), T("i32", (0, 2, 3), []), T("i32", (2,), [1, 2]), end("i32", 5)),
            name="no time steps",
        ),
        Case(
            (T("bf16", (3, 1, 3), T3), T("bf16", (3, 1, 3), P3), T("bf16", (1,), [3]), end("bf16", 5)),
            name="bf16",
            oracle=False,
            expect=([[[2, 1, 3]], [[5, 6, 4]], [[5, 8, 9]]],),
            why="the plugin refuses bf16 GatherTree (its kernel takes f32 and i32, and converts only some types)",
        ),
    ],
)

S, P, M, E = T("i32", (3, 1, 3), T3), T("i32", (3, 1, 3), P3), T("i32", (1,), [3]), end("i32", 5)
TABLE.errors = [
    Error(
        (S, T("i32", (3, 1, 3), [[[0, 0, 0]], [[2, 3, 0]], [[1, 2, 0]]]), M, E),
        match=r"parent index 3 at parent_ids\[1, 0, 1\] is out of range \[0, 2\]",
        code="C004",
        at="run",
        name="parent past the beams",
    ),
    Error(
        (S, T("i32", (3, 1, 3), [[[0, 0, 0]], [[2, 1, 0]], [[1, -1, 0]]]), M, E),
        match=r"parent index -1 at parent_ids\[2, 0, 1\] is out of range",
        code="C004",
        at="run",
        name="negative parent",
    ),
    Error(
        (
            T("f32", (3, 1, 3), T3),
            T("f32", (3, 1, 3), [[[0, 0, 0]], [[2, 1, 0]], [[1, 1.5, 0]]]),
            T("f32", (1,), [3.0]),
            end("f32", 5.0),
        ),
        match=r"parent index 1.5 .* is out of range",
        code="C004",
        at="run",
        name="fractional parent",
    ),
    Error(
        (T("f32", (3, 1, 3), T3), T("f32", (3, 1, 3), P3), T("f32", (1,), [2.5]), end("f32", 5.0)),
        match="max_seq_len must hold integers, got 2.5",
        code="C004",
        at="run",
        name="fractional length",
    ),
    Error(
        (T("i32", (3, 3), [[1, 2, 3]] * 3), T("i32", (3, 3), [[0, 0, 0]] * 3), M, E),
        match=r"step_ids must be 3-D, got shape \[3,3\]",
        code="S005",
        at="lint",
    ),
    Error(
        (S, T("i32", (3, 1, 2), [[[0, 0]]] * 3), M, E),
        match="step_ids and parent_ids must have one shape",
        code="S005",
        at="lint",
    ),
    Error((S, P, T("i32", (2,), [3, 3]), E), match="max_seq_len must have one entry per batch", code="S005", at="lint"),
    Error((S, P, M, T("i32", (1,), [5])), match=r"end_token must be a scalar, got shape \[1\]", code="S005", at="lint"),
    Error((S, P, T("i64", (1,), [3]), E), match="must have one element type, got i32, i64", code="S005", at="lint"),
    Error(
        (T("boolean", (3, 1, 3)), T("boolean", (3, 1, 3)), T("boolean", (1,)), T("boolean", ())),
        match="step_ids must be numeric, got boolean",
        code="S005",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
