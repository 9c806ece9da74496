"""BytesToChars (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, ragged

ROWS = [["Hello", " world", "!"], ["", " caf\u00e9"], [" 日本語", " 😀👍🏽"], []]

TABLE = Table(
    "BytesToChars",
    "extension",
    outputs=5,
    cases=[
        Case(ragged(ROWS), name="words of rows: ASCII, accents, CJK, emoji"),
        Case(ragged([[bytes(range(0, 128))], [bytes(range(128, 256))]]), name="every byte"),
        Case(ragged([[b"\t\n\r \x00\x7f\xa0\xad"]]), name="spaces, controls, NBSP, soft hyphen"),
        Case(ragged([]), name="no rows"),
        Case(
            (
                T("i32", (2,), [1, 0]),
                T("i32", (2,), [2, 1]),
                T("i32", (2,), [3, 0]),
                T("i32", (2,), [6, 3]),
                chars("ab def"),
            ),
            name="rows out of order, strings out of order in chars",
        ),
    ],
    errors=[
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [2]), T("i32", (1,), [0]), T("i32", (1,), [1]), chars("a")),
            match=r"BytesToChars's row 0 spans \[0, 2\), outside the 1",
            at="run",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [1]), T("i32", (1,), [0]), T("i32", (1,), [4]), chars("a")),
            match=r"BytesToChars's string 0 spans \[0, 4\), outside the 1",
            at="run",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [1]), T("i32", (1,), [0]), T("i32", (1,), [1]), T("i32", (1,), [1])),
            match=r"BytesToChars's chars must be u8, got i32",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
