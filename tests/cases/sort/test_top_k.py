"""TopK-1, -3 and -11: cases against the CPU plugin.

Random data is a permutation of distinct values (no ties), so that any order of ties cannot
matter there; ties have their own rows. irexec takes and lists ties in ascending index order
always (TopK-11's rule with stable=true); elsewhere the spec leaves the ties open, and sort none's
order too, so those rows (``tied``) accept from the plugin any top k in the order sort asks for.
With k fed at run time the plugin's kernel lists ties out of index order: plugin rows. NaN counts as smaller
than any number (the spec); the plugin's comparisons break on it: plugin rows. k must be in
[1, size] (the plugin refuses other k in every version): error rows, at run time and constant."""

import numpy as np

from cases.rows import Case, Error, T, Table

V3 = ("opset3", "opset11")
V11 = ("opset11",)
NAN, INF = float("nan"), float("inf")


def distinct(etype, shape, seed=0, const=False):
    """Data whose values along any axis differ: a shuffled range (eighths, for floats)."""
    n = int(np.prod(shape))
    values = np.random.default_rng(seed).permutation(n) - n // 2
    return T(etype, shape, values / 8 if etype in ("f32", "f16", "bf16", "f64") else values, const=const)


def k(value, etype="i64", const=True):
    return T(etype, (), value, const=const)


def attrs(axis, mode="max", sort="value", **more):
    return {"axis": str(axis), "mode": mode, "sort": sort, **more}


def _allowed(inputs, outputs, axis, mode, sort) -> bool:
    """Whether ``outputs`` are values and indices the spec allows: each slice's indices distinct and
    in range, the values data's there, a top k (nothing left out better than something taken),
    best first for sort value, by ascending index for sort index, in any order for sort none."""
    data, k_ = np.asarray(inputs[0]), int(np.asarray(inputs[1]))
    values, indices = (np.moveaxis(np.asarray(o), axis, -1) for o in outputs)
    x = np.moveaxis(data, axis, -1).astype(np.float64)
    if values.dtype != data.dtype or indices.dtype.kind != "i" or values.shape != x.shape[:-1] + (k_,):
        return False
    if indices.shape != values.shape:
        return False
    values = values.astype(np.float64)
    for pos in np.ndindex(*x.shape[:-1]):
        row, v, i = x[pos], values[pos], indices[pos].astype(np.int64)
        if len(set(i.tolist())) != k_ or i.min() < 0 or i.max() >= row.size:
            return False
        if not (np.array_equal(v, row[i]) and np.array_equal(np.signbit(v), np.signbit(row[i]))):
            return False
        rest = np.delete(row, i)
        if mode == "max" and ((rest > v.min()).any() or (sort == "value" and (np.diff(v) > 0).any())):
            return False
        if mode == "min" and ((rest < v.max()).any() or (sort == "value" and (np.diff(v) < 0).any())):
            return False
        if sort == "index" and (np.diff(i) <= 0).any():
            return False
    return True


def tied(inputs, at, name, **kw):
    """A case whose outputs the spec leaves open (ties, or sort none's order): irexec takes and
    lists ties by ascending index, and sort none as sort value (``expect``); the plugin may give
    any of the outcomes the spec allows (``allows``)."""
    axis, mode, sort = int(at["axis"]), at["mode"], at["sort"]
    data = np.asarray(inputs[0].values, np.float64).reshape(inputs[0].shape)
    x, k_ = np.moveaxis(data, axis, -1), int(np.asarray(inputs[1].values))
    order = np.argsort(-x if mode == "max" else x, axis=-1, kind="stable")[..., :k_]
    order = np.sort(order, axis=-1) if sort == "index" else order
    expect = (np.moveaxis(np.take_along_axis(x, order, -1), -1, axis), np.moveaxis(order, -1, axis))
    return Case(inputs, at, expect=expect, allows=lambda i, o: _allowed(i, o, axis, mode, sort), name=name, **kw)


TIES = T("f32", (2, 4), [[2, 2, 2, 2], [1, 3, 3, 1]])
LONG = T(
    "f32",
    (2, 16),
    [[0, 5, 1, 5, 2, 5, 3, 4, 5, 0, -1, 5, 2, 2, 0, 1], [-1, -2, -2, 7, -2, 0, 3, -2, -1, 9, -2, 0, 0, 3, 3, -1]],
)
MANY_I32 = T("i32", (2, 40), np.random.default_rng(40).integers(-3, 3, (2, 40)))
MANY_F16 = T("f16", (3, 24), np.random.default_rng(41).integers(-4, 4, (3, 24)))

