"""Reshape-1: cases against the CPU plugin.

The pattern comes as a constant (as converters write it) or at run time (OpenVINO then gives the
output a dynamic shape of the pattern's length). Empty tensors exercise the -1 arithmetic where
OpenVINO leaves the dims special_zero copies out of both products.

Where special_zero copies a dim and the element counts then disagree (e.g. [2,3,4] -> [0,5]),
OpenVINO skips its element-count check and the CPU plugin drops values or reads past the input;
irexec refuses: error rows ("special zero, counts differ"), not cases."""

import numpy as np

from cases.rows import Case, Error, T, Table

SZ, NO_SZ = {"special_zero": "true"}, {"special_zero": "false"}


def pattern(values, etype="i64", const=True):
    # (np.asarray([]) is float: an empty pattern is given as an integer array.)
    return T(etype, np.shape(values), np.asarray(values, np.int64), const=const)


# Any -1 keeps an empty tensor's count; OpenVINO's shape inference makes it 1 (with the pattern a
# constant the plugin agrees) and irexec does the same whatever the pattern's source.
RUNTIME_EMPTY = (
    "with the pattern fed at run time the plugin makes the -1 of an empty reshape 0, not 1 as "
    "OpenVINO's shape inference (and the plugin, for a constant pattern) does: [0,3] by [-1,0] is "
    "[0,0], not [1,0]"
)

TABLE = Table(
    "Reshape",
    "opset1",
    cases=[
        Case((T("f32", (2, 3, 4)), pattern([0, -1])), attrs=SZ, name="0 copies, -1 fills"),
        Case((T("f32", (2, 3, 4)), pattern([4, 0, -1])), attrs=SZ, name="0 copies a middle dim"),
        Case((T("f32", (2, 3, 4)), pattern([0, 0, 0, 1])), attrs=SZ, name="all copied, a 1 appended"),
        Case((T("f32", (2, 3, 4)), pattern([3, -1, 0])), attrs=SZ, name="-1 before a copied dim"),
        Case((T("f32", (2, 3, 4)), pattern([6, 4])), attrs=SZ, name="special_zero without zeros"),
        Case((T("f32", (2, 3, 4)), pattern([-1])), attrs=NO_SZ, name="flatten"),
        Case((T("f32", (2, 3, 4)), pattern([24], "i32")), attrs=NO_SZ, name="i32 pattern"),
        Case((T("f32", (2, 3, 4)), pattern([1, 2, 1, 12])), attrs=NO_SZ, name="ones inserted"),
        Case((T("f32", (2, 3, 4)), pattern([4, -1, 2], "i32")), attrs=NO_SZ, name="-1 in the middle"),
        # Empty tensors: a 0 is a dim of 0 without special_zero; -1 is 1 when nothing is left to divide.
        Case((T("f32", (0, 3)), pattern([-1])), attrs=SZ, name="empty, flatten"),
        Case((T("f32", (0, 3)), pattern([0, -1])), attrs=SZ, name="empty, copied 0, -1 is 3"),
        Case((T("f32", (0, 3)), pattern([3, -1])), attrs=SZ, name="empty, -1 is 0"),
        Case((T("f32", (0, 3)), pattern([0, 5])), attrs=SZ, name="empty, copied 0 beside 5"),
        # (OpenVINO refuses a 0 beside a -1 when the input's dims are unknown, so these keep the data
        # static in the all-dynamic variant by making it a constant, or feed the pattern at run time.)
        Case((T("f32", (0, 3), const=True), pattern([-1, 0])), attrs=NO_SZ, name="empty, 0 is a dim, -1 is 1"),
        Case(
            (T("f32", (0, 3)), pattern([-1, 0], const=False)),
            attrs=NO_SZ,
            name="empty, 0 is a dim, run time",
            expect=(np.zeros((1, 0), np.float32),),
            plugin=(np.zeros((0, 0), np.float32),),
            why=RUNTIME_EMPTY,
        ),
        Case(
            (T("f32", (0, 3)), pattern([0, -1], "i32", const=False)),
            attrs=NO_SZ,
            name="empty, 0 first, run time",
            expect=(np.zeros((0, 1), np.float32),),
            plugin=(np.zeros((0, 0), np.float32),),
            why=RUNTIME_EMPTY,
        ),
        Case((T("f32", (0, 3), const=True), pattern([0, -1])), attrs=NO_SZ, name="empty, 0 first, -1 is 1"),
        Case((T("f32", (2, 0), const=True), pattern([-1, 0, 5])), attrs=NO_SZ, name="empty, 0 and 5"),
        Case((T("f32", (2, 0)), pattern([5, -1])), attrs=NO_SZ, name="empty, 5 then -1"),
        Case((T("f32", (2, 0)), pattern([0, -1])), attrs=SZ, name="empty, copied 2, -1 is 0"),
        Case((T("f32", (2, 0)), pattern([0, 0, -1])), attrs=SZ, name="empty, both copied, -1 is 1"),
        # Rank 0 both ways.
        Case((T("f32", ()), pattern([1, 1])), attrs=NO_SZ, name="scalar to [1,1]"),
        Case((T("f32", (1, 1)), pattern([])), attrs=NO_SZ, name="to a scalar"),
        Case((T("f32", (1,)), pattern([], "i32", const=False)), attrs=SZ, name="to a scalar at run time"),
        # The pattern at run time.
        Case((T("f32", (2, 3, 4)), pattern([0, -1, 2], "i32", const=False)), attrs=SZ, name="run time, copied"),
        Case((T("f32", (2, 3, 4)), pattern([4, 0, -1], const=False)), attrs=SZ, name="run time, copied middle"),
        Case((T("f32", (2, 3, 4)), pattern([0, 0, 0], const=False)), attrs=SZ, name="run time, all copied"),
        Case((T("f32", (2, 3, 4)), pattern([4, 3, -1], const=False)), attrs=NO_SZ, name="run time, -1"),
        Case((T("f32", (2, 3, 4)), pattern([2, 12, 1], "i32", const=False)), attrs=NO_SZ, name="run time, plain"),
        Case((T("f32", (0, 3)), pattern([3, 0], const=False)), attrs=NO_SZ, name="run time, empty"),
        # Element types.
        Case((T("i32", (2, 6)), pattern([3, 4])), attrs=NO_SZ),
        Case((T("i64", (4, 3)), pattern([0, -1, 3])), attrs=SZ),
        Case((T("boolean", (2, 3)), pattern([6])), attrs=NO_SZ),
        Case((T("f16", (6,)), pattern([-1, 2], "i32", const=False)), attrs=NO_SZ),
        Case((T("bf16", (2, 2)), pattern([4])), attrs=NO_SZ),
        Case((T("u8", (3, 2)), pattern([2, 3], "u8")), attrs=NO_SZ, name="u8 pattern"),
        Case((T("i8", (3, 2)), pattern([-1, 3], "i8")), attrs=NO_SZ, name="i8 pattern"),
    ],
)

