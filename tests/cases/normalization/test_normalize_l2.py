"""NormalizeL2-1: cases against the CPU plugin.

Empty axes divide each element by itself: 1, or 0 for 0 (the spec's particular case, which the
plugin gives with constant axes; with axes fed at run time it computes the formula: a ``plugin``
row). Its f32 results agree within a few ulp."""

import numpy as np

from cases.rows import Case, Error, T, Table

F32 = {"rtol": 1e-5, "atol": 1e-6}
X = np.array([[-2, 0, 0.5], [3, -0.25, 1e-3]], np.float32)


def ax(values, etype="i64", const=True):
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


def eps(mode=None, value="0.5"):
    return {"eps": value} | ({"eps_mode": mode} if mode else {})


TABLE = Table(
    "NormalizeL2",
    "opset1",
    cases=[
        Case((T("f32", (2, 4, 3)), ax([1])), attrs=eps("add"), **F32),
        Case((T("f32", (2, 4, 3)), ax([1], "i32")), attrs=eps("max"), **F32),
        Case((T("f32", (2, 4, 3)), ax([2, 1])), attrs=eps("add", "1e-10"), **F32, name="two axes, unsorted"),
        Case((T("f32", (2, 4, 3)), ax([-1])), attrs=eps("max", "1e-10"), **F32, name="negative axis"),
        Case((T("f32", (2, 4, 3)), ax([0, 1, 2])), attrs=eps("add"), **F32, name="every axis"),
        Case((T("f32", (2, 4, 3)), ax(2, "i32")), attrs=eps("max"), **F32, name="scalar axes"),
        Case((T("f32", (2, 4, 3)), ax([1], "u8")), attrs=eps("add"), **F32, name="u8 axes"),
        Case((T("f32", (2, 4, 3)), ax([0, 2], const=False)), attrs=eps("max"), **F32, name="axes at run time"),
        Case(
            (T("f32", (2, 4, 3)), ax([-2], "i32", const=False)),
            attrs=eps("add"),
            **F32,
            name="negative axis at run time",
        ),
        Case(
            (T("f32", (2, 3), [1e-3, 0, 0, 0, 0, 0]), ax([1])),
            attrs=eps("max", "1e-4"),
            **F32,
            name="max: eps under the root",
        ),
        Case(
            (T("f32", (2, 3), [1e-3, 0, 0, 0, 0, 0]), ax([1])),
            attrs=eps("add", "1e-4"),
            **F32,
            name="add: eps under the root",
        ),
        Case((T("f32", X.shape, X), ax([])), attrs=eps("add"), name="empty axes: 1, or 0 for 0"),
        Case((T("f32", X.shape, X), ax([])), attrs=eps("max"), name="empty axes, max"),
        Case(
            (T("f32", X.shape, X), ax([], const=False)),
            attrs=eps("max"),
            expect=([[1, 0, 1], [1, 1, 1]],),
            plugin=(X / np.sqrt(np.maximum(X * X, np.float32(0.5))),),
            why="with empty axes fed at run time the plugin computes the formula (x / sqrt(max(x**2, eps))), not the "
            "spec's particular case (each element divided by itself: 1, or 0 for 0)",
            name="empty axes at run time",
        ),
        Case(
            (T("f32", (2, 2), [0, 0, 1, 1]), ax([1])),
            attrs=eps("max", "0"),
            expect=([[np.nan, np.nan], [0.70710677, 0.70710677]],),
            rtol=1e-6,
            name="eps 0: 0 / 0",
        ),
        Case(
            (T("f32", (), -2), ax([])),
            attrs=eps("add"),
            expect=(1,),
            plugin=(np.float32(-2) / np.sqrt(np.float32(4.5)),),
            why="the plugin computes the formula "
            "(x / sqrt(x**2 + eps)) for scalar data, not the spec's particular case of empty axes (1)",
            name="scalar data",
        ),
        Case((T("f32", (2, 1, 3)), ax([1])), attrs=eps("add", "1e-12"), **F32, name="1-sized axis"),
        Case((T("f32", (2, 0, 3)), ax([1])), attrs=eps("add"), name="empty"),
        Case((T("f32", (2, 3), [np.inf, 1, 2, np.nan, 1, 2]), ax([1])), attrs=eps("add"), name="inf and NaN rows"),
        Case((T("f16", (2, 4, 3)), ax([1])), attrs=eps("add"), rtol=2e-3, atol=1e-3),
        Case((T("bf16", (2, 4, 3)), ax([2])), attrs=eps("max"), rtol=2**-7, atol=2**-8),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3, 4)), ax([3], const=False)),
        attrs=eps("add"),
        match="axis 3 is out of range",
        code="S006",
        name="axis out of range",
        at="run",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([-4])),
        attrs=eps("add"),
        match="axis -4 is out of range",
        code="S006",
        name="negative axis out of range",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([1, 1])),
        attrs=eps("add"),
        match="name an axis twice",
        code="S005",
        name="an axis twice",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([2, -1], const=False)),
        attrs=eps("add"),
        match="name an axis twice",
        code="S005",
        name="an axis twice at run time",
        at="run",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([[1]])),
        attrs=eps("add"),
        match="axes must be a scalar or 1-D",
        code="S005",
        name="2-D axes",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (1,), [1.0])),
        attrs=eps("add"),
        match="axes must be of an integer type",
        code="S005",
        name="float axes",
        at="lint",
    ),
    Error(
        (T("i32", (2, 3)), ax([1])),
        attrs=eps("add"),
        match="data must be of a floating-point type",
        code="S005",
        name="i32 data",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs=eps(),
        match="required attribute 'eps_mode'",
        code="O003",
        name="no eps_mode",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs={"eps_mode": "add"},
        match="required attribute 'eps'",
        code="O003",
        name="no eps",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs=eps("sum"),
        match="eps_mode",
        code="O003",
        name="eps_mode not a choice",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs=eps("add", "-1"),
        match="eps must be a non-negative",
        code="O003",
        name="negative eps",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
