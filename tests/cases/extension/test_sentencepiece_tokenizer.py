"""SentencepieceTokenizer (openvino_tokenizers): cases against the CPU plugin with the extension
loaded, over the tiny models of scripts/make_sentencepiece_models.py."""

from cases.rows import Case, Error, T, Table

from ._sentencepiece import NAMES, blob, model
from ._strings import strings

TEXTS = [
    "Hello world!",
    "The quick brown fox jumps over the lazy dog.",
    "  Café   crème,\tbrûlée  ",
    "zzq 漢字 🙂 <sep> x[MASK]y",
    "",
    "   ",
    "Ｈｅｌｌｏ ﬁne\u00adtuned\u3000world 123",
    "sopsop people sop eop.",
]
# Bytes that are not UTF-8: each a U+FFFD for the normalizer.
INVALID = [b"ab\xffcd", b"\xe2\x96", b"x\xc3"]
SPECIAL = ["[MASK]", "eop", "sop", "<sep>", "<s>"]
SPECIAL_IDS = [6, 140, 141, 5, 1]


def attrs(nbest_size=0, alpha=0.0, add_bos=False, add_eos=False, reverse=False) -> dict:
    flag = {True: "true", False: "false"}
    return {
        "nbest_size": str(nbest_size),
        "alpha": str(alpha),
        "add_bos": flag[add_bos],
        "add_eos": flag[add_eos],
        "reverse": flag[reverse],
    }


def special(tokens=SPECIAL, ids=SPECIAL_IDS, const=True) -> tuple:
    return strings(tokens, const=const) + (T("i32", (len(ids),), ids, const=const),)