BAD = [
    # (data shape, pattern, special_zero, message, name)
    ((2, 3), [-1, -1], NO_SZ, r"more than one -1", "two -1"),
    ((2, 3, 4), [-1, -1, 1], SZ, r"Reshape target \[-1, -1, 1\] has more than one -1", "two -1, special zero"),
    ((2, 3), [-2, 3], NO_SZ, r"negative dim -2", "-2"),
    ((6,), [3, 0, 2], SZ, r"0 at 1 copies a dim the input \[6\] does not have", "copies a missing dim"),
    ((2, 3), [5, -1], NO_SZ, r"cannot reshape \[2, 3\] to \[5, -1\]", "-1 does not divide"),
    ((2, 3), [4, 2], NO_SZ, r"\(6 elements\) to \[4, 2\] \(8 elements\)", "counts differ"),
    ((2, 3, 4), [5, 5, 1], SZ, r"\(24 elements\) to \[5, 5, 1\] \(25 elements\)", "counts differ, special zero"),
    ((2, 3), [0, -1], NO_SZ, r"the other dims hold no elements, the input does", "0 dim, -1"),
    ((2, 3, 4), [0, -1, 2], NO_SZ, r"hold no elements", "0 dim, -1, 3-D"),
    # The plugin's departure: copying a dim skips its element-count check; irexec refuses.
    ((2, 3, 4), [0, 5], SZ, r"\(24 elements\) to \[2, 5\] \(10 elements\)", "special zero, counts differ"),
    ((2, 3, 4), [0, 0, 5], SZ, r"to \[2, 3, 5\] \(30 elements\)", "special zero, too many"),
    ((2, 3, 4), [6, 0], SZ, r"to \[6, 3\] \(18 elements\)", "special zero, copied second"),
    ((2, 3, 4), [0, 12, 0], SZ, r"to \[2, 12, 4\] \(96 elements\)", "special zero, two copied"),
]

TABLE.errors = [
    Error((T("f32", shape), pattern(p, const=False)), attrs=sz, match=m, code="S005", name=name, at="run")
    for shape, p, sz, m, name in BAD
] + [
    Error(
        (T("f32", (2, 3)), pattern([[6]])),
        attrs=NO_SZ,
        match=r"must be 1-D",
        code="S005",
        name="2-D pattern",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2,), [3.0, 2.0])),
        attrs=NO_SZ,
        match=r"Reshape's shape must be of an integer type, got f32",
        code="S005",
        name="f32 pattern",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), T("f32", (2,), [3.0, 2.0], const=True)),
        attrs=NO_SZ,
        match=r"Reshape's shape must be of an integer type, got f32",
        code="S005",
        name="constant f32 pattern",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), pattern([3, 2])),
        match=r"required attribute 'special_zero' is missing",
        code="O003",
        name="special_zero left out",
        at="lint",
    ),
    Error(
        (T("f32", (2, 3)), pattern([3, 2])),
        attrs={"special_zero": "yes"},
        match=r"special_zero",
        code="O003",
        name="special_zero not a bool",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
