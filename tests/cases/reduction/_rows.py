"""The rows the Reduce tables share; each table adds what is its own (the reduction of nothing,
its element-type ranges, its departures and their ``why``).

The CPU plugin compiles a Reduce whose output rank it cannot tell only with ``keep_dims`` (so axes
fed at run time come with keep_dims="true"), and refuses empty axes without it. It takes the
logical reductions' axes only as constants ("Second tensor is not constant"): their tables feed
none at run time (the arithmetic ones do, valid and out of range, through the same irexec code)."""

import numpy as np

from cases.rows import Case, Error, T


def ax(values, etype="i64", const=True):
    """Constant axes (``const=False``: fed at run time), as integers even when empty."""
    values = np.asarray(values, dtype=np.int64)
    return T(etype, values.shape, values, const=const)


def axes_cases(rtol: float = 0.0, exact=(), names=None) -> list:
    """The axes and keep_dims cases of every arithmetic Reduce, on random f32 data:

    - [2,3,4]: keep_dims left out (axes [1]), "false" (axes [0, 2]), "true" (i32 axes [-1]); axes
      [0, -1] fed at run time; repeated axes [2, -1, 2];
    - [2,3]: scalar i32 axes -1 at run time; empty axes (reduce nothing); every axis [0, 1];
    - scalar data (axes [0]); a 1-sized axis ([2,1,3] over axis 1).

    ``rtol``: the tolerance of the rows whose outputs combine several values (all but empty axes,
    scalar data and the 1-sized axis), save those named in ``exact``. ``names``: {row: its name in
    this table}. A row is known by its name; the three without one by "keep_dims left out",
    "keep_dims false" and "keep_dims true"."""
    names = names or {}

    def c(label, shape, axes, keep_dims=None, named=True, one_value=False):
        return Case(
            (T("f32", shape), axes),
            attrs={} if keep_dims is None else {"keep_dims": keep_dims},
            rtol=0.0 if one_value or label in exact else rtol,
            name=names.get(label, label if named else ""),
        )

    return [
        c("keep_dims left out", (2, 3, 4), ax([1]), named=False),
        c("keep_dims false", (2, 3, 4), ax([0, 2]), "false", named=False),
        c("keep_dims true", (2, 3, 4), ax([-1], "i32"), "true", named=False),
        c("axes at run time", (2, 3, 4), ax([0, -1], const=False), "true"),
        c("repeated axes", (2, 3, 4), ax([2, -1, 2])),
        c("scalar axes at run time", (2, 3), ax(-1, "i32", const=False), "true"),
        c("empty axes reduce nothing", (2, 3), ax([]), "true", one_value=True),
        c("every axis", (2, 3), ax([0, 1])),
        c("scalar data", (), ax([0]), one_value=True),
        c("1-sized axis", (2, 1, 3), ax([1]), one_value=True),
    ]


def etype_cases(u8=None, i8=None, rounded: bool = False) -> list:
    """One case per element type beside f32, on random data: i32 [3,5] and i64 [2,3,2] (keep_dims
    "true"), u8 [4,3] and i8 [3,4], f16 [3,4] and bf16 [3,4] (keep_dims "true"). ``u8``, ``i8``:
    (low, high) of their values, where the result must stay within the type; ``rounded``: the op
    rounds its f16/bf16 results (a root), so they are compared within 1e-3 and 2^-7."""

    def bounds(pair):
        return {} if pair is None else {"low": pair[0], "high": pair[1]}

    return [
        Case((T("i32", (3, 5)), ax([0]))),
        Case((T("i64", (2, 3, 2)), ax([1, 2])), attrs={"keep_dims": "true"}),
        Case((T("u8", (4, 3), **bounds(u8)), ax([0]))),
        Case((T("i8", (3, 4), **bounds(i8)), ax([-1]))),
        Case((T("f16", (3, 4)), ax([1])), rtol=1e-3 if rounded else 0.0),
        Case((T("bf16", (3, 4)), ax([0])), attrs={"keep_dims": "true"}, rtol=2**-7 if rounded else 0.0),
    ]


