"""ScatterElementsUpdate-3 and -12: cases against the CPU plugin.

The spec leaves duplicate targets under reduction none undefined: irexec lets the last in index
order win, and the plugin may give any of them (two cases, ``allows``); every other case under none
has distinct ones.
Float values are eighths, so sums, means and short products are exact in any order. Indices
below -size crash the plugin, and irexec refuses the v3 op's negative indices (the plugin counts
them from the end, the spec refuses them) and its indices longer than data along the axis: all
in error rows."""

import numpy as np

from cases.rows import Case, Error, T, Table

V12 = ("opset12",)


def axis(value, etype="i64", const=True):
    return T(etype, np.shape(value), value, const=const)


def distinct(shape, ax, size, seed, etype="i64", const=False):
    """Indices of ``shape`` whose values along ``ax`` differ on every line, in [0, size)."""
    keys = np.random.default_rng(seed).random(shape[:ax] + shape[ax + 1 :] + (size,))
    picks = np.argsort(keys, axis=-1)[..., : shape[ax]]
    return T(etype, shape, np.moveaxis(picks, -1, ax), const=const)


def long_indices(n, size, bad, shape=None):
    """``n`` valid indices below ``size``, the last one ``bad``: more indices than the 64 whose
    values the sizing pass shows the rule at run time, so only compute can refuse them there."""
    values = np.arange(n) % size
    values[-1] = bad
    return values if shape is None else values.reshape(shape)


def _writes(data, indices, updates, axis):
    """The writes of reduction none in index order: ({target: [values]}, axis)."""
    ax = int(np.asarray(axis).reshape(-1)[0]) % data.ndim
    written = {}
    for pos in np.ndindex(*indices.shape):
        target = pos[:ax] + (int(indices[pos]) % data.shape[ax],) + pos[ax + 1 :]
        written.setdefault(target, []).append(updates[pos])
    return written


def any_writer(inputs, outputs) -> bool:
    """``allows`` for reduction none: each element holds one of the updates written to it, in any
    order (the spec leaves duplicates' order open), or its data when none is."""
    data, indices, updates, axis = (np.asarray(a) for a in inputs[:4])
    out = np.asarray(outputs[0])
    if out.shape != data.shape or out.dtype != data.dtype:
        return False
    written = _writes(data, indices, updates, axis)
    return all(any(out[pos] == v for v in written.get(pos, [data[pos]])) for pos in np.ndindex(*data.shape))


def duplicates(etype, data, indices, updates, ax, name):
    """A case whose targets repeat under reduction none: irexec's value is the last update in index
    order at each target (``expect``); the plugin's may be any of them (``allows``)."""
    data, indices, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    last = data.copy()
    for target, values in _writes(data, indices, updates, ax).items():
        last[target] = values[-1]
    ins = (T(etype, data.shape, data), T("i64", indices.shape, indices), T(etype, updates.shape, updates), axis(ax))
    return Case(ins, expect=(last,), allows=any_writer, name=name)


def red(reduction, init=None):
    return {"reduction": reduction, **({} if init is None else {"use_init_val": init})}


# Duplicates welcome: 3 updates per column onto 3 rows (prod: 2 updates, so products stay exact).
SUM_IN = (T("f32", (3, 4)), T("i64", (3, 4), low=0, high=3), T("f32", (3, 4)), axis(0))
PROD_IN = (T("f32", (3, 4)), T("i32", (2, 4), low=0, high=3), T("f32", (2, 4)), axis(0))
ROW_IN = (T("f32", (2, 5)), T("i64", (2, 6), low=-5, high=5), T("f32", (2, 6)), axis(1))

INITS = (None, "true", "false")  # use_init_val left out, and each value
REDUCTIONS = (
    [
        Case(SUM_IN, red(r, init), versions=V12, name=f"{r} use_init_val={init}")
        for r in ("sum", "min", "max", "mean")
        for init in INITS
    ]
    + [Case(PROD_IN, red("prod", init), versions=V12, name=f"prod use_init_val={init}") for init in INITS]
    + [
        Case(ROW_IN, red(r, init), versions=V12, name=f"{r} axis 1, longer indices, negative")
        for r, init in (("sum", "false"), ("max", "true"), ("mean", None))
    ]
)