TABLE = Table(
    "TopK",
    ("opset1", "opset3", "opset11"),
    outputs=2,
    cases=[
        # index_element_type (and stable) left out
        Case((distinct("f32", (3, 5)), k(2)), attrs(1), name="max by value, constant k"),
        Case(
            (distinct("f32", (3, 5), 1), k(3, const=False)),
            attrs(-1, "min", index_element_type="i64"),
            name="min by value, k at run time, i64 indices",
        ),
        Case(
            (distinct("f32", (4, 3), 2), k(2, "i32", const=False)),
            attrs(0, "max", "index"),
            name="max by index, i32 k at run time",
        ),
        Case(
            (distinct("f32", (2, 6), 3), k(4, "u8")),
            attrs(-1, "min", "index", index_element_type="i32"),
            versions=V3,
            name="min by index, u8 k",
        ),
        tied((distinct("f32", (2, 5, 3), 4), k(2)), attrs(1, "max", "none"), "max, sort none, middle axis"),
        tied((distinct("f32", (2, 5, 3), 5), k(3, const=False)), attrs(-2, "min", "none"), "min, sort none"),
        Case((distinct("f32", (5,), 6), k(5)), attrs(0), name="1-D, k = size"),
        Case((distinct("f32", (3, 1), 7), k(1, const=False)), attrs(1, "min"), name="axis of size 1"),
        Case(
            (distinct("f32", (2, 3, 4), 8), k(1)),
            attrs(-3, "max", "index", index_element_type="i64"),
            name="k 1 along axis -3",
        ),
        Case((distinct("i32", (3, 6), 9), k(3, const=False)), attrs(1)),
        Case((distinct("i8", (4, 5), 10), k(2)), attrs(0, "min")),
        Case((distinct("u8", (2, 7), 11), k(4, "i32")), attrs(1, "max", "index")),
        Case((distinct("i64", (2, 6), 12), k(3)), attrs(-1, "min", index_element_type="i64")),
        Case((distinct("f16", (3, 4), 13), k(2, const=False)), attrs(1)),
        Case((distinct("bf16", (3, 4), 14), k(3)), attrs(-1, "min", "index")),
        tied((T("f32", (2, 4), [[1, -INF, INF, 0], [-0.0, 0.0, -1, 5]]), k(3)), attrs(1), "inf, -0 and 0"),
        # k a small part of a long axis (irexec's partition path), ties across the k-th value.
        tied((LONG, k(3)), attrs(1), "long axis, ties at the k-th, max"),
        tied((LONG, k(4)), attrs(1, "min"), "long axis, ties at the k-th, min"),
        tied((LONG, k(3)), attrs(1, "max", "index", index_element_type="i64"), "long axis, by index"),
        tied((MANY_I32, k(5)), attrs(-1, "min", "index"), "long i32 axis, many ties"),
        tied((MANY_F16, k(2)), attrs(1), "long f16 axis, many ties"),
        # Ties: ascending index order in irexec (the plugin's with a constant k, but any is allowed).
        tied((TIES, k(3)), attrs(1), "ties, constant k"),
        tied((TIES, k(3)), attrs(1, "min"), "ties, min, constant k"),
        tied((TIES, k(3, const=False)), attrs(1, "max", "index"), "ties by index, k at run time"),
        Case(
            (TIES, k(3, const=False)),
            attrs(1),
            versions=("opset1", "opset3"),
            name="ties, k at run time",
            expect=([[2, 2, 2], [3, 3, 1]], [[0, 1, 2], [1, 2, 0]]),
            plugin=([[2, 2, 2], [3, 3, 1]], [[1, 2, 0], [1, 2, 0]]),
            why="with k fed at run time the plugin lists ties out of index order (irexec: ascending index, as "
            "with a constant k)",
        ),
        # TopK-11: stable=true keeps index order whatever k is; stable=false as the others.
        Case((TIES, k(3, const=False)), attrs(1, stable="true"), versions=V11, name="stable ties, k at run time"),
        Case((TIES, k(2, const=False)), attrs(1, "min", "index", stable="true"), versions=V11, name="stable, by index"),
        Case((distinct("f32", (3, 4), 15), k(2)), attrs(0, "min", stable="false"), versions=V11, name="stable=false"),
        Case(
            (TIES, k(3, const=False)),
            attrs(1, stable="false"),
            versions=V11,
            name="unstable ties, k at run time",
            expect=([[2, 2, 2], [3, 3, 1]], [[0, 1, 2], [1, 2, 0]]),
            plugin=([[2, 2, 2], [3, 3, 1]], [[1, 2, 0], [1, 2, 0]]),
            why="with k fed at run time the plugin lists ties out of index order (irexec: ascending index, as "
            "with a constant k)",
        ),
        # NaN is below every number (the spec).
        Case(
            (T("f32", (2, 4), [[3, NAN, 4, 1], [NAN, 2, NAN, -1]]), k(2)),
            attrs(1),
            name="NaN, max",
            expect=([[4, 3], [2, -1]], [[2, 0], [1, 3]]),
            plugin=([[3, NAN], [NAN, 2]], [[0, 1], [0, 1]]),
            why="the plugin's comparisons break on NaN (the spec: NaN is below every number)",
        ),
        Case(
            (T("f32", (2, 4), [[3, NAN, 4, 1], [NAN, 2, NAN, -1]]), k(3)),
            attrs(1, "min"),
            name="NaN, min",
            expect=([[NAN, 1, 3], [NAN, NAN, -1]], [[1, 3, 0], [0, 2, 3]]),
            plugin=([[1, 3, NAN], [-1, NAN, 2]], [[3, 0, 1], [3, 2, 1]]),
            why="the plugin's comparisons break on NaN (the spec: NaN is below every number)",
        ),
    ],
)