FLT_MAX = float(np.finfo(np.float32).max)
BF16_MAX = 3.3895313892515355e38  # bf16's largest finite value


def nothing_cases(maximum: bool) -> list:
    """The cases of ReduceMax (``maximum``) and ReduceMin over an axis of no elements into a
    non-empty output: the identity, -inf or +inf for floats (the plugin gives f32's and bf16's
    largest finite magnitude), the type's lowest or highest value for integers (the plugin's i64
    computes in i32), False or True for booleans (which the plugin takes for no Reduce but the
    logical ones). [2,0,3] over axis 1 with keep_dims left out, "false" with constant data, and
    "true" with the axis at run time; over axes [0, 1]; an empty vector to a scalar; f16, bf16,
    i32, i64, u8, i8, boolean."""
    sign = -1 if maximum else 1
    word = "maximum" if maximum else "minimum"

    def full(shape, value, dtype=np.float64):
        return (np.full(shape, value, dtype),)

    def infinite(etype, shape, axes, out, keep_dims=None, const=False, largest=FLT_MAX, name=""):
        return Case(
            (T(etype, shape, const=const), axes),
            attrs={} if keep_dims is None else {"keep_dims": keep_dims},
            expect=full(out, sign * np.inf),
            plugin=[full(out, sign * largest)],
            name=name,
            why=f"the {word} of no elements: the plugin gives {etype}'s {'lowest' if maximum else 'highest'} "
            f"finite value, not {'-' if maximum else '+'}inf",
        )

    def bound(etype, dtype, out, keep_dims=None):
        info = np.iinfo(dtype)
        return Case(
            (T(etype, (2, 0, 3)), ax([1])),
            attrs={} if keep_dims is None else {"keep_dims": keep_dims},
            expect=full(out, info.min if maximum else info.max, dtype),
            name=f"the {word} of no {etype} elements",
        )

    i64 = np.iinfo(np.int32).min if maximum else np.iinfo(np.int32).max
    return [
        infinite("f32", (2, 0, 3), ax([1]), (2, 3), name=f"the {word} of no elements"),
        infinite("f32", (2, 0, 3), ax([1]), (2, 3), "false", const=True, name=f"the {word} of no constant elements"),
        infinite("f32", (2, 0, 3), ax([1], const=False), (2, 1, 3), "true", name=f"the {word} of no elements, kept"),
        infinite("f32", (2, 0, 3), ax([0, 1]), (3,), name=f"the {word} of no elements, over two axes"),
        infinite("f32", (0,), ax([0]), (), name=f"the {word} of an empty vector"),
        Case(
            (T("f16", (2, 0, 3)), ax([1])),
            expect=full((2, 3), sign * np.inf),
            name=f"the {word} of no f16 elements",
        ),
        infinite(
            "bf16", (2, 0, 3), ax([-2]), (2, 1, 3), "true", largest=BF16_MAX, name=f"the {word} of no bf16 elements"
        ),
        bound("i32", np.int32, (2, 3)),
        Case(
            (T("i64", (2, 0, 3)), ax([1])),
            attrs={"keep_dims": "true"},
            expect=full((2, 1, 3), np.iinfo(np.int64).min if maximum else np.iinfo(np.int64).max, np.int64),
            plugin=full((2, 1, 3), i64, np.int64),
            name=f"the {word} of no i64 elements",
            why=f"the {word} of no elements: the plugin computes i64 as i32 and gives i32's "
            f"{'lowest' if maximum else 'highest'} value",
        ),
        bound("u8", np.uint8, (2, 1, 3), "true"),
        bound("i8", np.int8, (2, 3)),
        Case(
            (T("boolean", (2, 0, 3)), ax([1])),
            attrs={"keep_dims": "true"},
            expect=full((2, 1, 3), not maximum, bool),
            oracle=False,
            name=f"the {word} of no boolean elements",
            why="the plugin takes no boolean data (OpenVINO: 'Element type of data input must be numeric')",
        ),
    ]