def edges(n, size, seed, features=16):
    """Graph networks' aggregation: ``n`` edges into ``size`` nodes (negative ones too), each
    edge's target repeated over its features (axis 0, whole rows: reduce_rows' path)."""
    targets = np.random.default_rng(seed).integers(-size, size, n)
    return T("i64", (n, features), np.repeat(targets[:, None], features, 1))


# Heavy duplicates: 60 updates onto 5 rows of 16 (12 a target; prod: 4, of 1 or 2, exact).
# Non-negative integers: the mean's floor and the plugin's truncation agree.
HEAVY = (
    [
        Case(
            (T(et, (5, 16), low=lo), edges(60, 5, 30 + k), T(et, (60, 16), low=lo), axis(0)),
            red(r, init),
            versions=V12,
            rtol=1e-3 if et == "f16" else 0.0,
            name=f"{et} {r} use_init_val={init}, heavy duplicates",
        )
        for k, (et, lo) in enumerate((("f32", None), ("f16", None), ("i32", 0)))
        for r in ("sum", "mean", "min", "max")
        for init in ("true", "false")
    ]
    + [
        Case(
            (T(et, (5, 16), low=1, high=3), edges(20, 5, 40 + k), T(et, (20, 16), low=1, high=3), axis(0)),
            red("prod", init),
            versions=V12,
            name=f"{et} prod use_init_val={init}, heavy duplicates",
        )
        for k, et in enumerate(("f32", "f16", "i32"))
        for init in ("true", "false")
    ]
    + [
        Case(
            (T("f32", (5, 16)), T("i64", (0, 16)), T("f32", (0, 16)), axis(0)),
            red("sum"),
            versions=V12,
            name="sum, no updates",
        ),
        Case(
            (
                T("f32", (3, 2, 16)),
                T("i32", (30, 2, 16), np.broadcast_to(np.arange(30)[:, None, None] % 3 - 3, (30, 2, 16))),
                T("f32", (30, 2, 16)),
                axis(0),
            ),
            red("max"),
            versions=V12,
            name="max, rows of 2x16, negative",
        ),
    ]
)

