"""UnigramTokenizer (openvino_tokenizers): cases against the CPU plugin with the extension loaded.

The vocabulary is a SentencePiece-style Unigram trained with ``tokenizers`` (Metaspace
pre-tokenizer, vocab_size 150) on a few sentences, as ``openvino_tokenizers`` converts it."""

from cases.rows import Case, Error, T, Table

from ._strings import ragged, strings

# fmt: off
TRAINED = [
    ("<unk>", 0.0), ("▁", -1.8782), ("o", -2.6531), ("e", -2.7664), ("l", -2.8426), ("i", -3.2431), ("r", -3.4169),
    ("s", -3.4675), ("b", -3.4675), ("n", -3.6756), ("d", -3.7572), ("é", -3.7572), ("▁play", -3.7762), ("a", -3.805),
    ("he", -3.849), ("f", -4.0727), ("j", -4.1669), ("k", -4.1669), ("g", -4.1669), ("京", -4.1669), (".", -4.1669),
    ("w", -4.1669), ("z", -4.1669), ("um", -4.1832), ("▁un", -4.1874), ("af", -4.2709), ("▁t", -4.3984),
    ("v", -4.4288), ("ve", -4.4897), ("u", -4.8295), ("m", -4.8405), ("p", -4.8727), ("y", -4.8727), ("q", -4.8727),
    ("C", -4.8727), (",", -4.8727), ("ï", -4.8727), ("c", -4.8727), ("🙂", -4.8727), (";", -4.8727), ("x", -4.8727),
    ("北", -4.8727), ("東", -4.8727), ("—", -4.8727), ("!", -4.8727), ("T", -4.8727), ("H", -4.8727), ("el", -4.9002),
    ("er", -5.11), ("na", -5.1579), ("la", -5.4436), ("t", -5.8061), ("h", -6.2904), ("play", -8.2425),
    ("un", -9.4621),
]
# fmt: on


def vocab(pairs) -> tuple:
    toks = [t for t, _ in pairs]
    return strings(toks, const=True) + (T("f32", (len(toks),), [s for _, s in pairs], const=True),)


V = vocab(TRAINED)
WORDS = [["▁The", "▁quick", "▁playing"], ["▁Café", "▁東京", "▁北京", "▁🙂"], [], ["▁unaffable", "▁hello", ""]]
UNKNOWN = [["▁ZZ", "QQé", "▁Zoo", "日本"], ["Z"]]
# llama-like: <0xNN> byte tokens.
BYTES = (
    [("<unk>", 0.0), ("<s>", 0.0)]
    + [(f"<0x{i:02X}>", 0.0) for i in range(256)]
    + [("a", -1.0), ("b", -2.0), ("ab", -2.5)]
)
# Equal sums: "a"+"b" against "ab"; f32 sums (0.1f + 0.2f rounds to 0.3f).
TIES = [
    ("<unk>", 0.0),
    ("a", -1.0),
    ("b", -1.0),
    ("ab", -2.0),
    ("c", -0.1),
    ("d", -0.2),
    ("cd", -0.3),
    ("x", -1.0),
    ("xy", -30.0),
    ("y", -1.0),
    ("qz", -30.0),
    ("z", -1.0),
]

TABLE = Table(
    "UnigramTokenizer",
    "extension",
    outputs=3,
    cases=[
        Case(
            ragged(WORDS) + V,
            attrs={"byte_fallback": "false", "unk_token_id": "0", "fuse_unk": "true", "min_score": "inf"},
            name="as converted",
        ),
        Case(ragged(WORDS) + V, name="attributes left out"),
        Case(ragged(UNKNOWN) + V, attrs={"fuse_unk": "true"}, name="unknown characters: a run gives one unk"),
        Case(
            ragged(UNKNOWN) + V,
            attrs={"fuse_unk": "false"},
            name="fuse_unk false: fused all the same, as the extension does",
            expect=([0, 9], [9, 10], [1, 0, 0, 11, 1, 0, 2, 2, 0, 0]),
        ),
        Case(ragged(UNKNOWN) + V, attrs={"unk_token_id": "7", "fuse_unk": "true"}, name="another unk id"),
        Case(
            ragged([["abé", "é", "ba日", "<s>"]]) + vocab(BYTES),
            attrs={"byte_fallback": "true", "fuse_unk": "true"},
            name="byte_fallback is ignored, as the extension does: the unk id, not <0xNN> tokens",
            expect=([0], [7], [260, 0, 0, 259, 258, 0, 1]),
        ),
        Case(
            ragged([["éé", "aé"]]) + vocab(BYTES[:2] + BYTES[-3:] + [("<0xC3>", 0.0)]),
            attrs={"byte_fallback": "true", "fuse_unk": "true"},
            name="byte_fallback, some byte tokens missing: unk",
        ),
        Case(ragged([["abé"]]) + vocab(BYTES), name="byte tokens without byte_fallback"),
        Case(ragged([["ab", "cd", "ba", "xy", "wy", "qz"]]) + vocab(TIES), name="ties and f32 sums"),
        Case(ragged([["qz", "xy"]]) + vocab(TIES), attrs={"min_score": "-5"}, name="min_score"),
        Case(
            (T("i32", (2, 1), [0, 2]), T("i32", (2, 1), [2, 3])) + strings(["▁he", "llo", "▁world"]) + V,
            name="rows in 2-D",
        ),
        Case((T("i32", (0,)), T("i32", (0,))) + strings([]) + V, name="no rows"),
        # Gaps in the vocabulary (convert_tokenizer fills them with "", at the lowest score).
        Case(
            ragged([["ab", "xa"]]) + vocab(TIES[:4] + [("", -50.0), ("", -50.0)]),
            attrs={"fuse_unk": "true"},
            name="empty tokens",
            expect=([0], [3], [3, 0, 1]),
            oracle=False,
            why="the extension refuses an empty token (darts: 'failed to insert key: zero-length key')",
        ),
    ],
    errors=[
        Error(
            ragged([["a"]]) + strings(["a", "b"], const=True) + (T("f32", (3,), [0.0, 1.0, 2.0], const=True),),
            match=r"UnigramTokenizer's vocabulary and scores differ in number",
            code="S005",
            at="lint",
        ),
        Error(
            ragged([["a"]]) + strings(["a", "b"], const=True) + (T("f16", (2,), [0.0, 1.0], const=True),),
            match=r"UnigramTokenizer's scores must be f32, got f16",
            code="S005",
            at="lint",
        ),
        Error(
            (
                T("i32", (1,), [0]),
                T("i32", (1,), [1]),
                T("i32", (1,), [3]),
                T("i32", (1,), [1]),
                T("u8", (2,), [97, 98]),
            )
            + V,
            match=r"UnigramTokenizer's string 0 spans \[3, 1\), outside the 2",
            at="run",
        ),
        Error(
            ragged([["a"]])
            + (T("i32", (1,), [1], const=True), T("i32", (1,), [4], const=True), T("u8", (2,), [97, 98], const=True))
            + (T("f32", (1,), [-1.0], const=True),),
            match=r"UnigramTokenizer's vocab string 0 spans \[1, 4\), outside the 2",
            at="run",
            name="a vocabulary token outside its chars",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
