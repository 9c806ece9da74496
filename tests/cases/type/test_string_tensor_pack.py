"""StringTensorPack-15: cases against the CPU plugin: the spec's examples (an empty string,
skipped bytes, 2-D indices), i32 and i64 indices, multi-byte UTF-8, ranges that overlap and
repeat, a scalar and an empty batch; and the ranges irexec refuses."""

from cases.rows import Case, Error, T, Table


def sym(text: str, const=False):
    raw = list(text.encode("utf-8"))
    return T("u8", (len(raw),), raw, const=const)


def idx(values, etype="i64", shape=None, const=False):
    return T(etype, shape or (len(values),), values, const=const)


TABLE = Table(
    "StringTensorPack",
    "opset15",
    cases=[
        Case((idx([0, 5]), idx([5, 13]), sym("IntelOpenVINO")), name="spec example 1"),
        Case((idx([0, 3, 3, 8, 9]), idx([3, 3, 8, 9, 13]), sym("OMZGenAI 2024")), name="an empty string"),
        Case((idx([0, 8]), idx([1, 9]), sym("123456789")), name="skipped bytes"),
        Case(
            (idx([0, 5, 13, 16], shape=(2, 2)), idx([5, 13, 16, 21], shape=(2, 2)), sym("IntelOpenVINOOMZGenAI")),
            name="2-D begins and ends",
        ),
        Case((idx([0, 2], "i32"), idx([2, 6], "i32"), sym("abcdef")), name="i32 indices"),
        Case((idx([0, 2, 5]), idx([2, 5, 9]), sym("éaß日本")), name="multi-byte UTF-8"),
        Case((idx([0, 0, 1]), idx([2, 3, 3]), sym("xyz")), name="ranges that repeat and overlap"),
        Case((idx([0, 1]), idx([1, 2]), sym("é")), name="a character cut in two"),
        Case(
            (idx([1, 0]), idx([3, 1]), sym("abc")),
            expect=(["bc", "a"],),
            oracle=False,
            name="descending ranges",
            why="OpenVINO refuses constant indices that are not ascending (its shape inference: 'Indices must be "
            "in ascending order'), so the table's constant run cannot be read there; the plugin gives these "
            "values for run-time indices",
        ),
        Case((idx([1], shape=()), idx([3], shape=()), sym("abcd")), name="a scalar"),
        Case((idx([], shape=(0,)), idx([], shape=(0,)), sym("abc")), name="no strings"),
        Case((idx([0, 5], const=True), idx([5, 13], const=True), sym("IntelOpenVINO")), name="constant indices"),
        Case((idx([0, 1]), idx([1, 3]), sym("abc", const=True)), name="constant symbols"),
    ],
)

TABLE.errors = [
    Error(
        (idx([0, 5]), idx([5, 14]), sym("IntelOpenVINO")),
        match=r"ends\[1\] is 14, past the 13 bytes",
        code="C004",
        at="run",
    ),
    Error(
        (idx([-1, 5]), idx([5, 13]), sym("IntelOpenVINO")),
        match=r"begins\[0\] is -1: a byte offset cannot be "
        "negative",
        code="C004",
        at="run",
    ),
    Error(
        (idx([0, 6]), idx([5, 5]), sym("IntelOpenVINO")),
        match=r"string 1 ends at 5, before it begins \(6\)",
        code="C004",
        at="run",
    ),
    Error(
        (idx([0, 5]), idx([5, 13, 13]), sym("IntelOpenVINO")),
        match="begins and ends must have one shape",
        code="S005",
        at="lint",
    ),
    Error((idx([0, 5]), idx([5, 13], "i32"), sym("IntelOpenVINO")), match="one element type", code="S005", at="lint"),
    Error(
        (idx([0, 5], "u8"), idx([5, 13], "u8"), sym("IntelOpenVINO")),
        match="begins must be i32 or i64",
        code="S005",
        at="lint",
    ),
    Error((idx([0]), idx([1]), T("u8", (1, 2), [[97, 98]])), match="symbols must be 1-D", code="S005", at="lint"),
    Error((idx([0]), idx([1]), T("i8", (2,), [97, 98])), match="symbols must be u8", code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
