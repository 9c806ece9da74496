"""CTCLoss-4: cases against the CPU plugin. Floats compare within 1e-5 (the plugin sums in f32,
backwards; irexec in f64, forwards). The plugin is undone by an empty target (label_length 0) or
a sequence of no step (it reads outside its buffers): cases it does not run, their losses summed
over every path of the spec's formula by hand. OpenVINO reads a ctc_merge_repeated left out
as false (a plugin row), so the other rows set it. Lengths, labels and blank_index outside the
spec's bounds: error rows."""

from cases.rows import Case, Error, T, Table

TOL = {"rtol": 1e-5, "atol": 1e-5}


def lens(values, etype="i32", const=False):
    return T(etype, (len(values),), values, const=const)


def labels(values, etype="i32", const=False):
    return T(etype, (len(values), len(values[0])), values, const=const)


def blank(value, etype="i32", const=True):
    return T(etype, (), value, const=const)


def flags(collapse=None, merge=None, unique=None):
    named = {"preprocess_collapse_repeated": collapse, "ctc_merge_repeated": merge, "unique": unique}
    return {k: v for k, v in named.items() if v is not None}


X = T("f32", (3, 6, 5))  # C = 5: blank 4 when left out
LAB = T("i32", (3, 6), low=0, high=4)
REP = labels([[1, 1, 2, 2, 0, 3], [0, 1, 0, 1, 3, 3], [2, 2, 2, 1, 1, 0]])  # repeats, for the flags
# [N=2, T=4, C=3] eighths, worked out by hand (every path of the spec's sum).
SMALL = T(
    "f32",
    (2, 4, 3),
    [
        [[-0.375, -0.25, -0.125], [0.0, 0.125, 0.25], [0.375, -0.375, -0.25], [-0.125, 0.0, 0.125]],
        [[0.25, 0.375, -0.375], [-0.25, -0.125, 0.0], [0.125, 0.25, 0.375], [-0.375, -0.25, -0.125]],
    ],
)

TABLE = Table(
    "CTCLoss",
    "opset4",
    cases=[
        Case(
            (SMALL, lens([4, 3]), labels([[0, 0, 1, 0], [1, 1, 0, 0]]), lens([2, 2])),
            name="attributes and blank_index left out",
            expect=([2.8059463500976562, 2.939110517501831],),
            plugin=([2.4363386631011963, 2.056640625],),
            why="OpenVINO reads a CTCLoss whose ctc_merge_repeated is left out as false (the spec's default: true)",
        ),
        Case(
            (X, lens([6, 4, 5]), LAB, lens([3, 2, 4])),
            flags(merge="true"),
            name="merge set, the others left out",
            **TOL,
        ),
        Case((X, lens([6, 4, 5]), LAB, lens([3, 2, 4])), flags("false", "true", "false"), name="defaults set", **TOL),
        Case(
            (X, lens([6, 6, 6]), REP, lens([6, 5, 6])),
            flags(collapse="true", merge="true"),
            name="preprocess_collapse_repeated",
            **TOL,
        ),
        Case((X, lens([6, 5, 6]), REP, lens([6, 5, 6])), flags(merge="false"), name="ctc_merge_repeated false", **TOL),
        Case((X, lens([6, 6, 4]), REP, lens([6, 6, 4])), flags(merge="true", unique="true"), name="unique", **TOL),
        Case(
            (X, lens([6, 6, 6]), REP, lens([5, 6, 6])),
            flags("true", "false", "true"),
            name="collapse and unique, no merge",
            **TOL,
        ),
        Case(
            (X, lens([6, 6, 5]), REP, lens([4, 6, 5])),
            flags(collapse="true", merge="false"),
            name="collapse, no merge",
            **TOL,
        ),
        Case(
            (X, lens([5, 6, 6]), T("i32", (3, 6), low=1, high=5), lens([3, 6, 1]), blank(0)),
            flags(merge="true"),
            name="blank 0",
            **TOL,
        ),
        Case(
            (
                T("f32", (2, 5, 4)),
                lens([5, 3], "i64"),
                T("i64", (2, 5), low=0, high=3),
                lens([2, 3], "i64"),
                blank(3, "i64", const=False),
            ),
            flags(merge="true"),
            name="i64, blank at run time",
            **TOL,
        ),
        Case(
            (T("f32", (2, 5, 4)), lens([5, 4]), T("i64", (2, 5), low=1, high=4), lens([5, 1]), blank(0, "i64")),
            flags(merge="false"),
            name="i32 lengths, i64 labels",
            **TOL,
        ),
        Case(
            (
                T("f32", (2, 5, 4), const=True),
                lens([5, 4], const=True),
                T("i32", (2, 5), low=0, high=3, const=True),
                lens([4, 4], const=True),
            ),
            flags(merge="true"),
            name="constant inputs",
            **TOL,
        ),
        Case(
            (T("f32", (2, 4, 3)), lens([4, 2]), labels([[0, 0, 1, 1], [1, 1, 0, 0]]), lens([3, 2])),
            flags(merge="true"),
            name="no room for the blank between repeats: +inf",
            **TOL,
        ),
        Case(
            (T("f32", (2, 4, 3)), lens([4, 2]), labels([[1, 2, -7, 9], [0, 2, 2, 2]]), lens([1, 1])),
            flags(merge="true"),
            name="labels past label_length ignored",
            **TOL,
        ),
        Case(
            (
                T("f32", (2, 5, 6), [[[40 * ((t * c) % 3 - 1) for c in range(6)] for t in range(5)]] * 2),
                lens([5, 3]),
                labels([[0, 4, 2, 1, 3], [1, 2, 3, 3, 3]]),
                lens([3, 2]),
            ),
            flags(merge="true"),
            name="large logits",
            **TOL,
        ),
        # Only the states of the longest target and the steps of the longest sequence are worked.
        Case(
            (T("f32", (3, 30, 6)), lens([20, 12, 25]), T("i32", (3, 30), low=0, high=5), lens([4, 2, 7])),
            flags(merge="true"),
            name="30 steps, every sequence and target shorter",
            **TOL,
        ),
        Case(
            (T("f16", (2, 5, 4)), lens([5, 4]), T("i32", (2, 5), low=0, high=3), lens([3, 2])),
            flags(merge="true"),
            name="f16",
            rtol=2e-3,
            atol=2e-3,
        ),
        Case(
            (T("bf16", (2, 5, 4)), lens([5, 4]), T("i32", (2, 5), low=0, high=3), lens([3, 2])),
            flags(merge="true"),
            name="bf16",
            rtol=1e-2,
            atol=1e-2,
        ),
        Case(
            (SMALL, lens([4, 0]), labels([[0, 1, 0, 1], [1, 0, 0, 0]]), lens([0, 0])),
            name="an empty target, a sequence of no step",
            expect=([4.258395671844482, 0.0],),
            oracle=False,
            why="the plugin reads outside its buffers for label_length 0 or logit_length 0 (the process dies)",
        ),
        Case(
            (SMALL, lens([3, 4]), labels([[1, 1, 0, 1], [0, 1, 0, 0]]), lens([0, 2]), blank(2)),
            flags(collapse="true"),
            name="an empty target, collapse",
            expect=([3.2795815467834473, 1.7070655822753906],),
            oracle=False,
            why="the plugin reads outside its buffers for label_length 0 (the process dies)",
        ),
    ],
)

