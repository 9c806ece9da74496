"""BPETokenizer (openvino_tokenizers): cases against the CPU plugin with the extension loaded.

The vocabulary and merges are those of a byte-level BPE trained with ``tokenizers`` on a few
sentences (ASCII, accented Latin, CJK, emoji), converted by ``openvino_tokenizers``: raw bytes, the
GPT-2 byte-to-unicode mapping undone as the converted IR holds them."""

from cases.rows import Case, Error, T, Table

from ._strings import ragged, strings

# (left, right) in rank order: the trained tokenizer's first merges.
PAIRS = [
    (b"l", b"a"), (b"e", b"l"), (b"p", b"la"), (b"\xc3", b"\xa9"), (b" ", b"pla"), (b" pla", b"y"),
    (b"a", b"b"), (b"a", b"f"), (b"e", b"r"), (b"h", b"e"), (b"l", b"e"), (b"l", b"o"), (b"u", b"m"),
    (b"u", b"n"), (b"\xba", b"\xac"), (b"\xe4", b"\xba\xac"), (b" ", b"t"), (b" ", b"un"), (b"el", b"lo"),
    (b"ab", b"le"), (b"C", b"af"), (b"H", b"ello"), (b"T", b"he"), (b"a", b"\xc3"), (b"b", b"r"),
    (b"f", b"able"), (b"h", b"ello"), (b"i", b"n"), (b" pl", b"ay"), (b" un", b"af"), (b" unaf", b"fable"),
    (b"Caf", b"\xc3\xa9"), (b"\xf0\x9f", b"\x99\x82"), (b"\xf0", b"\x9f"), (b"\x99", b"\x82"),
]  # fmt: skip
# (" pl"+"ay" and " un"+"af"... need their parts: " pl" never forms, so that merge never applies.)
EXTRA = [b" pl", b"ay", b" unaf", b"fable"]
SPECIAL = b"<|endoftext|>"


def _vocab(pairs, extra=(), special=SPECIAL) -> list:
    vocab = [special] + [bytes([i]) for i in range(256)]
    for tok in [a + b for a, b in pairs] + list(extra):
        if tok not in vocab:
            vocab.append(tok)
    return vocab


VOCAB = _vocab(PAIRS, EXTRA)
WORDS = [["The", " quick", " playing", " play"], ["Café", " 東京", " 🙂"], [], ["Hello", " unaffable", ""]]


def words(rows=WORDS):
    return ragged(rows)


def pairs(ps=PAIRS):
    return strings([a for a, _ in ps], const=True) + strings([b for _, b in ps], const=True)


def added(tokens: dict):
    return strings(list(tokens), const=True) + (T("i32", (len(tokens),), list(tokens.values()), const=True),)


V = strings(VOCAB, const=True)
# Merges as "left right" strings: only those whose halves hold no space.
TEXT_PAIRS = [(a, b) for a, b in PAIRS if b" " not in a + b]
TEXT_MERGES = strings([a + b" " + b for a, b in TEXT_PAIRS], const=True)
TEXT_VOCAB = strings(_vocab(TEXT_PAIRS), const=True)

# ASCII letters only, an unk token: other bytes are unknown.
ASCII = [b"<unk>"] + [bytes([c]) for c in range(ord("a"), ord("z") + 1)] + [b"ab", b"abc", b"ca"]
ASCII_MERGES = strings([b"a b", b"ab c", b"c a"], const=True)
UNK_WORDS = ragged([["abc", "a??b", "é", "xyz!!"], ["", "ü"]])

# llama-like: byte tokens <0xNN> and a few merges over letters.
FALLBACK = [b"<unk>", b"<s>"] + [b"<0x%02X>" % i for i in range(256)] + [b"a", b"b", b"c", b"ab", b"\xc3\xa9"]
FALLBACK_MERGES = strings([b"a b"], const=True)

# end_suffix: word-final tokens carry "</w>".
SUFFIXED = [b"<unk>", b"a", b"b", b"c", b"a</w>", b"b</w>", b"c</w>", b"ab", b"ab</w>", b"</w>"]
SUFFIXED_MERGES = strings([b"a b</w>", b"a b"], const=True)

# Ties: "a a" merges everywhere, leftmost first; a later rank only where the earlier cannot.
TIES = [b"a", b"b", b"aa", b"aaa", b"aaaa", b"ab", b"ba", b"bab"]
TIES_MERGES = strings([b"a a", b"aa aa", b"b a", b"ba b", b"a b", b"aa a"], const=True)

