"""Rows the bitwise tables share: operands of every integer type with their extremes, the
spec's results computed on Python integers (two's complement of unbounded width, wrapped to the
type), and what the CPU plugin gives where it narrows i64/u64 to i32."""

import numpy as np

from cases.rows import Case, Error, T

SIGNED, UNSIGNED = ("i8", "i16", "i32", "i64"), ("u8", "u16", "u32", "u64")
WHY_NARROW = "the plugin narrows i64/u64 to i32: the high 32 bits are lost (a constant is limited to the i32 range)"


def bits(etype: str) -> int:
    return int(etype[1:])


def wrap(values, etype: str) -> list:
    """Python integers as ``etype`` holds them (modulo 2**n, signed or not)."""
    n = bits(etype)
    out = [v % (1 << n) for v in values]
    return [v - (1 << n) if etype in SIGNED and v >= 1 << (n - 1) else v for v in out]


def narrowed(values, etype: str) -> list:
    """What the plugin does with a 64-bit value: keeps its low 32 bits, as a signed i32."""
    return wrap(wrap(values, "i32"), etype)


def clamped(values) -> list:
    """What the plugin does with a constant 64-bit value: limits it to the i32 range."""
    return [min(max(v, -(1 << 31)), (1 << 31) - 1) for v in values]


def extremes(etype: str) -> tuple:
    """Operands a and b with the type's min and max, -1, 0, 1 and alternating bit patterns."""
    n = bits(etype)
    lo, hi = (-(1 << (n - 1)), (1 << (n - 1)) - 1) if etype in SIGNED else (0, (1 << n) - 1)
    pattern = int("01" * (n // 2), 2)  # 0x55...
    a = [lo, hi, 0, 1, hi, lo, pattern, 6]
    b = [hi, lo, lo, hi, 0, 1, wrap([~pattern], etype)[0], 3]
    if etype in SIGNED:
        a, b = a + [-1, -1, 5], b + [0, -6, -1]
    return a, b


def array(values, etype: str) -> np.ndarray:
    """The values as an array of ``etype`` (a list holding 2**64 - 1 would be read as floats)."""
    return np.array(values, dtype=etype.replace("i", "int").replace("u", "uint"))


def type_cases(fn) -> list:
    """``fn(a, b)`` (Python integers) on each integer type's extremes, in both operand orders;
    i64 and u64 with values past i32 are plugin rows."""
    rows = []
    for etype in SIGNED + UNSIGNED:
        a, b = extremes(etype)
        want = wrap([fn(x, y) for x, y in zip(a, b)], etype)
        swapped = wrap([fn(y, x) for x, y in zip(a, b)], etype)
        if bits(etype) == 64:
            plugin = narrowed([fn(x, y) for x, y in zip(narrowed(a, "i64"), narrowed(b, "i64"))], etype)
            swapped_plugin = narrowed([fn(y, x) for x, y in zip(clamped(a), narrowed(b, "i64"))], etype)
            rows += [
                Case(
                    (T(etype, (len(a),), array(a, etype)), T(etype, (len(b),), array(b, etype))),
                    expect=(array(want, etype),),
                    plugin=(array(plugin, etype),),
                    why=WHY_NARROW,
                    name=f"{etype} extremes",
                ),
                Case(
                    (T(etype, (len(b),), array(b, etype)), T(etype, (len(a),), array(a, etype), const=True)),
                    expect=(array(swapped, etype),),
                    plugin=(array(swapped_plugin, etype),),
                    why=WHY_NARROW,
                    name=f"{etype} extremes, swapped, constant",
                ),
            ]
        else:
            rows += [
                Case(
                    (T(etype, (len(a),), array(a, etype)), T(etype, (len(b),), array(b, etype))),
                    expect=(array(want, etype),),
                    name=f"{etype} extremes",
                ),
                Case(
                    (T(etype, (len(b),), array(b, etype)), T(etype, (len(a),), array(a, etype))),
                    expect=(array(swapped, etype),),
                    name=f"{etype} extremes, swapped",
                ),
            ]
    return rows


def float_refusals(op_type: str) -> list:
    return [
        Error(
            (T("f32", (2,)), T("f32", (2,))),
            match=f"{op_type}'s a must be i8 or .*, got f32",
            code="S005",
            at="lint",
            name="f32",
        ),
        Error(
            (T("f16", (2,)), T("f16", (2,))),
            match=f"{op_type}'s a must be .*, got f16",
            code="S005",
            at="lint",
            name="f16",
        ),
        Error((T("i32", (2,)), T("i64", (2,))), match="one element type", code="S005", at="lint", name="i32 with i64"),
        Error(
            (T("u8", (2,)), T("boolean", (2,))),
            match="one element type",
            code="S005",
            at="lint",
            name="u8 with boolean",
        ),
    ]


def truth_table(fn) -> list:
    a, b = [False, False, True, True], [False, True, False, True]
    want = [bool(fn(x, y)) for x, y in zip(a, b)]
    return [
        Case((T("boolean", (4,), a), T("boolean", (4,), b)), expect=(np.array(want),), name="truth table"),
        Case(
            (T("boolean", (4,), a, const=True), T("boolean", (4,), b)),
            expect=(np.array(want),),
            name="truth table, constant a",
        ),
    ]
