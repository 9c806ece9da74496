"""Squeeze-1: cases against the CPU plugin.

Axes whose dim is not 1 are kept, not refused, as the plugin does with constant axes and static
data. Where the dim is not known ahead (run-time axes, or dynamic data) shape inference drops a
listed dim that might be 1 (the spec's note, and OpenVINO); if it then is not 1 the output
cannot have the inferred shape, and the run refuses it, in irexec as in the plugin (error rows).
The plugin supports run-time axes only of one element: the run-time cases squeeze a dim of 1.

Every case runs under Squeeze-1 and Squeeze-15 (same values). Squeeze-15's own rows: with axes at
run time the rank is left open, so a listed dim that is not 1 is kept, not refused; with
allow_axis_skip a listed dim not known ahead leaves the rank open too, so the all-dynamic variant
keeps a dim that Squeeze-1 (and allow_axis_skip=false) infer dropped. The plugin refuses a Squeeze
of open output rank: Squeeze-15's run-time axes run in irexec alone."""

import numpy as np

from cases.rows import Case, Error, T, Table

X = (1, 2, 3, 1)


def axes(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


V1, V15 = ("opset1",), ("opset15",)
OPEN_RANK = "the plugin refuses a Squeeze whose output rank is not known ahead (Squeeze-15 with run-time axes)"
SKIP = {"allow_axis_skip": "true"}

TABLE = Table(
    "Squeeze",
    ("opset1", "opset15"),
    cases=[
        Case((T("f32", X), axes([0])), name="axis 0"),
        Case((T("f32", X), axes([-4])), name="axis -4"),
        Case((T("f32", X), axes([0, 3])), name="both ones"),
        Case((T("f32", X), axes([3, -4, 0], "i32")), name="unordered, repeated after normalising"),
        # An axis whose dim is not 1 is kept. With the data's dims unknown, OpenVINO (and irexec) infer
        # that dim dropped, and the plugin then fails at run time: the data is a constant here, so
        # the all-dynamic variant keeps its shape.
        Case((T("f32", X, const=True), axes([1])), name="dim 2 kept"),
        Case((T("f32", X, const=True), axes([0, 1])), name="a one and a two"),
        Case((T("f32", X, const=True), axes([2, 3])), name="a three and a one"),
        Case((T("f32", X, const=True), axes([-1, -2])), name="negative axes, a three kept"),
        Case((T("f32", X), axes([-1, -4])), name="negative axes"),
        Case((T("f32", X), axes(3)), name="scalar axis"),
        Case((T("f32", X), axes(-1, "i32")), name="scalar negative axis"),
        Case((T("f32", X), axes([])), name="empty axes squeeze every 1"),
        # No axes input: every dim of 1 goes.
        Case((T("f32", (1, 2, 1, 3, 1)),), name="no axes"),
        Case((T("f32", (1,)),), name="no axes, to a scalar"),
        Case((T("f32", (1, 1)),), name="no axes, all ones"),
        Case((T("f32", (2, 3)),), name="no axes, no ones"),
        Case((T("f32", (1, 0, 1)),), name="no axes, empty"),
        Case((T("f32", ()),), name="no axes, scalar"),
        # Axes at run time (one element: the plugin supports no more).
        Case((T("f32", (1, 2, 3)), axes([0], const=False)), name="run time", versions=V1),
        Case((T("f32", (1, 2, 3)), axes([-3], "i32", const=False)), name="run time, negative", versions=V1),
        Case((T("f32", (2, 1, 3)), axes(1, const=False)), name="run time, scalar", versions=V1),
        Case((T("f32", (4, 1)), axes([-1], "i32", const=False)), name="run time, last", versions=V1),
        # Element types.
        Case((T("i32", (3, 1)), axes([1]))),
        Case((T("i64", (1, 3)), axes([0], "i64", const=False)), versions=V1),
        Case((T("boolean", (1, 2, 1)), axes([0, 2]))),
        Case((T("f16", (1, 4)), axes([0], "i8"))),
        Case((T("bf16", (4, 1)), axes([1], "u8"))),
        Case((T("u8", (1, 0, 1)), axes([2])), name="empty data"),
        # Squeeze-15.
        Case((T("f32", X), axes([1])), attrs=SKIP, versions=V15, name="skip: dim 2 kept, dims dynamic too"),
        Case((T("f32", X), axes([0, 1, 3])), attrs=SKIP, versions=V15, name="skip: ones dropped, a two kept"),
        Case(
            (T("f32", X), axes([-1, -2])),
            attrs={"allow_axis_skip": "false"},
            versions=V15,
            name="skip false: a three kept (constant data)",
            dynamic=False,
        ),
        Case((T("f32", X), axes([0, 3])), attrs={"allow_axis_skip": "false"}, versions=V15, name="skip false"),
        # Axes at run time: OpenVINO leaves the rank open, and the plugin refuses a Squeeze of open rank,
        # so these run in irexec alone.
        Case(
            (T("f32", (1, 2), [[1, 2]]), axes([1], const=False)),
            versions=V15,
            expect=([[1, 2]],),
            oracle=False,
            why=OPEN_RANK,
            name="run-time axis on a dim of 2 kept",
        ),
        Case(
            (T("f32", (1, 3, 1), [[[1], [2], [3]]]), axes(-2, "i32", const=False)),
            attrs=SKIP,
            versions=V15,
            expect=([[[1], [2], [3]]],),
            oracle=False,
            why=OPEN_RANK,
            name="run-time scalar axis on a dim of 3 kept",
        ),
        Case(
            (T("i32", (2, 1), [[4], [5]]), axes([-1, 0], const=False)),
            attrs=SKIP,
            versions=V15,
            expect=([4, 5],),
            oracle=False,
            why=OPEN_RANK,
            name="skip, run-time axes on a 1 and a 2",
        ),
        Case((T("f32", (1, 1, 2)),), attrs=SKIP, versions=V15, name="skip, no axes"),
        Case((T("f32", (1, 2, 1)), axes([])), attrs=SKIP, versions=V15, name="skip, empty axes"),
    ],
)
TABLE.errors = [
    Error(
        (T("f32", (1, 2)), axes([2], const=False)),
        match=r"Squeeze axis 2 is out of range \[-2, 1\]",
        code="S006",
        name="axis too large",
        at="run",
    ),
    Error(
        (T("f32", (1, 2)), axes([0, -3], const=False)),
        match=r"Squeeze axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis too small",
        at="run",
    ),
    Error(
        (T("f32", ()), axes([0], const=False)),
        match=r"Squeeze axes are out of range for a scalar",
        code="S006",
        name="axis of a scalar",
        at="lint",
    ),
    # Run-time axes pointing at a dim that is not 1: inferred ahead as dropping a dim (rank 1, as
    # data [1,2] has a dim that might be listed and be 1), which the run cannot do. (Only with the
    # axes at run time: as constants the dim is known ahead, and kept.)
    Error(
        (T("f32", (1, 2)), axes([1], const=False)),
        match=r"would be \[1,2\], but from the model's declared "
        r"shapes it is \[\?\]",
        modes=("param",),
        name="run-time axis on a dim of 2",
        at="run",
        versions=V1,
    ),
    Error(
        (T("f32", (1, 3, 1)), axes(-2, "i32", const=False)),
        match=r"would be \[1,3,1\], but from the "
        r"model's declared shapes it is \[\?,\?\]",
        modes=("param",),
        name="run-time scalar axis on a dim of 3",
        at="run",
        versions=V1,
    ),
    Error(
        (T("f32", (1, 2)), axes([[0]], const=False)),
        match=r"Squeeze's axes must be a scalar or 1-D",
        code="S005",
        name="2-D axes",
        at="lint",
    ),
    Error(
        (T("f32", (1, 2)), T("f32", (1,), [0.0])),
        match=r"Squeeze's axes must be of an integer type",
        code="S005",
        name="f32 axes",
        at="lint",
    ),
    Error(
        (T("f32", (1, 2)), axes([0])),
        attrs={"allow_axis_skip": "perhaps"},
        match="allow_axis_skip",
        code="O003",
        versions=V15,
        name="allow_axis_skip not a bool",
        at="lint",
    ),
    Error(
        (T("f32", (1, 2)), axes([2])),
        attrs=SKIP,
        match=r"Squeeze axis 2 is out of range \[-2, 1\]",
        code="S006",
        versions=V15,
        name="skip, axis too large",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
