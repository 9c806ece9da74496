"""VocabDecoder (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import strings

# A WordPiece detokenizer's vocabulary: " word" for a word, the suffix for "##suffix".
VOCAB = strings(["[PAD]", "[UNK]", "[CLS]", "[SEP]", " hello", " world", "ing", "!", "", " é"], const=True)
SPECIAL = [0, 1, 2, 3]


def ids(rows, shape=None) -> T:
    flat = [i for r in rows for i in r]
    return T("i32", shape or (len(rows), len(rows[0]) if rows else 0), flat)


def skip(values, const=True) -> T:
    return T("i32", (len(values),), values, const=const)


TOKENS = [[2, 4, 5, 6, 3], [2, 5, 7, 3, 0], [9, 8, 4, 0, 0]]

TABLE = Table(
    "VocabDecoder",
    "extension",
    outputs=5,
    cases=[
        # As openvino_tokenizers writes it: the special tokens as the skip input.
        Case((ids(TOKENS),) + VOCAB + (skip(SPECIAL),), attrs={"skip_tokens": ""}, name="skip special tokens"),
        # skip_special_tokens off: the Slice gives an empty skip input.
        Case((ids(TOKENS),) + VOCAB + (skip([]),), attrs={"skip_tokens": ""}, name="an empty skip input"),
        Case((ids(TOKENS),) + VOCAB, name="no skip input, attribute left out"),
        Case((ids(TOKENS),) + VOCAB, attrs={"skip_tokens": "0,2,3"}, name="no skip input, the attribute"),
        Case((ids(TOKENS),) + VOCAB + (skip([5]),), attrs={"skip_tokens": "0,2,3"}, name="the input wins"),
        Case((ids(TOKENS),) + VOCAB + (skip([4, 4, 99, -1], const=False),), name="skip at run time, repeated"),
        Case((ids([[4, 10, 11, -1, 2**31 - 1, -(2**31)]]),) + VOCAB + (skip([]),), name="ids outside the vocabulary"),
        Case((ids([[], []], shape=(2, 0)),) + VOCAB + (skip([]),), name="no ids: one empty string a row"),
        Case((ids([], shape=(0, 3)),) + VOCAB + (skip([]),), name="empty batch"),
        Case(
            (ids([[5, 4]]),) + strings(["", " a", ""], const=True) + (skip([]),), name="empty strings in the vocabulary"
        ),
        Case(
            (ids([[2, 0, 1]]), T("i32", (3,), [4, 0, 2], const=True), T("i32", (3,), [6, 2, 4], const=True))
            + strings(["abcdef"], const=True)[2:]
            + (skip([]),),
            name="vocabulary entries out of order, overlapping",
        ),
    ],
    errors=[
        Error(
            (ids([[0]]), T("i32", (2,), [0, 2]), T("i32", (2,), [1, 9]), T("u8", (3,), [97, 98, 99]), skip([])),
            match=r"VocabDecoder's vocabulary entry 1 spans \[2, 9\), outside the 3 it ranges over",
            at="run",
        ),
        Error(
            (ids([[0]], shape=(1,)),) + VOCAB,
            match=r"VocabDecoder's ids must be 2-D, \[batch, seq\], got \[1\]",
            code="S005",
            at="lint",
        ),
        Error(
            (T("i64", (1, 1), [0]),) + VOCAB,
            match=r"VocabDecoder's ids must be i32, got i64",
            code="S005",
            at="lint",
        ),
        Error(
            (ids([[0]]),) + VOCAB + (T("i32", (1, 1), [0]),),
            match=r"VocabDecoder's skip must be 1-D, got \[1,1\]",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
