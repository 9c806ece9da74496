"""MVN-1 (opset2) and MVN-6: cases against the CPU plugin.

The plugin sums in another order: f32 results agree within a few ulp (``F32``). Its MVN-1
ignores ``reduction_axes`` but for whether they hold dim 1 (``plugin`` rows, with
normalize_variance false so that both sides are exact: means of multiples of 1/8 over 2 or 4
elements)."""

import numpy as np

from cases.rows import Case, Error, T, Table

F32 = {"rtol": 1e-5, "atol": 1e-5}
BF16 = {"rtol": 2**-7, "atol": 2**-7}
V1, V6 = ("opset2",), ("opset6",)
INF = float("inf")


def ax(values, etype="i64", const=True):
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


def v6(**attrs):
    """MVN-6 attributes: normalize_variance true, eps 0.01, inside_sqrt unless given."""
    return {"normalize_variance": "true", "eps": "0.01", "eps_mode": "inside_sqrt", **attrs}


# A 4-D [1, 2, 2, 2] tensor whose means over 2 or 4 elements are exact.
X8 = np.array([1, 3, -2, 6, 0.5, 4, 8, -1.25], np.float32).reshape(1, 2, 2, 2)


def centred(x, axes):
    return (x - x.mean(axis=axes, keepdims=True)).astype(np.float32)


PLUGIN_AXES = (
    "the plugin's MVN-1 ignores reduction_axes but for whether they hold dim 1: it normalises dims "
    "2 and on (dims 1 and on with dim 1)"
)

