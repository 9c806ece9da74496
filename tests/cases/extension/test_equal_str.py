"""EqualStr (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings

A = ["hello", "café", "日本語", "", "😀", "ab", "abc", ""]
B = ["hello", "cafe", "日本語", "", "😀", "abc", "ab", "x"]

TABLE = Table(
    "EqualStr",
    "extension",
    cases=[
        Case(strings(A) + strings(B), name="pair by pair"),
        Case(strings(A) + strings(["ab"]), name="one string against each"),
        Case(strings([""]) + strings(A), name="the empty string against each"),
        Case(strings(A[:3]) + strings(B[:2]), name="counts that differ: the first string past the end"),
        Case(strings([]) + strings([]), name="no strings"),
        Case(
            (T("i32", (2,), [0, 3]), T("i32", (2,), [2, 1]), chars("abcd")) + strings(["ab", ""]),
            expect=([1, 1],),
            oracle=False,
            name="an end before its begin: empty",
            why="the plugin fails on a string whose end is before its begin (basic_string::_M_create), "
            "though EqualStr's own code reads it as empty",
        ),
        Case(
            (T("i32", (2, 2), [0, 1, 2, 3]), T("i32", (2, 2), [1, 2, 3, 4]), chars("abcd"))
            + strings(["a", "b", "x", "d"])
        ),
    ],
    errors=[
        Error(
            strings([]) + strings(["a"]),
            match=r"EqualStr's operand a has no strings to compare with 1",
            at="run",
        ),
        Error(
            strings(["a"]) + (T("i32", (1,), [0]), T("i32", (1,), [4]), chars("ab")),
            match=r"EqualStr's operand b string 0 spans \[0, 4\), outside the 2",
            at="run",
        ),
        Error(
            strings(["a"]) + (T("i64", (1,), [0]), T("i32", (1,), [1]), chars("a")),
            match=r"EqualStr's begins_b must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
