"""ReorgYolo-2 (the spec's ReorgYolo-1): cases against the CPU plugin."""

from cases.rows import Case, Error, T, Table

TABLE = Table(
    "ReorgYolo",
    "opset2",
    cases=[
        Case((T("f32", (1, 4, 4, 6)),), {"stride": "2"}),
        Case((T("f32", (2, 8, 6, 4)),), {"stride": "2"}, name="two images"),
        Case((T("f32", (1, 18, 3, 6)),), {"stride": "3"}),
        Case((T("f32", (2, 5, 3, 2)),), {"stride": "1"}, name="stride 1: the identity"),
        Case((T("i32", (1, 8, 2, 4)),), {"stride": "2"}),
        Case((T("u8", (1, 4, 2, 2), low=0, high=200, const=True),), {"stride": "2"}, name="constant"),
        Case((T("f16", (1, 16, 4, 4)),), {"stride": "4"}),
        Case((T("bf16", (1, 4, 2, 2)),), {"stride": "2"}),
        Case((T("i64", (0, 4, 2, 2)),), {"stride": "2"}, name="no images"),
    ],
)

TABLE.errors = [
    Error(
        (T("f32", (1, 4, 4, 4)),), match="required attribute 'stride'", code="O003", at="lint", name="stride left out"
    ),
    Error(
        (T("f32", (1, 4, 4, 4)),),
        attrs={"stride": "0"},
        match="stride must be positive",
        code="O003",
        at="lint",
        name="stride 0",
    ),
    Error(
        (T("f32", (4, 4, 4)),),
        attrs={"stride": "2"},
        match=r"must be \[N, C, H, W\]",
        code="S005",
        at="lint",
        name="rank 3",
    ),
    Error(
        (T("f32", (1, 3, 4, 4)),),
        attrs={"stride": "2"},
        match="C >= stride",
        code="S005",
        at="lint",
        name="too few channels",
    ),
    Error(
        (T("f32", (1, 6, 4, 4)),),
        attrs={"stride": "2"},
        match="C divisible by stride",
        code="S005",
        at="lint",
        name="channels not a multiple of stride squared",
    ),
    Error(
        (T("f32", (1, 4, 5, 4)),),
        attrs={"stride": "2"},
        match="H and W divisible by stride",
        code="S005",
        at="lint",
        name="height not divisible",
    ),
    Error(
        (T("f32", (1, 4, 4, 3)),),
        attrs={"stride": "2"},
        match="H and W divisible by stride",
        code="S005",
        at="lint",
        name="width not divisible",
    ),
]

test_cases, test_errors = TABLE.pytest()