TABLE = Table(
    "MVN",
    ("opset2", "opset6"),
    cases=[
        # MVN-1: across_channels and normalize_variance left out (false): the mean over dims 2 and on
        Case((T("f32", (2, 3, 4, 5)),), attrs={"eps": "0.01"}, versions=V1, **F32),
        Case(
            (T("f32", (2, 3, 4, 5)),),
            attrs={"eps": "1e-9", "across_channels": "true", "normalize_variance": "true"},
            versions=V1,
            **F32,
        ),
        Case(
            (T("f32", (2, 3, 4, 5)),),
            attrs={"eps": "0.5", "across_channels": "false", "normalize_variance": "true"},
            versions=V1,
            **F32,
        ),
        Case(
            (T("f32", (2, 3, 4, 5)),),
            attrs={"eps": "0.01", "normalize_variance": "false", "across_channels": "true"},
            versions=V1,
            **F32,
        ),
        Case(
            (T("f32", (2, 3, 4)),),
            attrs={"eps": "0.01", "reduction_axes": "2", "normalize_variance": "true"},
            versions=V1,
            **F32,
            name="reduction_axes [2] of 3-D",
        ),
        Case(
            (T("f32", (2, 3, 4, 5)),),
            attrs={"eps": "0.01", "reduction_axes": "1, 2, 3", "across_channels": "true", "normalize_variance": "true"},
            versions=V1,
            **F32,
            name="both attributes, as OpenVINO writes them",
        ),
        Case(
            (T("f32", (2, 3, 2, 2)),),
            attrs={"eps": "0.01", "reduction_axes": "-1,-2", "normalize_variance": "true"},
            versions=V1,
            **F32,
            name="negative reduction_axes",
        ),
        Case(
            (T("f32", (2, 5)),),
            attrs={"eps": "0.01", "across_channels": "true", "normalize_variance": "true"},
            versions=V1,
            **F32,
            name="2-D across channels",
        ),
        Case(
            (T("f32", (2, 5)),),
            attrs={"eps": "0.01", "normalize_variance": "true"},
            versions=V1,
            name="2-D per channel: nothing to normalise, all 0",
        ),
        Case((T("f32", (2, 3, 2, 2, 2)),), attrs={"eps": "0.01", "normalize_variance": "true"}, versions=V1, **F32),
        Case(
            (T("f16", (2, 3, 4, 4)),),
            attrs={"eps": "0.01", "normalize_variance": "true"},
            versions=V1,
            rtol=2e-3,
            atol=2e-3,
        ),
        Case(
            (T("bf16", (2, 3, 4)),),
            attrs={"eps": "0.01", "normalize_variance": "true", "across_channels": "true"},
            versions=V1,
            **BF16,
        ),
        Case((T("f32", (2, 0, 3)),), attrs={"eps": "0.01", "normalize_variance": "true"}, versions=V1, name="empty"),
        Case(
            (T("f32", X8.shape, X8),),
            attrs={"eps": "0.01", "reduction_axes": "3"},
            versions=V1,
            expect=(centred(X8, (3,)),),
            plugin=(centred(X8, (2, 3)),),
            why=PLUGIN_AXES,
            name="reduction_axes [3]",
        ),
        Case(
            (T("f32", X8.shape, X8),),
            attrs={"eps": "0.01", "reduction_axes": "1,3"},
            versions=V1,
            expect=(centred(X8, (1, 3)),),
            plugin=(centred(X8, (1, 2, 3)),),
            why=PLUGIN_AXES,
            name="reduction_axes [1, 3]",
        ),
        # MVN-6
        Case((T("f32", (2, 3, 4, 5)), ax([2, 3])), attrs=v6(), versions=V6, **F32),
        Case(
            (T("f32", (2, 3, 4, 5)), ax([1], "i32")), attrs=v6(eps="0.5", eps_mode="outside_sqrt"), versions=V6, **F32
        ),
        Case(
            (T("f32", (2, 3, 4, 5)), ax([1])),
            attrs=v6(eps="0.5", eps_mode="INSIDE_SQRT"),
            versions=V6,
            **F32,
            name="eps_mode as OpenVINO writes it",
        ),
        Case((T("f32", (2, 3, 4)), ax([0, 2], const=False)), attrs=v6(), versions=V6, **F32, name="axes at run time"),
        Case(
            (T("f32", (2, 3, 4)), ax([-1, 0], "i32", const=False)),
            attrs=v6(eps_mode="outside_sqrt"),
            versions=V6,
            **F32,
            name="negative axes at run time",
        ),
        Case((T("f32", (2, 3, 4)), ax([2, -1])), attrs=v6(), versions=V6, **F32, name="an axis twice counts once"),
        Case((T("f32", (2, 3, 4)), ax([2])), attrs=v6(normalize_variance="false"), versions=V6, **F32),
        Case((T("f32", (2, 3, 2)), ax([])), attrs=v6(), versions=V6, name="empty axes: all 0"),
        Case(
            (T("f32", (2, 3), X8.reshape(-1)[:6]), ax([])),
            attrs=v6(),
            versions=V6,
            expect=(np.zeros((2, 3)),),
            plugin=(X8.reshape(-1)[:6].reshape(2, 3),),
            why="with empty axes the plugin passes a 2-D tensor through; "
            "the mean over no axes is each element itself, so the spec's result is 0",
            name="empty axes of 2-D",
        ),
        Case((T("f32", (3, 1, 4)), ax([1])), attrs=v6(), versions=V6, name="1-sized axis: all 0"),
        Case((T("f32", (2, 16, 32)), ax([-1])), attrs=v6(eps="1e-12"), versions=V6, **F32, name="layer norm"),
        Case(
            (T("f32", (2, 4), [4096, 4096.125, 4096.25, 4096.5, -1e4, -1e4 + 1, -1e4 + 2, -1e4 + 3]), ax([1])),
            attrs=v6(eps="1e-9"),
            versions=V6,
            rtol=1e-5,
            atol=1e-4,
            name="large mean, small spread",
        ),
        Case(
            (T("f32", (3, 3), [INF, 0, 1, -INF, 0, 1, 1, 2, 3]), ax([1])),
            attrs=v6(),
            versions=V6,
            **F32,
            name="inf rows: NaN",
        ),
        Case((T("f16", (2, 3, 4)), ax([2])), attrs=v6(), versions=V6, rtol=2e-3, atol=2e-3),
        Case((T("bf16", (2, 3, 4)), ax([1, 2])), attrs=v6(eps_mode="outside_sqrt"), versions=V6, **BF16),
        Case((T("f32", (0, 3)), ax([1])), attrs=v6(), versions=V6, name="empty"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (2, 3, 4)),),
        attrs={"normalize_variance": "true"},
        versions=V1,
        match="required attribute 'eps'",
        code="O003",
        name="no eps",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)),),
        attrs={"eps": "-0.5"},
        versions=V1,
        match="eps must be a non-negative number",
        code="O003",
        name="negative eps",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)),),
        attrs={"eps": "nan"},
        versions=V1,
        match="eps must be a non-negative number",
        code="O003",
        name="NaN eps",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)),),
        attrs={"eps": "0.1", "reduction_axes": "3"},
        versions=V1,
        match="axis 3 is out of range",
        code="S006",
        name="reduction_axes out of range",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)),),
        attrs={"eps": "0.1", "reduction_axes": "1,-2"},
        versions=V1,
        match="name an axis twice",
        code="S005",
        name="reduction_axes twice",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)),),
        attrs={"eps": "0.1", "across_channels": "yes"},
        versions=V1,
        match="across_channels",
        code="O003",
        name="across_channels not a boolean",
        at="lint",
    ),
    Error(
        (T("i32", (2, 3, 4)),),
        attrs={"eps": "0.1"},
        versions=V1,
        match="data must be of a floating-point type",
        code="S005",
        name="i32 data",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([3], const=False)),
        attrs=v6(),
        versions=V6,
        match="axis 3 is out of range",
        code="S006",
        name="axis out of range",
        at="run",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([0, -4])),
        attrs=v6(),
        versions=V6,
        match="axis -4 is out of range",
        code="S006",
        name="negative axis out of range",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax(1)),
        attrs=v6(),
        versions=V6,
        match="axes must be 1-D",
        code="S005",
        name="scalar axes",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), T("f32", (1,), [1.0])),
        attrs=v6(),
        versions=V6,
        match="axes must be i32 or i64",
        code="S005",
        name="float axes",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3, 4)), ax([1], "u8")),
        attrs=v6(),
        versions=V6,
        match="axes must be i32 or i64",
        code="S005",
        name="u8 axes",
        at="lint",
    ),
    Error(
        (T("f16", (2, 3)), ax([1])),
        attrs={"normalize_variance": "true", "eps": "0.1"},
        versions=V6,
        match="required attribute 'eps_mode'",
        code="O003",
        name="no eps_mode",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs={"eps": "0.1", "eps_mode": "inside_sqrt"},
        versions=V6,
        match="required attribute 'normalize_variance'",
        code="O003",
        name="no normalize_variance",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs=v6(eps_mode="inside"),
        versions=V6,
        match="eps_mode",
        code="O003",
        name="eps_mode not a choice",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), ax([1])),
        attrs=v6(eps="-1e-5"),
        versions=V6,
        match="eps must be a non-negative",
        code="O003",
        name="negative eps",
        at="lint",
    ),
    Error(
        (T("i64", (2, 3)), ax([1])),
        attrs=v6(),
        versions=V6,
        match="data must be of a floating-point type",
        code="S005",
        name="i64 data",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
