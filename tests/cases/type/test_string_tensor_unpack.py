"""StringTensorUnpack-15: cases against the CPU plugin: the spec's examples (1-D, 2-D, empty
strings), multi-byte UTF-8, a scalar, an empty tensor and a constant; and the types it refuses."""

from cases.rows import Case, Error, T, Table


def strings(values, shape=None, const=False):
    return T("string", shape or (len(values),), values, const=const)


TABLE = Table(
    "StringTensorUnpack",
    "opset15",
    outputs=3,
    cases=[
        Case((strings(["Intel", "OpenVINO"]),), name="spec example 1"),
        Case((strings(["Intel", "OpenVINO", "OMZ", "GenAI"], shape=(2, 2)),), name="2-D"),
        Case((strings(["OMZ", "", "GenAI", " ", "2024"]),), name="empty strings"),
        Case((strings(["é", "日本語", "aß", ""]),), name="multi-byte UTF-8"),
        Case((strings(["scalar"], shape=()),), name="a scalar"),
        Case((strings(["", ""]),), name="only empty strings"),
        Case((strings([], shape=(0, 3)),), name="no strings"),
        Case((strings(["Intel", "OpenVINO"], const=True),), name="a constant"),
    ],
)

TABLE.errors = [
    Error((T("u8", (3,), [1, 2, 3]),), match="data must be string, got u8", code="S005", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
