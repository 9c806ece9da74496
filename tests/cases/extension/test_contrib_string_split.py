"""ContribStringSplit (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings
from .test_contrib_string_join import grid


def skip(value, etype: str = "boolean", shape: tuple = (), const: bool = False) -> T:
    return T(etype, shape, [value], const=const)


TEXTS = ["a,b,,c", "", "no delimiter", ",lead", "trail,", ",", ",,"]

TABLE = Table(
    "ContribStringSplit",
    "extension",
    outputs=5,
    cases=[
        Case(strings(TEXTS) + (chars(","), skip(False)), name="empty tokens kept"),
        Case(strings(TEXTS) + (chars(","), skip(True)), name="empty tokens skipped, their slots kept"),
        Case(strings(TEXTS, const=True) + (chars(",", True), skip(True, const=True)), name="constants"),
        Case(strings(["aaa", "xaax", "aaaa", "a"]) + (chars("aa"), skip(False)), name="no overlapping matches"),
        Case(strings(["one::two::", "::", "a:b"]) + (chars("::"), skip(True)), name="a two-byte delimiter"),
        Case(strings(["héllo", "ab", ""]) + (chars(""), skip(True)), name="no delimiter: bytes, not characters"),
        Case(strings([""]) + (chars(""), skip(False)), name="no delimiter, an empty string: no tokens"),
        Case(grid(["x,y"], ()) + (chars(","), skip(False)), name="a scalar input"),
        Case(grid(["a b", "c", "", "d e f"], (2, 2)) + (chars(" "), skip(True)), name="2-D"),
        Case(grid(["a b", "c", "d e f", "g h"], (2, 1, 2)) + (chars(" "), skip(False)), name="3-D"),
        Case(strings([]) + (chars(","), skip(False)), name="no strings"),
        Case(strings(["a,,b"]) + (chars(","), skip(2, "u8")), name="skip_empty as u8"),
        Case(strings(["a,,b"]) + (chars(","), skip(0, "i8")), name="skip_empty as i8, 0"),
        Case(strings(["a,,b"]) + (chars(","), T("boolean", (1,), [True])), name="skip_empty as a 1-element tensor"),
        Case(strings(["日本、語、", "、"]) + (chars("、"), skip(True)), name="a utf-8 delimiter"),
        Case(strings(["ab", "abcab"]) + (chars("abcabc"), skip(False)), name="a delimiter longer than the string"),
        Case(
            (T("i32", (3,), [2, 0, 0]), T("i32", (3,), [5, 3, 5]), chars("a,b,c"), chars(","), skip(False)),
            name="strings out of order and overlapping in chars",
        ),
    ],
    errors=[
        Error(
            strings(["a"]) + (T("u8", (1, 1), [44]), skip(False)),
            match=r"ContribStringSplit's delimiter must be a 1-D u8 tensor",
            at="lint",
        ),
        Error(
            strings(["a"]) + (chars(","), T("boolean", (2,), [True, False])),
            match=r"skip_empty input must be a scalar",
            at="lint",
        ),
        Error(
            (T("i32", (1,), [2]), T("i32", (1,), [1]), chars("abc"), chars(","), skip(False)),
            match=r"ContribStringSplit's string 0 spans \[2, 1\)",
            at="run",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [9]), chars("abc"), chars(","), skip(False)),
            match=r"ContribStringSplit's string 0 spans \[0, 9\)",
            at="run",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