TABLE = Table(
    "SentencepieceTokenizer",
    "extension",
    outputs=3,
    cases=[
        *[Case((model(name),) + strings(TEXTS), attrs=attrs(), name=f"{name}: plain") for name in NAMES],
        *[
            Case((model(name),) + strings(INVALID), attrs=attrs(), name=f"{name}: bytes that are not UTF-8")
            for name in ("unigram", "unigram_bytes", "bpe_bytes")
        ],
        # As convert_tokenizer writes it: nbest_size 1, alpha 1 (the best segmentation).
        *[
            Case(
                (model(name),) + strings(TEXTS, const=True),
                attrs=attrs(1, 1.0, add_bos=True, add_eos=True),
                name=f"{name}: bos and eos, constant strings",
            )
            for name in ("unigram_bytes", "bpe")
        ],
        Case((model("unigram"),) + strings(TEXTS), attrs=attrs(0, 0.5, add_bos=True), name="bos only"),
        Case((model("bpe_bytes"),) + strings(TEXTS), attrs=attrs(1, 0.0, add_eos=True), name="eos only"),
        Case(
            (model("unigram"),) + strings(TEXTS),
            attrs=attrs(add_bos=True, add_eos=True, reverse=True),
            name="reverse: bos and eos reversed too",
        ),
        Case((model("bpe"),) + strings(TEXTS), attrs=attrs(reverse=True), name="bpe reversed"),
        # BPE-dropout: alpha >= 1 drops every merge, alpha <= 0 none (nbest_size other than 0, 1).
        Case((model("bpe"),) + strings(TEXTS), attrs=attrs(-1, 1.0), name="bpe, alpha 1: no merge"),
        Case((model("bpe_bytes"),) + strings(TEXTS), attrs=attrs(3, 2.0), name="bpe_bytes, alpha 2: no merge"),
        Case((model("bpe"),) + strings(TEXTS), attrs=attrs(-1, 0.0), name="bpe, alpha 0: every merge"),
        Case(
            (model("unigram"), T("i32", (2, 2), [0, 5, 5, 5]), T("i32", (2, 2), [5, 11, 5, 14]))
            + strings(["Hello world x y"])[2:],
            attrs=attrs(),
            name="strings of shape [2,2]",
        ),
        # Sampling: the extension draws at random, irexec gives the best segmentation.
        Case(
            (model("unigram"),) + strings(["Hello world!", "the lazy dog"]),
            attrs=attrs(-1, 0.5),
            expect=(
                [[0, k] for k in range(7)] + [[1, k] for k in range(8)],
                [40, 31, 10, 98, 29, 28, 103, 17, 9, 132, 39, 25, 126, 10, 58],
                [2, 8],
            ),
            oracle=False,
            name="unigram, nbest_size -1: sampling",
            why="the extension samples a segmentation at random (SentencePiece's lattice sampling)",
        ),
        Case(
            (model("bpe"),) + strings(["Hello world!"]),
            attrs=attrs(-1, 0.5),
            expect=([[0, k] for k in range(5)], [94, 21, 102, 28, 133], [1, 5]),
            oracle=False,
            name="bpe, alpha 0.5: dropout",
            why="the extension drops each merge at random (BPE-dropout)",
        ),
        Case((model("unigram"),) + strings([]), attrs=attrs(add_bos=True), name="no strings"),
        Case(
            (model("unigram"), T("i32", (3,), [6, 0, 6]), T("i32", (3,), [11, 5, 6])) + strings(["Hello world"])[2:],
            attrs=attrs(),
            name="strings out of order, overlapping",
        ),
        # Special tokens, as convert_tokenizer passes added tokens (bos/eos off, added later).
        *[
            Case((model(name),) + strings(TEXTS) + special(), attrs=attrs(1, 1.0), name=f"{name}: special tokens")
            for name in ("unigram", "bpe_bytes")
        ],
        Case(
            (model("unigram"),) + strings(TEXTS) + special(const=False),
            attrs=attrs(add_bos=True, add_eos=True, reverse=True),
            name="special tokens at run time; bos and eos on each stretch; reversed",
        ),
        Case(
            (model("bpe"),)
            + strings(["a<sep><sep>b", "<sep>", "sop", "x[MASK]"])
            + special(["<sep>", "<sep>"], [7, 8]),
            attrs=attrs(add_bos=True),
            name="a repeated special token keeps its first id",
        ),
        Case(
            (model("unigram"),) + strings(TEXTS) + special([], []),
            attrs=attrs(),
            name="no special tokens",
        ),
    ],
    errors=[
        Error(
            (model("unigram"),) + strings(["a"]),
            attrs=attrs(600),
            match=r"SentencepieceTokenizer's nbest_size=600 is past 512",
            code="S005",
            at="lint",
        ),
        Error(
            (blob(b"\x0a\x05ab"),) + strings(["a"]),
            attrs=attrs(),
            match=r"SentencepieceTokenizer's SentencePiece model does not parse: field 1 at byte 0 says it "
            r"holds 5 bytes, 2 are left",
            at="run",
        ),
        Error(
            (blob(b"\x0a\xff\xff\xff\xff\x0fab"),) + strings(["a"]),
            attrs=attrs(),
            match=r"does not parse: field 1 at byte 0 says it holds 4294967295 bytes, 2 are left",
            at="run",
        ),
        Error(
            (blob(b"\x0a\x03\x0a\x01a"),) + strings(["a"]),
            attrs=attrs(),
            match=r"SentencepieceTokenizer's SentencePiece model is refused: unk is not defined",
            at="run",
        ),
        Error(
            (model("unigram"),) + strings(["a"]) + special(["", "x"], [1, 2]),
            attrs=attrs(),
            match=r"SentencepieceTokenizer's special tokens hold an empty one",
            at="run",
        ),
        Error(
            (model("unigram"), T("i32", (1,), [0]), T("i32", (1,), [9])) + strings(["abc"])[2:],
            attrs=attrs(),
            match=r"SentencepieceTokenizer's string 0 spans \[0, 9\), outside the 3 it ranges over",
            at="run",
        ),
        Error(
            (model("unigram"),) + strings(["a"]) + strings(["b"])[:1],
            attrs=attrs(),
            match=r"SentencepieceTokenizer takes the model and 3 string inputs, or 7 with special tokens",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
