"""TrieTokenizer (openvino_tokenizers): cases against the CPU plugin with the extension loaded.

An RWKV-style vocabulary: every byte, then longer tokens, ids from the vocabulary file (here
shuffled a little, with gaps filled by "" as ``TrieTokenizerStep.fill_vocab`` does)."""

from cases.rows import Case, Error, T, Table

from ._strings import ragged, strings

LONG = [b"th", b"the", b" the", b"qu", b"quick", b"ick", b"caf", b"\xc3\xa9", "東京".encode(), "🙂".encode(), b"  "]
TOKENS = [b""] + [bytes([i]) for i in range(256)] + LONG
VOCAB = strings(TOKENS, const=True) + (T("i32", (len(TOKENS),), list(range(len(TOKENS))), const=True),)
WORDS = [["the quick"], [" the  café"], ["東京🙂"], [""]]

TABLE = Table(
    "TrieTokenizer",
    "extension",
    outputs=3,
    cases=[
        Case(ragged(WORDS) + VOCAB, name="longest tokens, bytes otherwise"),
        Case(
            ragged([["thequick"], ["quic"]])
            + strings([b"q", b"u", b"i", b"c", b"k", b"quick", b"t", b"he", b"the", b"q"], const=True)
            + (T("i32", (10,), [5, 6, 7, 8, 9, 1, 2, 3, 4, 0], const=True),),
            name="ids from indices, a token listed twice: the later",
        ),
        Case(
            ragged([["ab"], ["a"]])
            + strings([b"a", b"b", b"ab"], const=True)
            + (T("i32", (3,), [1, 2, -1], const=True),),
            name="an id of -1 is no token",
        ),
        Case(
            ragged([["the", "quick", "caf"], []]) + VOCAB,
            name="rows of several strings",
            expect=([0, 3], [3, 3], [258, 261, 263]),
            oracle=False,
            why="the extension sizes ragged_begins/ragged_ends by the strings (3) rather than the rows (2): the "
            "plugin stops ('Can not clone with new dims'), a constant fold leaves the entry past the rows unset",
        ),
        Case(
            ragged([["the", "quick"], [], ["caf"]]) + VOCAB,
            name="rows of several strings, as many rows as strings",
        ),
        Case((T("i32", (0,)), T("i32", (0,))) + strings([]) + VOCAB, name="no rows"),
    ],
    errors=[
        Error(
            ragged([["abc"]]) + strings([b"a", b"b"], const=True) + (T("i32", (2,), [0, 1], const=True),),
            match=r"TrieTokenizer: no token starts with byte 0x63 at 2 of the word 'abc'",
            at="run",
        ),
        Error(
            ragged([["a"]]) + strings([b"a", b"b"], const=True) + (T("i32", (3,), [0, 1, 2], const=True),),
            match=r"TrieTokenizer's vocabulary and indices differ in number",
            code="S005",
            at="lint",
        ),
        Error(
            ragged([["a"]]) + strings([b"a", b"b"], const=True) + (T("i64", (2,), [0, 1], const=True),),
            match=r"TrieTokenizer's indices must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
