"""ConvertPromoteTypes-14: cases against the CPU plugin: each rule of the common type with the
attributes left out and set (float with integer, PyTorch scalar alignment, signed with
unsigned, u64 with a signed integer and its target, widths, f16 with bf16), both operand orders,
constants; and each promotion refused without promote_unsafe. Values are ones every type of a
row holds exactly, so that the conversion (Convert-1's, with its own table) cannot differ."""

from cases.rows import Case, Error, T, Table

UNSAFE = {"promote_unsafe": "true"}
PT = {"pytorch_scalar_promotion": "true"}


def ints(etype, shape=(4,), const=False, low=0, high=100):
    return T(etype, shape, const=const, low=low, high=high)


TABLE = Table(
    "ConvertPromoteTypes",
    "opset14",
    outputs=2,
    cases=[
        Case((T("f32", (2, 3)), T("f32", (3,))), name="one type"),
        Case((T("f16", (2, 3)), T("f32", (3,))), name="f16 with f32: f32"),
        Case((T("f64", (2,)), T("bf16", (2, 2))), name="f64 with bf16: f64"),
        Case((ints("i8"), T("f32", (2,))), name="i8 with f32: f32 (safe)"),
        Case((T("f16", (3,)), ints("i8", (2, 2))), name="f16 with i8: f16 (safe)"),
        Case((T("f16", (3,)), ints("i64")), attrs=UNSAFE, name="f16 with i64, unsafe: f16"),
        Case((ints("i32"), T("f32", (3,))), attrs=UNSAFE, name="i32 with f32, unsafe: f32"),
        Case((ints("i32", low=-50), ints("u8", (2,))), name="i32 with u8: i32"),
        Case((ints("u8"), ints("i16", low=-50)), name="u8 with i16: i16"),
        Case((ints("i8", low=-50), ints("u8")), attrs=UNSAFE, name="i8 with u8, unsafe: i16"),
        Case((ints("u16"), ints("i32", low=-50)), name="u16 with i32: i32"),
        Case((ints("u32"), ints("i8", low=-50)), attrs=UNSAFE, name="u32 with i8, unsafe: i64"),
        Case((ints("u64"), ints("i8", low=-50)), attrs=UNSAFE, name="u64 with i8, unsafe: the default target f32"),
        Case(
            (ints("i16", low=-50), ints("u64")),
            attrs=UNSAFE | {"u64_integer_promotion_target": "i64"},
            name="i16 with u64, target i64",
        ),
        Case((ints("u8"), ints("u32")), name="u8 with u32: u32"),
        Case((ints("i64", low=-50), ints("i16", low=-50)), name="i64 with i16: i64"),
        Case((T("f16", (3,)), T("bf16", (3,))), attrs=UNSAFE, name="f16 with bf16, unsafe: f32"),
        Case((T("boolean", (3,)), ints("u8")), name="boolean with u8: u8"),
        Case((T("f32", (2,)), T("boolean", (2,))), name="f32 with boolean: f32"),
        Case((ints("i64", (), low=-50), ints("u8")), attrs=UNSAFE | PT, name="PyTorch: i64 scalar with u8 tensor: u8"),
        Case((ints("i8", (3,)), ints("i32", ())), attrs=PT | UNSAFE, name="PyTorch: i8 tensor with i32 scalar: i8"),
        Case((ints("i32", (3,), low=-50), ints("u8", ())), attrs=PT, name="PyTorch safe: i32 tensor, u8 scalar: i32"),
        Case((T("f16", (2,)), T("f64", ())), attrs=PT | UNSAFE, name="PyTorch: f64 scalar aligned to f16"),
        Case((T("f16", ()), ints("i8", (3,))), attrs=PT, name="PyTorch, mixed kinds: general rule f16"),
        Case((ints("i32", ()), ints("i8", ())), attrs=PT, name="PyTorch, both scalars: general rule i32"),
        Case((ints("u8", (2, 2), const=True), ints("i32", (3,), low=-50)), name="constant input"),
        Case((T("f32", (0, 2)), ints("i8", (3,))), name="empty input"),
    ],
)
BASE = {"promote_unsafe": "false"}
TABLE.errors = [
    Error(
        (T("f32", (2,)), ints("i32")),
        match="cannot safely promote i32 to f32",
        code="S005",
        name="i32 with f32",
        at="lint",
    ),
    Error(
        (ints("i64"), T("f64", (2,))),
        attrs=BASE,
        match="cannot safely promote i64 to f64",
        code="S005",
        name="i64 with f64",
        at="lint",
    ),
    Error(
        (ints("u8"), ints("i8")), match="cannot safely promote u8 with i8", code="S005", name="u8 with i8", at="lint"
    ),
    Error(
        (ints("i64"), ints("u64")),
        match="cannot safely promote u64 with i64",
        code="S005",
        name="u64 with i64",
        at="lint",
    ),
    Error(
        (T("bf16", (2,)), T("f16", (2,))),
        match="promotes bf16 with f16 only with promote_unsafe",
        code="S005",
        name="bf16 with f16",
        at="lint",
    ),
    Error(
        (T("f32", ()), T("f16", (2, 2))),
        attrs=PT,
        match="cannot align a f32 scalar to f16",
        code="S005",
        name="PyTorch: wider scalar",
        at="lint",
    ),
    Error(
        (ints("u16", ()), ints("u8", (3,))),
        attrs=PT,
        match="cannot align a u16 scalar to u8",
        code="S005",
        name="PyTorch: wider unsigned scalar",
        at="lint",
    ),
    Error(
        (T("u1", (8,), [1, 0, 1, 1, 0, 0, 1, 0], const=True), T("i8", (2,))),
        match="ConvertPromoteTypes's input_0 must be",
        code="S005",
        name="u1 input",
        at="lint",
    ),
    Error(
        (T("f32", (2,)), T("f32", (2,))),
        attrs={"u64_integer_promotion_target": "f128"},
        match="u64_integer_promotion_target",
        code="O003",
        name="unknown target",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
