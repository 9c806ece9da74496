"""LRN-1: cases against the CPU plugin.

The plugin compiles only constant axes [1] or all the dims from 2 on, and takes an even ``size``
as a box of ``size - 1``; it normalises [1, 2, 3] of a 4-D tensor within channels. Its
departures are ``plugin`` rows; the layers it refuses run in irexec alone (``oracle=False``) on
small integers with beta 1 and alpha / size**len(axes) = 1, so that the spec's value is exact:
``x / (bias + sum of squares)``. Elsewhere its f32 results agree within a few ulp."""

import itertools

import numpy as np

from cases.rows import Case, Error, T, Table

F32 = {"rtol": 1e-5, "atol": 1e-6}


def ax(values, etype="i64", const=True):
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


def lrn(alpha="0.5", beta="0.75", bias="2", size="3"):
    return {"alpha": alpha, "beta": beta, "bias": bias, "size": size}


def ints(shape, seed):
    return np.random.default_rng(seed).integers(-3, 4, shape).astype(np.float32)


def box_ref(x, axes, half, bias):
    """``x / (bias + sum of squares in the box)``, one element at a time (small integer data: exact)."""
    out = np.empty_like(x)
    for idx in itertools.product(*map(range, x.shape)):
        box = tuple(slice(max(0, i - half), i + half + 1) if d in axes else slice(i, i + 1) for d, i in enumerate(idx))
        out[idx] = x[idx] / (np.float32(bias) + np.sum(np.square(x[box])))
    return out


def alone(shape, axes, size, seed, const=True, name=""):
    """A layer the plugin does not compile: irexec alone, against ``box_ref``."""
    x = ints(shape, seed)
    n = len(set(a % len(shape) for a in axes))
    return Case(
        (T("f32", shape, x), ax(axes, const=const)),
        attrs=lrn(str(size**n), "1", "1", str(size)),
        expect=(box_ref(x, {a % len(shape) for a in axes}, size // 2, 1),),
        oracle=False,
        why="the plugin compiles only constant axes [1] or all the dims from 2 on",
        name=name,
    )


EVEN = np.array([1, 2, 4, 8], np.float32).reshape(1, 4, 1, 1)
C1 = np.array([3, 1, 0, 2], np.float32).reshape(1, 1, 2, 2)

TABLE = Table(
    "LRN",
    "opset1",
    cases=[
        Case((T("f32", (2, 6, 4, 5)), ax([1])), attrs=lrn("1e-4", "0.75", "1", "5"), **F32, name="AlexNet's"),
        Case((T("f32", (2, 6, 4, 5)), ax([1], "i32")), attrs=lrn(), **F32),
        Case((T("f32", (2, 6, 4, 5)), ax([2, 3])), attrs=lrn(size="3"), **F32, name="within channels"),
        Case(
            (T("f32", (2, 3, 4, 5)), ax([3, 2])),
            attrs=lrn(alpha="2", beta="0.5", bias="1", size="5"),
            **F32,
            name="within channels, axes unsorted",
        ),
        Case((T("f32", (2, 6, 3, 3)), ax([1])), attrs=lrn(size="1"), **F32, name="size 1"),
        Case((T("f32", (2, 6, 3, 3)), ax([1])), attrs=lrn(size="15"), **F32, name="size beyond the channels"),
        Case((T("f32", (2, 5, 4)), ax([1])), attrs=lrn(bias="-0.5", alpha="-1e-3"), **F32, name="3-D, negative alpha"),
        Case((T("f32", (1, 4, 3, 3, 3)), ax([2, 3, 4])), attrs=lrn(beta="1.5"), **F32, name="5-D within channels"),
        Case((T("f32", (1, 4, 3, 3, 3)), ax([1], "u8")), attrs=lrn(), **F32, name="5-D across channels, u8 axes"),
        Case((T("f32", (2, 3, 0, 2)), ax([1])), attrs=lrn(), name="empty"),
        Case((T("f32", (2, 3, 2, 2), [np.inf, np.nan] + [1.0] * 22), ax([1])), attrs=lrn(), **F32, name="inf and NaN"),
        Case((T("f16", (2, 6, 3, 3)), ax([1])), attrs=lrn(), rtol=2e-3, atol=1e-3),
        Case((T("bf16", (2, 6, 3, 3)), ax([2, 3])), attrs=lrn(), rtol=2**-7, atol=2**-8),
        Case(
            (T("f32", EVEN.shape, EVEN), ax([1])),
            attrs=lrn("2", "1", "0", "2"),
            expect=(box_ref(EVEN, {1}, 1, 0),),
            plugin=(1 / EVEN,),
            why="the plugin takes an even size as a box of size - 1 ((size - 1) // 2 each side); "
            "the spec's box runs from i - size // 2 to i + size // 2",
            name="even size",
        ),
        Case(
            (T("f32", C1.shape, C1), ax([1, 2, 3])),
            attrs=lrn("27", "1", "1", "3"),
            expect=(box_ref(C1, {1, 2, 3}, 1, 1),),
            plugin=(C1 / np.float32(1 + 3 * 14),),
            why="given axes [1, 2, 3] of a 4-D tensor the plugin normalises within channels, over dims 2 and 3 with "
            "alpha / size**2",
            name="axes 1 to 3",
        ),
        alone((2, 3, 3, 2), [2], 3, 1, name="axis 2 alone"),
        alone((3, 4, 2), [0], 3, 2, name="axis 0"),
        alone((2, 3, 4), [1, 2], 3, 3, name="3-D, axes 1 and 2"),
        alone((2, 5, 3), [-2], 5, 4, const=False, name="axes at run time"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3, 4)), ax([3], const=False)),
        attrs=lrn(),
        match="axis 3 is out of range",
        code="S006",
        name="axis out of range",
        at="run",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([-4])),
        attrs=lrn(),
        match="axis -4 is out of range",
        code="S006",
        name="negative axis out of range",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([2, -1])),
        attrs=lrn(),
        match="name an axis twice",
        code="S005",
        name="an axis twice",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax(1)), attrs=lrn(), match="axes must be 1-D", code="S005", name="scalar axes", at="lint"
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (1,), [1.0])),
        attrs=lrn(),
        match="axes must be of an integer type",
        code="S005",
        name="float axes",
        at="lint",
    ),
    Error(
        (T("i32", (2, 3)), ax([1])),
        attrs=lrn(),
        match="data must be of a floating-point type",
        code="S005",
        name="i32 data",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs=lrn(size="0"),
        match="size must be 1 or more",
        code="O003",
        name="size 0",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs=lrn(beta="-0.75"),
        match="beta must be non-negative",
        code="O003",
        name="negative beta",
        at="lint",
    ),
    *[
        Error(
            (T("f32", (2, 3)), ax([1])),
            attrs={k: v for k, v in lrn().items() if k != name},
            match=f"required attribute '{name}'",
            code="O003",
            name=f"no {name}",
            at="lint",
        )
        for name in ("alpha", "beta", "bias", "size")
    ],
]

test_cases, test_errors = TABLE.pytest()
