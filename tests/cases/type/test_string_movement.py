"""String tensors through the ops that move data without computing on it, against the CPU
plugin: each op takes a string input by declaring it of any type (irexec.ops.op), with no code
of its own for strings. Every table runs a string Parameter and a string Const (the harness's
constant run), and Results of type string; the strings mix ASCII, multi-byte UTF-8 and empty
ones. The tables are not named TABLE: each op's own table is the one its documentation uses."""

import numpy as np

from cases.rows import Case, Error, T, Table

WORDS = ["Intel", "", "é", "日本", "OpenVINO", "a b", "ß", "x", "GenAI", "2024", "", "z"]


def s(shape, const=False):
    n = int(np.prod(shape, dtype=np.int64))
    return T("string", shape, [WORDS[i % len(WORDS)] + str(i // len(WORDS) or "") for i in range(n)], const=const)


def ints(values, etype="i64", shape=None):
    return T(etype, shape or (len(values),), values, const=True)


RESHAPE = Table(
    "Reshape",
    "opset1",
    cases=[
        Case((s((2, 3, 2)), ints([3, -1])), attrs={"special_zero": "false"}),
        Case((s((2, 3)), ints([0, 3, 1])), attrs={"special_zero": "true"}, name="special_zero"),
    ],
)
SQUEEZE = Table("Squeeze", "opset1", cases=[Case((s((1, 3, 1)), ints([0, 2])))])
UNSQUEEZE = Table("Unsqueeze", "opset1", cases=[Case((s((3, 2)), ints([0, -1])))])
CONCAT = Table(
    "Concat",
    "opset1",
    cases=[
        Case((s((2, 3)), s((2, 1)), s((2, 2), const=True)), attrs={"axis": "1"}, name="with a constant"),
        Case((s((0, 2)), s((3, 2))), attrs={"axis": "0"}, name="an empty part"),
    ],
)
GATHER = Table(
    "Gather",
    "opset8",
    cases=[
        Case((s((4, 3)), ints([3, 0, -1, 3], shape=(2, 2)), ints([0], shape=())), attrs={"batch_dims": "0"}),
        Case(
            (s((2, 4)), ints([1, 0, 3, 3], shape=(2, 2)), ints([1], shape=())),
            attrs={"batch_dims": "1"},
            name="batch_dims 1",
        ),
    ],
)
# The CPU plugin does not compile a string Broadcast ("CPU plugin does not support string for use
# with oneDNN"); the spec takes any type, and so does irexec: the spec's values, from NumPy.
NO_PLUGIN = "the CPU plugin refuses to compile a Broadcast of strings (not supported for use with oneDNN)"
BROADCAST = Table(
    "Broadcast",
    "opset3",
    cases=[
        Case(
            (s((3, 1)), ints([2, 3, 4])),
            attrs={"mode": "numpy"},
            oracle=False,
            why=NO_PLUGIN,
            expect=(np.broadcast_to(np.array(WORDS[:3], object).reshape(3, 1), (2, 3, 4)),),
        ),
        Case(
            (s((3,)), ints([3, 2]), ints([0])),
            attrs={"mode": "explicit"},
            name="explicit",
            oracle=False,
            why=NO_PLUGIN,
            expect=(np.array([WORDS[:3]] * 2, object).T,),
        ),
    ],
)
TRANSPOSE = Table("Transpose", "opset1", cases=[Case((s((2, 3, 4)), ints([2, 0, 1])))])
SHAPE_OF = Table(
    "ShapeOf",
    "opset3",
    cases=[
        Case((s((2, 3)),), attrs={"output_type": "i64"}),
        Case((s(()),), attrs={"output_type": "i32"}, name="a scalar"),
    ],
)

test_reshape, _ = RESHAPE.pytest()
test_squeeze, _ = SQUEEZE.pytest()
test_unsqueeze, _ = UNSQUEEZE.pytest()
test_concat, _ = CONCAT.pytest()
test_gather, _ = GATHER.pytest()
test_broadcast, _ = BROADCAST.pytest()
test_transpose, _ = TRANSPOSE.pytest()
test_shape_of, _ = SHAPE_OF.pytest()

# Ops that compute on numbers refuse strings, naming the port.
ADD = Table(
    "Add",
    "opset1",
    errors=[
        Error((s((2,)), s((2,))), match="Add's a must be numeric, got string", code="S005", at="lint"),
    ],
)
_, test_add_refuses_strings = ADD.pytest()
