"""Squeeze-1: cases against the CPU plugin.

Axes whose dim is not 1 are kept, not refused, as the plugin does with constant axes and static
data. Where the dim is not known ahead (run-time axes, or dynamic data) shape inference drops a
listed dim that might be 1 (the spec's note, and OpenVINO); if it then is not 1 the output
cannot have the inferred shape, and the run refuses it, in irexec as in the plugin (error rows).
The plugin supports run-time axes only of one element: the run-time cases squeeze a dim of 1."""
import numpy as np

from cases.rows import Case, Error, T, Table

X = (1, 2, 3, 1)


def axes(values, etype="i64", const=True):
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


TABLE = Table("Squeeze", "opset1", cases=[
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
    Case((T("f32", (1, 2, 3)), axes([0], const=False)), name="run time"),
    Case((T("f32", (1, 2, 3)), axes([-3], "i32", const=False)), name="run time, negative"),
    Case((T("f32", (2, 1, 3)), axes(1, const=False)), name="run time, scalar"),
    Case((T("f32", (4, 1)), axes([-1], "i32", const=False)), name="run time, last"),
    # Element types.
    Case((T("i32", (3, 1)), axes([1]))),
    Case((T("i64", (1, 3)), axes([0], "i64", const=False))),
    Case((T("boolean", (1, 2, 1)), axes([0, 2]))),
    Case((T("f16", (1, 4)), axes([0], "i8"))),
    Case((T("bf16", (4, 1)), axes([1], "u8"))),
    Case((T("u8", (1, 0, 1)), axes([2])), name="empty data"),
])
TABLE.errors = [
    Error((T("f32", (1, 2)), axes([2], const=False)), match=r"Squeeze axis 2 is out of range \[-2, 1\]",
          code="S006", name="axis too large", at="run"),
    Error((T("f32", (1, 2)), axes([0, -3], const=False)), match=r"Squeeze axis -3 is out of range \[-2, 1\]",
          code="S006", name="axis too small", at="run"),
    Error((T("f32", ()), axes([0], const=False)), match=r"Squeeze axes are out of range for a scalar", code="S006",
          name="axis of a scalar", at="lint"),
    # Run-time axes pointing at a dim that is not 1: inferred ahead as dropping a dim (rank 1, as
    # data [1,2] has a dim that might be listed and be 1), which the run cannot do. (Only with the
    # axes at run time: as constants the dim is known ahead, and kept.)
    Error((T("f32", (1, 2)), axes([1], const=False)), match=r"would be \[1,2\], but from the model's declared "
          r"shapes it is \[\?\]", modes=("param",), name="run-time axis on a dim of 2", at="run"),
    Error((T("f32", (1, 3, 1)), axes(-2, "i32", const=False)), match=r"would be \[1,3,1\], but from the "
          r"model's declared shapes it is \[\?,\?\]", modes=("param",), name="run-time scalar axis on a dim of 3",
          at="run"),
    Error((T("f32", (1, 2)), axes([[0]], const=False)), match=r"Squeeze's axes must be a scalar or 1-D",
          code="S005", name="2-D axes", at="lint"),
    Error((T("f32", (1, 2)), T("f32", (1,), [0.0])), match=r"Squeeze's axes must be of an integer type",
          code="S005", name="f32 axes", at="lint"),
]

test_cases, test_errors = TABLE.pytest()
