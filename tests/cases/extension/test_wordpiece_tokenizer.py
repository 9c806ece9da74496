"""WordpieceTokenizer (openvino_tokenizers): cases against the CPU plugin with the extension loaded.

The vocabulary is a BERT-style WordPiece trained with ``tokenizers`` (vocab_size 200) on a few
sentences, as ``openvino_tokenizers`` converts it."""

from cases.rows import Case, Error, T, Table

from ._strings import ragged, strings

# fmt: off
VOCAB = [
    "[UNK]", "[CLS]", "[SEP]", "[PAD]", "!", ",", ".", ";", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k",
    "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "—", "京", "北", "東", "🙂", "##h",
    "##e", "##a", "##i", "##v", "##l", "##y", "##d", "##m", "##o", "##j", "##k", "##n", "##z", "##r", "##s", "##w",
    "##f", "##x", "##b", "##g", "##u", "##p", "##c", "pl", "##el", "##ay", "play", "hel", "th", "un", "##er",
    "##af", "##ab", "##le", "##lo", "##um", "hello", "the", "##able", "br", "caf", "do", "em", "fo", "jum", "la",
    "na", "ov", "qu", "re", "to", "wo", "##ev", "##ed", "##en", "##iv", "##in", "##iz", "##ic", "##iev", "##ld",
    "##oj", "##ow", "##ken", "##zy", "##rld", "##sum", "##fable", "##bel", "##ps", "plays", "played", "playin",
    "unaf", "unbel", "##ers", "brow", "cafe", "dog", "emoj", "fox", "jumps", "lazy", "naiv", "over", "quic",
    "resum", "token", "world", "##izers", "##ievable", "playing", "unaffable", "unbelievable", "brown", "emoji",
    "naive", "quick", "resume", "tokenizers", "##京", "##🙂",
]
# fmt: on
V = strings(VOCAB, const=True)
WORDS = [["hello", "world", "!"], ["unaffable", "playing", "tokenizers"], [], ["東京", "🙂🙂", "café", "x"]]


def unk(i: int = 0) -> tuple:
    return (T("i32", (), [i], const=True),)


TABLE = Table(
    "WordpieceTokenizer",
    "extension",
    outputs=3,
    cases=[
        Case(
            ragged(WORDS) + V + unk(),
            attrs={"suffix_indicator": "##", "max_bytes_per_word": "100"},
            name="as converted",
        ),
        Case(ragged(WORDS) + V + unk(), name="attributes left out"),
        # (convert_tokenizer writes the unk id as an i64 Const.)
        Case(ragged(WORDS) + V + (T("i64", (), [0], const=True),), name="an i64 unk id"),
        Case(ragged([["quickly", "emojis", "xyzzy", "lazyz"]]) + V + unk(), name="a continuation that fails: one unk"),
        Case(
            ragged([["unaffable", "hello", "tokenizers"]]) + V + unk(),
            attrs={"max_bytes_per_word": "5"},
            name="max_bytes_per_word",
        ),
        Case(ragged([["é", "naïve"]]) + V + unk(3), name="unknown start, unk id 3"),
        Case(ragged([["é", "hello"]]) + V + unk(-2), name="a negative unk id is given as it is"),
        Case(
            ragged([["hello", "helloo", "playing"]])
            + strings(["[UNK]", "hel", "@@lo", "@@o", "play", "@@ing", "##lo"], const=True)
            + unk(),
            attrs={"suffix_indicator": "@@"},
            name="another suffix_indicator",
        ),
        Case(
            ragged([["ab", "abab"]]) + strings(["[UNK]", "a", "##b", "a", "##b"], const=True) + unk(),
            name="a token listed twice: the later id",
        ),
        Case(
            (T("i32", (2, 1), [0, 2]), T("i32", (2, 1), [2, 3])) + strings(["the", "dog", "fox"]) + V + unk(),
            name="rows in 2-D",
        ),
        Case((T("i32", (0,)), T("i32", (0,))) + strings([]) + V + unk(), name="no rows"),
        Case(
            ragged([["", "hello"], [""], ["dog"]]) + V + unk(),
            name="empty words: the extension's, the next word's first token",
            expect=([0, 2, 3], [2, 3, 4], [76, 76, 118, 118]),
        ),
        Case(
            ragged([["", "é", "", "thethe"], ["", "quickly"]]) + V + unk(5),
            name="empty words before an unknown start and before a longer word: one id each",
            expect=([0, 4], [4, 8], [5, 5, 77, 5, 137, 137, 44, 45]),
        ),
        Case(
            ragged([["", "the"], [""]]) + V + unk(),
            attrs={"max_bytes_per_word": "-1"},
            name="a negative max_bytes_per_word: every word, empty ones too, one unk",
            expect=([0, 2], [2, 3], [0, 0, 0]),
        ),
        Case(
            ragged([["the", ""], ["", ""]]) + V + unk(),
            name="empty words at the end of chars",
            expect=([0, 1], [1, 1], [77]),
            oracle=False,
            why="the extension reads past chars for the last empty words and, giving each an unk id, more ids "
            "than chars has bytes: it stops ('ragged_offset < outputs[2].get_size()' failed)",
        ),
        Case(
            ragged([["thethe", "aa"]]) + strings(["[UNK]", "the", "##", "##the", "a"], const=True) + unk(),
            name="the indicator alone a token",
        ),
    ],
    errors=[
        Error(
            ragged([["a"]]) + V + (T("i32", (2,), [0, 1], const=True),),
            match=r"WordpieceTokenizer's unk_id must hold one value, got 2",
            at="run",
        ),
        Error(
            (
                T("i32", (1,), [0]),
                T("i32", (1,), [1]),
                T("i32", (1,), [0]),
                T("i32", (1,), [4]),
                T("u8", (2,), [97, 98]),
            )
            + V
            + unk(),
            match=r"WordpieceTokenizer's string 0 spans \[0, 4\), outside the 2",
            at="run",
        ),
        Error(
            ragged([["a"]])[:4] + (T("i8", (1,), [97]),) + V + unk(),
            match=r"WordpieceTokenizer's chars must be u8, got i8",
            code="S005",
            at="lint",
        ),
        Error(
            ragged([["a"]]) + (T("i32", (1, 2), [0, 1], const=True),) + V[1:] + unk(),
            match=r"WordpieceTokenizer's vocab_begins must be 1-D, got \[1,2\]",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