TABLE = Table(
    "ScatterElementsUpdate",
    ("opset3", "opset12"),
    cases=[
        # reduction and use_init_val left out (v12: none, true)
        Case(
            (T("f32", (3, 4)), T("i64", (2, 4), [[0, 2, 1, 0], [2, 0, 0, 1]]), T("f32", (2, 4)), axis(0)), name="axis 0"
        ),
        Case((T("f32", (3, 4)), distinct((3, 2), 1, 4, 1, "i32"), T("f32", (3, 2)), axis(1, "i32")), name="axis 1"),
        Case((T("f32", (2, 3, 4)), distinct((2, 2, 3), 2, 4, 2), T("f32", (2, 2, 3)), axis(-1)), name="axis -1"),
        Case((T("f32", (2, 3, 4)), distinct((2, 2, 4), 1, 3, 3), T("f32", (2, 2, 4)), axis(-2)), name="axis -2"),
        Case((T("f32", (2, 3, 4)), T("i64", (1, 3, 4), low=0, high=2), T("f32", (1, 3, 4)), axis(-3)), name="axis -3"),
        Case((T("f32", (2, 3, 4)), T("i64", (2, 3, 1), low=0, high=4), T("f32", (2, 3, 1)), axis(2)), name="axis 2"),
        Case(
            (T("f32", (3, 4)), distinct((3, 2), 1, 4, 4), T("f32", (3, 2)), axis(1, const=False)),
            name="axis at run time",
        ),
        Case(
            (T("f32", (3, 4)), distinct((2, 4), 0, 3, 5), T("f32", (2, 4)), axis([-2], "i32")),
            name="axis a 1-element tensor",
        ),
        Case(
            (T("i32", (3, 4)), distinct((2, 3), 1, 4, 6, const=True), T("i32", (2, 3)), axis(1)),
            name="constant indices",
        ),
        Case((T("f16", (5,)), T("u8", (3,), [4, 1, 0]), T("f16", (3,)), axis(0)), name="1-D data"),
        Case((T("bf16", (2, 5)), distinct((2, 3), 1, 5, 7, "i16"), T("bf16", (2, 3)), axis(1))),
        Case((T("boolean", (4, 2)), distinct((2, 2), 0, 4, 8, "i8"), T("boolean", (2, 2)), axis(0))),
        Case((T("i8", (3, 3)), distinct((3, 3), 0, 3, 9, "u64"), T("i8", (3, 3)), axis(0)), name="every element"),
        Case((T("i64", (3, 2)), T("u32", (1, 2), [[2, 0]]), T("i64", (1, 2)), axis(0))),
        Case((T("f32", (1, 3)), T("i32", (1, 3), [[0, 0, 0]]), T("f32", (1, 3)), axis(0)), name="axis of size 1"),
        # Duplicates under none: the last in index order wins in irexec; the plugin may give any of
        # them (it happens to give the last, but the spec leaves the order open).
        duplicates(
            "f32",
            [[0.5, 1.5, 2.5, 3.5], [4.5, 5.5, 6.5, 7.5]],
            [[1, 1, 0, 0], [1, 0, 0, 1]],
            [[-1, -2, -3, -4], [-5, -6, -7, -8]],
            0,
            "duplicates, the last wins",
        ),
        duplicates(
            "i32",
            [[1, 2, 3], [4, 5, 6]],
            [[2, 2, 0], [0, 1, 0]],
            [[10, 20, 30], [40, 50, 60]],
            1,
            "duplicates along axis 1, the last wins",
        ),
        Case((T("f32", (3, 4)), T("i64", (0, 4)), T("f32", (0, 4)), axis(0)), name="no indices"),
        # v12 only
        Case(
            (T("f32", (4,)), T("i64", (3,), [-1, 1, -4]), T("f32", (3,)), axis(0)),
            versions=V12,
            name="negative indices",
        ),
        Case(
            (T("f32", (2, 4)), T("i32", (2, 2), [[-4, 3], [0, -2]], const=True), T("f32", (2, 2)), axis(-1)),
            versions=V12,
            name="constant negative indices",
        ),
        Case(
            (T("f32", (2, 2)), T("i64", (3, 2), [[0, 1], [1, 0], [0, 0]]), T("f32", (3, 2)), axis(0)),
            attrs=red("sum"),
            versions=V12,
            name="indices longer than data along the axis",
        ),
        Case(
            (T("f32", (3, 4)), distinct((2, 4), 0, 3, 10), T("f32", (2, 4)), axis(0)),
            attrs=red("none", "false"),
            versions=V12,
            name="none, use_init_val=false",
        ),
        *REDUCTIONS,
        *HEAVY,
        Case(
            (T("i32", (3, 4)), T("i32", (2, 4), low=0, high=3), T("i32", (2, 4)), axis(0)),
            red("prod"),
            versions=V12,
            name="i32 prod",
        ),
        Case(
            (T("i16", (4,)), T("i64", (6,), low=0, high=4), T("i16", (6,)), axis(0)),
            red("min", "false"),
            versions=V12,
            name="i16 min from the neutral value",
        ),
        Case(
            (T("u8", (4,)), T("i64", (6,), low=-4, high=4), T("u8", (6,), low=0, high=50), axis(0)),
            red("mean", "true"),
            versions=V12,
            name="u8 mean",
        ),
        Case(
            (T("f16", (3,)), T("i64", (6,), low=0, high=3), T("f16", (6,)), axis(0)),
            red("sum", "false"),
            versions=V12,
            name="f16 sum",
        ),
        Case(
            (T("bf16", (4,)), T("i64", (3,), [3, 0, 1]), T("bf16", (3,)), axis(0)),
            red("sum"),
            versions=V12,
            name="bf16 sum, one update each",
        ),
        *[
            Case(
                (T("boolean", (5,)), T("i32", (3,), [4, 0, 2]), T("boolean", (3,)), axis(0)),
                red(r),
                versions=V12,
                name=f"boolean {r}",
            )
            for r in ("sum", "prod", "min", "max")
        ],
        # Where the plugin departs from the spec.
        Case(
            (
                T("i32", (5,), [0, 0, 7, -3, 3]),
                T("i64", (6,), [0, 0, 1, 1, 3, 4]),
                T("i32", (6,), [-1, -2, 1, 2, -4, 4]),
                axis(0),
            ),
            red("mean", "true"),
            versions=V12,
            expect=([-1, 1, 7, -4, 3],),
            plugin=([-1, 1, 7, -3, 3],),
            why="integer mean: the spec rounds down, the plugin truncates toward zero",
            name="i32 mean rounds down",
        ),
        Case(
            (
                T("i32", (5,), [0, 0, 7, -3, 3]),
                T("i64", (6,), [0, 0, 1, 1, 3, 4]),
                T("i32", (6,), [-1, -2, 1, 2, -4, 4]),
                axis(0),
            ),
            red("mean", "false"),
            versions=V12,
            expect=([-2, 1, 7, -4, 4],),
            plugin=([-1, 1, 7, -4, 4],),
            why="integer mean: the spec rounds down, the plugin truncates toward zero",
            name="i32 mean of updates rounds down",
        ),
        Case(
            (T("f32", (3,), [np.nan, 1, 5]), T("i64", (4,), [0, 1, 1, 2]), T("f32", (4,), [2, np.nan, 3, 4]), axis(0)),
            red("min"),
            versions=V12,
            expect=([np.nan, np.nan, 4],),
            plugin=([np.nan, 1, 4],),
            why="min/max: the plugin keeps a NaN in data but ignores a NaN update; irexec propagates NaN",
            name="NaN min",
        ),
        Case(
            (T("f32", (2,), [1, 1]), T("i64", (2,), [0, 1]), T("f32", (2,), [np.inf, -np.inf]), axis(0)),
            red("min", "false"),
            versions=V12,
            expect=([np.inf, -np.inf],),
            plugin=([np.finfo(np.float32).max, -np.inf],),
            why="use_init_val=false: the plugin starts min from FLT_MAX, so a lone +inf update gives FLT_MAX",
            name="inf min without init",
        ),
    ],
)

