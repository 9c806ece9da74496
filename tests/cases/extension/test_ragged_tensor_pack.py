"""RaggedTensorPack (openvino_tokenizers 2026.4): cases against the CPU plugin with the extension
loaded."""

from cases.rows import Case, Error, T, Table

TABLE = Table(
    "RaggedTensorPack",
    "extension",
    cases=[
        Case((T("i32", (3,), [0, 2, 2]), T("i32", (3,), [2, 2, 5]), T("i32", (5,))), name="token ids"),
        Case((T("i32", (2,), [0, 1]), T("i32", (2,), [1, 3]), T("f32", (2, 3))), name="f32 data of rank 2"),
        Case((T("i32", (2, 2), [0, 1, 1, 2]), T("i32", (2, 2), [1, 1, 2, 2]), T("u8", (2,))), name="rows in 2-D"),
        Case((T("i32", (0,)), T("i32", (0,)), T("i64", (0,))), name="empty"),
        # The ranges are not read: out of range or backwards, they pass.
        Case((T("i32", (1,), [5]), T("i32", (1,), [2]), T("i32", (3,))), name="ranges not read"),
    ],
    errors=[
        Error(
            (T("i64", (1,), [0]), T("i32", (1,), [1]), T("i32", (1,))),
            match=r"RaggedTensorPack's begins must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