A, LL, LB, LN = T("f32", (2, 4, 3)), lens([4, 3]), labels([[0, 1, 0, 1], [1, 0, 1, 0]]), lens([2, 3])
TABLE.errors = [
    Error(
        (A, lens([5, 3]), LB, LN),
        match=r"logit_length\[0\] = 5 is out of range \[0, 4\]",
        at="run",
        name="logit_length past T",
    ),
    Error(
        (A, lens([4, -1]), LB, LN),
        match=r"logit_length\[1\] = -1 is out of range",
        at="run",
        name="negative logit_length",
    ),
    Error(
        (A, LL, LB, lens([2, 4])),
        match=r"label_length\[1\] = 4 is out of range \[0, logit_length\[1\] = 3\]",
        at="run",
        name="label_length past logit_length",
    ),
    Error(
        (A, LL, LB, lens([-2, 1])),
        match=r"label_length\[0\] = -2 is out of range",
        at="run",
        name="negative label_length",
    ),
    Error(
        (A, LL, LB, LN, blank(3, const=False)),
        match=r"blank_index 3 is out of range \[0, 2\]",
        code="C004",
        at="run",
        name="blank past the classes",
    ),
    Error(
        (A, LL, LB, LN, blank(-1, const=False)),
        match=r"blank_index -1 is out of range",
        code="C004",
        at="run",
        name="negative blank",
    ),
    Error(
        (A, LL, labels([[0, 3, 0, 1], [1, 0, 1, 0]]), LN),
        match=r"label 3 at \[0, 1\] is out of range \[0, 2\]",
        code="C004",
        at="run",
        name="label past the classes",
    ),
    Error(
        (A, LL, labels([[0, 1, 0, 1], [1, 0, 2, 0]]), LN),
        match=r"label 2 at \[1, 2\] is the blank",
        code="C004",
        at="run",
        name="label is the blank",
    ),
    Error((T("f32", (2, 4)), LL, LB, LN), match=r"logits must be 3-D, got shape \[2,4\]", code="S005", at="lint"),
    Error(
        (A, LL, labels([[0, 1, 0, 1, 0], [1, 0, 1, 0, 1]]), LN),
        match=r"labels must be \[N, T\] of logits \[N, T, C\], got \[2,5\]",
        code="S005",
        at="lint",
    ),
    Error((A, lens([4, 3, 2]), LB, LN), match=r"logit_length must be \[N\] of logits", code="S005", at="lint"),
    Error(
        (A, LL, LB, LN, T("i32", (1,), [2])),
        match=r"blank_index must be a scalar, got shape \[1\]",
        code="S005",
        at="lint",
    ),
    Error(
        (T("i32", (2, 4, 3)), LL, LB, LN),
        match="logits must be of a floating-point type, got i32",
        code="S005",
        at="lint",
    ),
    Error(
        (A, LL, LB, lens([2, 3], "i64")),
        match="logit_length and label_length must have one element type",
        code="S005",
        at="lint",
    ),
    Error(
        (A, LL, LB, LN, blank(2, "i64")),
        match="labels and blank_index must have one element type",
        code="S005",
        at="lint",
    ),
    Error(
        (A, LL, T("f32", (2, 4), [[0.0, 1.0, 0.0, 1.0]] * 2), LN),
        match="labels must be i32 or i64, got f32",
        code="S005",
        at="lint",
    ),
]

test_cases, test_errors = TABLE.pytest()
