"""VocabEncoder (openvino_tokenizers): cases against the CPU plugin with the extension loaded.

A word-level vocabulary, as ``VocabEncoderStep.from_hf_json`` converts a ``WordLevel`` model
(values 0..n-1, the unk token's id as the default)."""

from cases.rows import Case, Error, T, Table

from ._strings import strings

VOCAB = ["[UNK]", "the", "quick", "brown", "fox", "café", "東京", "🙂", ""]
V = strings(VOCAB, const=True)


def values(ids, const=True):
    return (T("i32", (len(ids),), ids, const=const),)


def default(v=0, const=True):
    return (T("i32", (), [v], const=const),)


TABLE = Table(
    "VocabEncoder",
    "extension",
    cases=[
        Case(
            strings(["the", "quick", "fox", "jumps", "café", "東京", "🙂", "cafe", "", "The"])
            + V
            + values(list(range(9)))
            + default(),
            name="words, unknown ones the default",
        ),
        Case(
            strings(["fox", "dog"]) + V + values([10, 11, 12, 13, 14, 15, 16, 17, 18]) + default(-1),
            name="values and a default of -1",
        ),
        Case(
            strings(["a", "b"]) + strings(["a", "b", "a"], const=True) + values([1, 2, 3]) + default(7),
            name="a token listed twice: the first value",
        ),
        Case(
            (T("i32", (2, 2), [0, 3, 8, 8]), T("i32", (2, 2), [3, 8, 8, 13]))
            + strings(["the", "brown", "quick"])[2:]
            + V
            + values(list(range(9)))
            + default(),
            name="strings in 2-D, an empty one",
        ),
        Case(strings([]) + V + values(list(range(9))) + default(), name="no strings"),
        Case(strings(["x"]) + strings([], const=True) + values([]) + default(5), name="an empty vocabulary"),
    ],
    errors=[
        Error(
            strings(["a"]) + V + values([0, 1]) + default(),
            match=r"VocabEncoder's vocabulary and values differ in number",
            code="S005",
            at="lint",
        ),
        Error(
            strings(["a"]) + V + values(list(range(9))) + (T("i32", (2,), [0, 1], const=True),),
            match=r"VocabEncoder's default_value must hold one value, got 2",
            at="run",
        ),
        Error(
            (T("i32", (1,), [-1]), T("i32", (1,), [1]), T("u8", (2,), [97, 98]))
            + V
            + values(list(range(9)))
            + default(),
            match=r"VocabEncoder's string 0 spans \[-1, 1\), outside the 2",
            at="run",
        ),
        Error(
            strings(["a"])
            + (T("i32", (1,), [0], const=True), T("i32", (1,), [5], const=True), T("u8", (2,), [97, 98], const=True))
            + values([0])
            + default(),
            match=r"VocabEncoder's vocab string 0 spans \[0, 5\), outside the 2",
            at="run",
            name="a vocabulary token outside its chars",
        ),
        Error(
            strings(["a"]) + V + (T("i64", (9,), list(range(9)), const=True),) + default(),
            match=r"VocabEncoder's values must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