def axes_errors(data: str = "f32", negative=(-4,), run_time: bool = True) -> list:
    """The errors of every Reduce on ``data``: axis 3 of rank 3 (fed at run time, so only the values
    show it; ``run_time=False``: constant, so lint finds it), the constant ``negative`` axes (which
    hold -4) of rank 3, float axes, and keep_dims="yes"."""
    return [
        Error(
            (T(data, (2, 3, 4)), ax([3], const=not run_time)),
            attrs={"keep_dims": "true"},
            match=r"axis 3 is out of range",
            code="S006",
            name="axis out of range",
            at="run" if run_time else "lint",
        ),
        Error(
            (T(data, (2, 3, 4)), ax(list(negative))),
            match=r"axis -4 is out of range",
            code="S006",
            name="negative axis out of range, constant",
            at="lint",
        ),
        Error(
            (T(data, (2, 3)), T("f32", (1,), [1.0])),
            match="axes must be of an integer type",
            code="S005",
            name="float axes",
            at="lint",
        ),
        Error(
            (T(data, (2, 3)), ax([1])),
            attrs={"keep_dims": "yes"},
            match="keep_dims",
            code="O003",
            name="keep_dims not a boolean",
            at="lint",
        ),
    ]


def mostly(value, shape, seed):
    """Booleans, mostly ``value``: random ones would make a row that reduces to ``value`` rare."""
    rng = np.random.default_rng(seed)
    return (rng.random(shape) < 0.85) == value


def logical_cases(identity: bool) -> list:
    """The cases of ReduceLogicalAnd (``identity`` True) and ReduceLogicalOr (False), axes always
    constant, on data mostly ``identity``: keep_dims left out (axes [1]), "false" (axes [0, 2]),
    "true" (i32 axes [-1], and [0, -1]); repeated axes [2, -1, 2]; scalar i32 axes -2; empty axes
    (reduce nothing); every axis over data all ``identity``; scalar data; a 1-sized axis."""

    def data(shape, seed):
        return T("boolean", shape, mostly(identity, shape, seed))

    return [
        Case((data((2, 3, 4), 1), ax([1]))),
        Case((data((2, 3, 4), 2), ax([0, 2])), attrs={"keep_dims": "false"}),
        Case((data((2, 3, 4), 3), ax([-1], "i32")), attrs={"keep_dims": "true"}),
        Case((data((3, 4), 4), ax([0, -1])), attrs={"keep_dims": "true"}),
        Case((data((2, 3, 4), 5), ax([2, -1, 2])), name="repeated axes"),
        Case((data((4, 3), 6), ax(-2, "i32")), attrs={"keep_dims": "true"}, name="scalar axes"),
        Case((T("boolean", (2, 3)), ax([])), attrs={"keep_dims": "true"}, name="empty axes reduce nothing"),
        Case((T("boolean", (2, 2), [identity] * 4), ax([0, 1])), name=f"every axis, all {str(identity).lower()}"),
        Case((T("boolean", ()), ax([0])), name="scalar data"),
        Case((T("boolean", (2, 1, 3)), ax([1])), name="1-sized axis"),
    ]


def logical_errors() -> list:
    """The errors of the logical reductions: those of every Reduce (``axes_errors``) on boolean data,
    with constant axes, and data of another type (f32, u8)."""
    return [
        *axes_errors("boolean", run_time=False),
        Error((T("f32", (2, 3)), ax([1])), match="data must be boolean", code="S005", name="f32 data", at="lint"),
        Error((T("u8", (2, 3)), ax([1])), match="data must be boolean", code="S005", name="u8 data", at="lint"),
    ]
