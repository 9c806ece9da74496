"""Rows the two shift tables share: counts from 0 to the type's width - 1 on every integer type,
and the counts the spec leaves undefined (refused)."""

from cases.rows import Case, Error, T

from ._rows import SIGNED, UNSIGNED, WHY_NARROW, array, bits, wrap


def shift_operands(etype: str) -> tuple:
    """Values (the type's extremes, -1, small ones) and counts (0, 1, the width - 1...)."""
    n = bits(etype)
    lo, hi = (-(1 << (n - 1)), (1 << (n - 1)) - 1) if etype in SIGNED else (0, (1 << n) - 1)
    a = [1, 5, hi, lo, 1, 5, hi, lo, 3, 6]
    b = [0, 1, 1, 1, n - 1, n - 1, n - 1, n - 1, n // 2, 2]
    if etype in SIGNED:
        a, b = a + [-1, -1, -8, -8, -5], b + [1, n - 1, 1, 2, n // 2]
    return a, b


def shift_cases(fn, plugin_fn=None) -> list:
    """``fn(a, b, etype)`` (Python integers, before wrapping) on each type; ``plugin_fn``: what the
    plugin computes instead for a type (or None where it computes the spec's)."""
    rows = []
    for etype in SIGNED + UNSIGNED:
        a, b = shift_operands(etype)
        want = array(wrap([fn(x, y, etype) for x, y in zip(a, b)], etype), etype)
        theirs = plugin_fn(a, b, etype) if plugin_fn else None
        row = dict(expect=(want,), name=f"{etype} counts 0 to {bits(etype) - 1}")
        if theirs is not None:
            row.update(plugin=(array(theirs, etype),), why=theirs_why(etype))
        rows.append(Case((T(etype, (len(a),), array(a, etype)), T(etype, (len(b),), array(b, etype))), **row))
    return rows


def theirs_why(etype: str) -> str:
    return WHY_NARROW if bits(etype) == 64 else f"the plugin shifts {etype} right as signed (arithmetically)"


def count_errors(op_type: str) -> list:
    """A count the spec leaves undefined, at run time (only the values show it) and constant."""

    def e(etype, a, b, bad, width, name, const=False):
        return Error(
            (T(etype, (len(a),), a), T(etype, (len(b),), b, const=const)),
            match=f"shift count {bad} out of range \\[0, {width}\\) for {width}-bit integers",
            code="S005",
            at="run",
            name=name,
        )

    return [
        e("i32", [5, 5], [1, 32], 32, 32, "i32 by 32"),
        e("i32", [5, 5], [-1, 1], -1, 32, "i32 by -1"),
        e("u8", [5, 5], [8, 0], 8, 8, "u8 by 8"),
        e("i64", [5, 5], [64, 0], 64, 64, "i64 by 64, constant", const=True),
        Error(
            (T("i8", (2, 2), [[1, 2], [3, 4]]), T("i8", (), 9)),
            match="shift count 9 out of range \\[0, 8\\)",
            code="S005",
            at="run",
            name="i8 by a scalar 9",
        ),
        Error(
            (T("boolean", (2,)), T("boolean", (2,))),
            match=f"{op_type}'s a must be i8 or .*, got boolean",
            code="S005",
            at="lint",
            name="boolean",
        ),
        Error(
            (T("f32", (2,)), T("f32", (2,))),
            match=f"{op_type}'s a must be .*, got f32",
            code="S005",
            at="lint",
            name="f32",
        ),
        Error((T("i32", (2,)), T("u8", (2,))), match="one element type", code="S005", at="lint", name="i32 with u8"),
    ]
