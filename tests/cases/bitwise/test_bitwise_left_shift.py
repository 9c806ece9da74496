"""BitwiseLeftShift-15: cases against the CPU plugin: ``a << b`` on every integer type, the bits
past the width lost (signed types too, two's complement), with auto-broadcast; counts outside
[0, width) are refused."""

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, T, Table

from ._rows import WHY_NARROW, narrowed
from ._shift_rows import count_errors, shift_cases


def plugin(a, b, etype):
    if etype not in ("i64", "u64"):
        return None
    return narrowed([x << (y % 32) for x, y in zip(narrowed(a, "i64"), b)], etype)  # an i32 shift: counts mod 32


TABLE = Table(
    "BitwiseLeftShift",
    "opset15",
    cases=[
        *broadcasting("i32", b={"low": 0, "high": 32}),
        *broadcasting("u8", b={"low": 0, "high": 8})[:5],
        *shift_cases(lambda x, y, etype: x << y, plugin),
        Case(
            (T("i8", (4,), [5, 127, -1, 64]), T("i8", (4,), [7, 1, 7, 1])),
            expect=([-128, -2, -128, -128],),
            name="i8 overflow wraps",
        ),
        Case(
            (T("i32", (3,), [1, 3, -3], const=True), T("i32", (3,), [31, 30, 4])),
            expect=([-(2**31), -(2**30), -48],),
            name="constant a",
        ),
        Case(
            (T("u16", (3,), [1, 3, 65535]), T("u16", (3,), [15, 15, 4], const=True)),
            expect=([32768, 32768, 65520],),
            name="constant counts",
        ),
        Case(
            (T("i64", (2,), [3, -1], const=True), T("i64", (2,), [40, 63])),
            expect=([3 << 40, -(2**63)],),
            plugin=(narrowed([3 << 8, -(2**31)], "i64"),),
            why=WHY_NARROW,
            name="i64 constant past i32",
        ),
    ],
)
TABLE.errors = [*broadcast_errors("i32"), *count_errors("BitwiseLeftShift")]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE, "i32")
