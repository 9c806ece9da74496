"""ContribStringJoin (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings


def grid(items: list, shape: tuple, const: bool = False) -> tuple:
    """begins, ends, chars of strings laid end to end, begins and ends in ``shape``."""
    b, e, c = strings(items, const)
    return (T("i32", shape, b.values, const=const), T("i32", shape, e.values, const=const), c)


def sep(text: str, const: bool = False) -> T:
    return chars(text, const)


def axis(value, etype: str = "i64", shape: tuple = (), const: bool = True) -> T:
    # A constant, as models hold it: fed at run time, the plugin cannot size the output (the
    # extension keeps the input's other dims only for a constant axis; the CPU plugin refuses
    # the dims it later gives).
    return T(etype, shape, [value] if not isinstance(value, list) else value, const=const)


SIX = ["a", "bb", "c", "dd", "e", "ff"]
EIGHT = ["a", "b", "c", "d", "e", "f", "g", "h"]

TABLE = Table(
    "ContribStringJoin",
    "extension",
    outputs=3,
    cases=[
        Case(grid(SIX, (2, 3)) + (sep("-"), axis(1)), name="rows"),
        Case(grid(SIX, (2, 3)) + (sep("-"), axis(0)), name="columns"),
        Case(grid(SIX, (2, 3)) + (sep("--"), axis(-1)), name="a negative axis"),
        Case(grid(SIX, (2, 3), const=True) + (sep("-", True), axis(0, const=True)), name="constants"),
        Case(grid(EIGHT, (2, 2, 2)) + (sep("+"), axis(1)), name="the middle axis of three"),
        Case(grid(EIGHT, (2, 2, 2)) + (sep(""), axis(2, "i32")), name="no separator, an i32 axis"),
        Case(strings(["a", "bb", "c"]) + (sep(", "), axis(0)), name="1-D: one scalar string"),
        Case(strings(["abc"]) + (sep(", "), axis(0)), name="one string"),
        Case(grid(["abc"], ()) + (sep(", "), axis(5)), name="a scalar input: its string, axis unchecked"),
        Case(grid(["abc"], (1, 1)) + (sep(", "), axis(1)), name="one string of rank 2"),
        Case(strings(["a", "b"]) + (sep("+"), axis([0], shape=(1,))), name="axis as a 1-element tensor"),
        Case(grid([], (0,)) + (sep("+"), axis(0)), name="no strings, 1-D: one empty string"),
        Case(grid([], (0, 3)) + (sep("+"), axis(0)), name="an empty axis: empty strings"),
        Case(grid([], (3, 0)) + (sep("+"), axis(0)), name="no output strings"),
        Case(grid(["", "", "x", ""], (2, 2)) + (sep("|"), axis(1)), name="empty strings keep their separators"),
        Case(grid(["日本", "語", "naïve", "😀"], (2, 2)) + (sep(" · "), axis(0)), name="utf-8 and a multi-byte sep"),
        Case(
            (T("i32", (2, 2), [4, 0, 2, 0]), T("i32", (2, 2), [6, 2, 4, 6]), chars("abcdef"), sep("/"), axis(1)),
            name="strings out of order and overlapping in chars",
        ),
    ],
    errors=[
        Error(
            strings(["a", "b"]) + (sep("+"), axis(2)),
            match=r"ContribStringJoin axis out of range",
            at="lint",
        ),
        Error(
            grid(SIX, (2, 3)) + (sep("+"), axis(-3)),
            match=r"ContribStringJoin axis out of range",
            at="lint",
        ),
        Error(
            strings(["a", "b"]) + (T("u8", (1, 1), [43]), axis(0)),
            match=r"ContribStringJoin's sep must be a 1-D u8 tensor",
            at="lint",
        ),
        Error(
            strings(["a", "b"]) + (sep("+"), axis([0, 0], shape=(2,))),
            match=r"axis input must be a scalar",
            at="lint",
        ),
        Error(
            (T("i32", (1,), [2]), T("i32", (1,), [5]), chars("abc"), sep("+"), axis(0)),
            match=r"ContribStringJoin's string 0 spans \[2, 5\)",
            at="run",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
