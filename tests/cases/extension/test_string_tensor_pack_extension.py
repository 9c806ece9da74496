"""StringTensorPack as openvino_tokenizers registers it (``version="extension"``, what its older
IRs hold): the opset15 op read under that name, against the CPU plugin with the extension
loaded. The extension takes i32 offsets and writes ``mode="begins_ends"``."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings

MODE = {"mode": "begins_ends"}

TABLE = Table(
    "StringTensorPack",
    "extension",
    cases=[
        Case(strings(["hello", "", " world", "é日本"]), attrs=MODE, name="strings end to end"),
        Case(strings(["ab", "c"]), name="mode left out"),
        Case(
            (T("i32", (2, 2), [0, 2, 2, 4]), T("i32", (2, 2), [2, 2, 4, 6]), chars("abcdef")),
            attrs=MODE,
            name="2-D, an empty string",
        ),
        Case((T("i32", (3,), [0, 0, 1]), T("i32", (3,), [2, 3, 3]), chars("xyz")), attrs=MODE, name="overlapping"),
        Case(strings([]), attrs=MODE, name="no strings"),
    ],
    errors=[
        Error(
            (T("i32", (2,), [0, 2]), T("i32", (2,), [2, 9]), chars("abc")),
            attrs=MODE,
            match=r"StringTensorPack's ends\[1\] is 9, past the 3 bytes of symbols",
            modes=("param",),
            at="run",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