SHAPES = (T("f32", (3, 4)), T("i64", (2, 4), [[0, 2, 1, 0], [2, 0, 0, 1]]), T("f32", (2, 4)), axis(0))
TABLE.errors = [
    Error(
        (T("f32", (3, 4)), T("i64", (1, 2), [[0, 4]]), T("f32", (1, 2)), axis(1)),
        match=r"index 4 at position \[0, 1\] is out of range \[(0|-4), 3\] along dim 1",
        code="C004",
        name="index too large",
        at="run",
    ),
    Error(
        (T("f32", (3, 4)), T("i64", (1, 2), [[0, -1]]), T("f32", (1, 2)), axis(1)),
        match=r"index -1 at position \[0, 1\] is out of range \[0, 3\].*negative indices are not allowed",
        code="C004",
        versions=("opset3",),
        name="negative index in v3",
        at="run",
    ),
    Error(
        (T("f32", (3, 4)), T("i32", (2, 1), [[-3], [-4]]), T("f32", (2, 1)), axis(0)),
        match=r"index -4 at position \[1, 0\] is out of range \[-3, 2\] along dim 0",
        code="C004",
        versions=V12,
        name="index below -size",
        at="run",
    ),
    Error(
        (T("f32", (80,)), T("i64", (70,), long_indices(70, 80, 80)), T("f32", (70,)), axis(0)),
        match=r"index 80 at position \[69\] is out of range \[(0|-80), 79\]",
        code="C004",
        name="70 indices, one too large",
        at="run",
    ),
    Error(
        (T("f32", (80,)), T("i64", (70,), long_indices(70, 80, -1)), T("f32", (70,)), axis(0)),
        match=r"index -1 at position \[69\] is out of range \[0, 79\].*negative",
        code="C004",
        versions=("opset3",),
        name="70 indices, one negative in v3",
        at="run",
    ),
    Error(
        (T("f32", (2, 80)), T("i32", (2, 35), long_indices(70, 80, -81, (2, 35))), T("f32", (2, 35)), axis(-1)),
        match=r"index -81 at position \[1, 34\] is out of range \[-80, 79\]",
        code="C004",
        versions=V12,
        name="70 indices, one below -size",
        at="run",
    ),
    Error(
        (
            T("f32", (3, 16)),
            T("i64", (70, 16), np.repeat(long_indices(70, 3, -4)[:, None], 16, 1)),
            T("f32", (70, 16)),
            axis(0),
        ),
        attrs=red("sum"),
        match=r"index -4 at position \[69, 0\] is out of range \[-3, 2\] along dim 0",
        code="C004",
        versions=V12,
        name="whole rows, one below -size",
        at="run",
    ),
    Error(
        (T("f32", (3, 4)), T("i64", (2, 4), [[0, 2, 1, 0], [2, 0, 0, 1]]), T("f32", (2, 3)), axis(0)),
        match=r"updates shape \[2,3\] must equal indices shape \[2,4\]",
        code="S005",
        name="updates shape",
        at="lint",
    ),
    Error(
        (T("f32", (3, 4)), T("i64", (4,), [0, 1, 2, 0]), T("f32", (4,)), axis(0)),
        match="must have one rank",
        code="S005",
        name="ranks differ",
        at="lint",
    ),
    Error(
        (T("f32", (2, 2)), T("i64", (3, 2), [[0, 1], [1, 0], [0, 0]]), T("f32", (3, 2)), axis(0)),
        match=r"indices dim 0 \(3\) is larger than data's \(2\)",
        code="S005",
        versions=("opset3",),
        name="v3 indices longer along the axis",
        at="lint",
    ),
    Error(
        (T("f32", (2, 2)), T("i64", (2, 3), [[0, 1, 0], [1, 0, 1]]), T("f32", (2, 3)), axis(0)),
        match=r"indices dim 1 \(3\) is larger than data's \(2\)",
        code="S005",
        name="indices longer off the axis",
        at="lint",
    ),
    Error(
        (SHAPES[0], T("f32", (2, 4), np.zeros((2, 4))), SHAPES[2], SHAPES[3]),
        match="indices must be of an integer type",
        code="S005",
        name="f32 indices",
        at="lint",
    ),
    Error(
        (SHAPES[0], SHAPES[1], T("i32", (2, 4)), SHAPES[3]),
        match="data and updates must have one element type",
        code="S005",
        name="updates type",
        at="lint",
    ),
    Error(
        SHAPES[:3] + (axis(-3),),
        match=r"axis -3 is out of range \[-2, 1\]",
        code="S006",
        name="axis out of range",
        at="lint",
    ),
    Error(
        SHAPES[:3] + (T("f32", (), 0.0, const=True),),
        match="axis must be of an integer type",
        code="S005",
        name="f32 axis",
        at="lint",
    ),
    Error(
        SHAPES,
        attrs=red("avg"),
        match="reduction='avg' is not one of",
        code="O003",
        versions=V12,
        name="bad reduction",
        at="lint",
    ),
    Error(
        SHAPES,
        attrs=red("sum", "maybe"),
        match="use_init_val='maybe' is not a valid bool",
        code="O003",
        versions=V12,
        name="bad use_init_val",
        at="lint",
    ),
    Error(
        (T("boolean", (3, 4)), SHAPES[1], T("boolean", (2, 4)), axis(0)),
        attrs=red("mean"),
        match="reduction 'mean' is not defined for boolean data",
        code="S005",
        versions=V12,
        name="boolean mean",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
