"""BitwiseRightShift-15: cases against the CPU plugin: ``a >> b`` on every integer type,
arithmetic for signed types and logical for unsigned ones, with auto-broadcast; counts outside
[0, width) are refused."""

from cases.broadcasting import broadcast_errors, broadcasting, partial_shapes
from cases.rows import Case, T, Table

from ._rows import narrowed, wrap
from ._shift_rows import count_errors, shift_cases


def plugin(a, b, etype):
    """The plugin narrows 64-bit values to i32 and shifts u32/u64 as signed."""
    if etype in ("i64", "u64"):
        return narrowed([x >> (y % 32) for x, y in zip(narrowed(a, "i64"), b)], etype)  # an i32 shift: counts mod 32
    if etype == "u32":
        return wrap([x >> y for x, y in zip(narrowed(a, "i32"), b)], etype)
    return None


TABLE = Table(
    "BitwiseRightShift",
    "opset15",
    cases=[
        *broadcasting("i32", b={"low": 0, "high": 32}),
        *broadcasting("u8", b={"low": 0, "high": 8})[:5],
        *shift_cases(lambda x, y, etype: x >> y, plugin),
        Case(
            (T("i8", (4,), [-128, -1, -8, 127]), T("i8", (4,), [7, 7, 1, 7])),
            expect=([-1, -1, -4, 0],),
            name="i8 arithmetic",
        ),
        Case(
            (T("i32", (3,), [-(2**31), 7, -7], const=True), T("i32", (3,), [31, 1, 1])),
            expect=([-1, 3, -4],),
            name="constant a",
        ),
        Case(
            (T("u16", (3,), [65535, 32768, 5]), T("u16", (3,), [15, 15, 1], const=True)),
            expect=([1, 1, 2],),
            name="constant counts",
        ),
    ],
)
TABLE.errors = [*broadcast_errors("i32"), *count_errors("BitwiseRightShift")]

test_cases, test_errors = TABLE.pytest()
test_partial_shapes = partial_shapes(TABLE, "i32")