BASE = (T("f32", (2, 5)), k(2))
TABLE.errors = [
    Error(
        (BASE[0], k(0, const=False)),
        attrs=attrs(1),
        match=r"k must be in \[1, 5\] \(the size of axis 1\), got 0",
        code="S005",
        name="k 0",
        at="run",
    ),
    Error(
        (BASE[0], k(6, const=False)),
        attrs=attrs(-1),
        match=r"k must be in \[1, 5\] \(the size of axis 1\), got 6",
        code="S005",
        name="k above the size",
        at="run",
    ),
    Error(
        (BASE[0], k(-1, "i32", const=False)),
        attrs=attrs(0),
        match=r"k must be in \[1, 2\] \(the size of axis 0\), got -1",
        code="S005",
        name="negative k",
        at="run",
    ),
    Error(
        (BASE[0], T("i64", (1,), [2], const=True)),
        attrs=attrs(1),
        match=r"k must be a scalar, got shape \[1\]",
        code="S005",
        name="k of shape [1]",
        at="lint",
    ),
    Error(
        (BASE[0], T("f32", (), 2.0, const=True)),
        attrs=attrs(1),
        match="k must be (of an integer type|i8 or i32 or i64), got f32",
        code="S005",
        name="f32 k",
        at="lint",
    ),
    Error(
        (BASE[0], k(2, "u8")),
        attrs=attrs(1),
        versions=("opset1",),
        match="k must be i8 or i32 or i64, got u8",
        code="S005",
        name="u8 k in TopK-1",
        at="lint",
    ),
    Error(
        (T("f32", (), 1.0), BASE[1]),
        attrs=attrs(0),
        match="data must have rank 1 or more",
        code="S005",
        name="scalar data",
        at="lint",
    ),
    Error(
        (T("boolean", (2, 3)), BASE[1]),
        attrs=attrs(1),
        match="data must be numeric",
        code="S005",
        name="boolean data",
        at="lint",
    ),
    Error(
        BASE,
        attrs=attrs(2),
        match=r"axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis out of range",
        at="lint",
    ),
    Error(
        BASE,
        attrs={"mode": "max", "sort": "value"},
        match="required attribute 'axis' is missing",
        code="O003",
        name="axis left out",
        at="lint",
    ),
    Error(
        BASE,
        attrs=attrs(1, "largest"),
        match="mode='largest' is not one of max, min",
        code="O003",
        name="bad mode",
        at="lint",
    ),
    Error(
        BASE,
        attrs=attrs(1, sort="ascending"),
        match="sort='ascending' is not one of",
        code="O003",
        name="bad sort",
        at="lint",
    ),
    Error(
        BASE,
        attrs=attrs(1, index_element_type="f32"),
        match="index_element_type must be i32 or i64, got f32",
        code="O003",
        name="f32 indices",
        at="lint",
    ),
    Error(
        BASE,
        attrs=attrs(1, sort="none", stable="true"),
        versions=V11,
        match="stable=true needs sort 'value' or 'index'",
        code="O003",
        name="stable with sort none",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