TABLE = Table(
    "BPETokenizer",
    "extension",
    outputs=3,
    cases=[
        Case(
            words() + V + pairs() + added({SPECIAL: 0}),
            attrs={
                "unk_token": "",
                "fuse_unk": "false",
                "suffix_indicator": "",
                "end_suffix": "",
                "byte_fallback": "false",
                "cache_capacity": "20000",
            },
            name="byte-level, pairs and added tokens (18 inputs), as convert_tokenizer writes it",
        ),  # fmt: skip
        Case(words() + V + pairs(), name="pairs without added tokens (14 inputs), attributes left out"),
        Case(words([["lale", "Café", "Hello", "ab", "le", "The"]]) + TEXT_VOCAB + TEXT_MERGES, name="text merges (11)"),
        Case(
            words([["<new>x", "lo<|endoftext|>", "Hello"]])
            + TEXT_VOCAB
            + TEXT_MERGES
            + added({b"<new>": 400, b"lo": 7, SPECIAL: 3, b"<new>x": 401}),
            name="text merges and added tokens (15): new ones join, a known string keeps its id",
        ),  # fmt: skip
        Case(UNK_WORDS + strings(ASCII, const=True) + ASCII_MERGES, attrs={"unk_token": "<unk>"}, name="unknown bytes"),
        Case(UNK_WORDS + strings(ASCII, const=True) + ASCII_MERGES, name="unknown bytes, no unk token: dropped"),
        Case(
            UNK_WORDS + strings(ASCII, const=True) + ASCII_MERGES,
            attrs={"unk_token": "<unk>", "fuse_unk": "true"},
            name="fuse_unk is ignored, as the extension does: an unk id per unknown byte",
            expect=([0, 12], [12, 14], [28, 1, 0, 0, 2, 0, 0, 24, 25, 26, 0, 0, 0, 0]),
        ),
        Case(
            UNK_WORDS + strings(ASCII, const=True) + ASCII_MERGES,
            attrs={"unk_token": "<none>"},
            name="unk not in vocab",
        ),
        # A vocabulary with gaps (convert_tokenizer fills them with ""): the default unk_token ""
        # finds the last of them, and unknown bytes take its id.
        Case(UNK_WORDS + strings(ASCII + [b"", b"z", b""], const=True) + ASCII_MERGES, name="empty tokens: the unk"),
        Case(
            ragged([["abé", "c\x01", "日"]]) + strings(FALLBACK, const=True) + FALLBACK_MERGES,
            attrs={"byte_fallback": "true", "unk_token": "<unk>"},
            name="byte_fallback",
        ),
        Case(
            ragged([["abé", "c\x01"]]) + strings(ASCII, const=True) + ASCII_MERGES,
            attrs={"byte_fallback": "true", "unk_token": "<unk>"},
            name="byte_fallback without byte tokens: unk",
        ),
        Case(
            ragged([["ab", "abab", "c", "", "ba"]]) + strings(SUFFIXED, const=True) + SUFFIXED_MERGES,
            attrs={"end_suffix": "</w>", "unk_token": "<unk>"},
            name="end_suffix",
        ),
        Case(
            ragged([["ab", "ca"]]) + strings(ASCII, const=True) + ASCII_MERGES,
            attrs={"suffix_indicator": "##", "cache_capacity": "0"},
            name="suffix_indicator and cache_capacity change nothing",
        ),
        Case(
            ragged([["aaaa", "aaaaa", "aaaaaaa", "babab", "abab", "aaab"]]) + strings(TIES, const=True) + TIES_MERGES,
            name="ranks and ties",
        ),
        Case(
            ragged([["ab", "ba"]])
            + strings([b"a", b"b", b"ab", b"a", b"ba"], const=True)
            + strings([b"a b", b"b a", b"a b"], const=True),
            name="a token and a merge listed twice: the later wins",
        ),
        Case(
            (T("i32", (2, 2), [0, 1, 1, 1]), T("i32", (2, 2), [1, 3, 1, 4]))
            + strings(["Hello", " play", "ing", "The"])
            + V
            + pairs(),
            name="rows in 2-D, an empty row",
        ),
        Case((T("i32", (0,)), T("i32", (0,))) + strings([]) + V + pairs(), name="no rows"),
    ],
    errors=[
        Error(
            words() + strings([b"a", b"b"], const=True) + strings([b"a b"], const=True),
            match=r"BPETokenizer's merge 0 \('a' 'b'\) needs 'ab', not in the vocabulary",
            at="run",
        ),
        Error(
            (
                T("i32", (1,), [0]),
                T("i32", (1,), [1]),
                T("i32", (1,), [0]),
                T("i32", (1,), [9]),
                T("u8", (2,), [97, 98]),
            )
            + V
            + pairs(),
            match=r"BPETokenizer's string 0 spans \[0, 9\), outside the 2",
            at="run",
        ),
        Error(
            (
                T("i32", (1,), [0]),
                T("i32", (1,), [3]),
                T("i32", (2,), [0, 1]),
                T("i32", (2,), [1, 2]),
                T("u8", (2,), [97, 98]),
            )
            + V
            + pairs(),
            match=r"BPETokenizer's row 0 spans strings \[0, 3\), outside the 2 there are",
            at="run",
        ),
        Error(
            words() + V + pairs()[:4],
            match=r"BPETokenizer takes 11, 14, 15 or 18 inputs, the layer has 12",
            code="S005",
            at="lint",
        ),
        Error(
            words()[:4] + (T("i32", (2,), [97, 98]),) + V + pairs(),
            match=r"BPETokenizer's chars must be u8, got i32",
            code="S005",
            at="lint",
        ),
        Error(
            words() + V + pairs() + added({SPECIAL: 0})[:3] + (T("i32", (2,), [0, 1], const=True),),
            match=r"BPETokenizer's added tokens and their ids differ in number",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
