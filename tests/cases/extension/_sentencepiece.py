"""Inputs of the Sentencepiece* tables: the tiny models scripts/make_sentencepiece_models.py trains
(tests/data/sentencepiece), as the u8 Const the ops take first."""

from pathlib import Path

from cases.rows import T

DATA = Path(__file__).resolve().parents[2] / "data" / "sentencepiece"
NAMES = ("unigram", "unigram_bytes", "bpe", "bpe_bytes", "unigram_raw")


def model_bytes(name: str) -> bytes:
    return (DATA / f"{name}.model").read_bytes()


def model(name: str, const: bool = True) -> T:
    raw = model_bytes(name)
    return T("u8", (len(raw),), list(raw), const=const)


def blob(raw: bytes) -> T:
    """A hand-made (broken) model."""
    return T("u8", (len(raw),), list(raw), const=True)


SIZES = {"unigram": 144, "unigram_bytes": 330, "bpe": 150, "bpe_bytes": 330, "unigram_raw": 120}
# Hand-picked rows (ids of the models above): control pieces first, U+2581 pieces at the start,
# the unknown piece, user-defined pieces (5 "<sep>", 6 "[MASK]", 7 "<abcd>", 8 "<0x41>" where
# there are no byte pieces), ids past the vocabulary (dropped), padding.
PICKED = [
    [1, 9, 10, 11, 12, 2, 3, 3],
    [4, 1, 0, 0, 5, 6, 7, 8],
    [3, 3, 1, 20, 21, 22, 23, 2],
    [9999, 2147483647, 400, 1, 9, 9, 2, 0],
]
# Byte pieces (id 8 + byte in the byte-fallback models): "漢" whole, a lone continuation byte,
# 0xFF, a character cut short, the bytes between other pieces.
BYTES_ROWS = [
    [8 + 0xE6, 8 + 0xBC, 8 + 0xA2, 8 + 0x41, 8 + 0x80, 8 + 0xFF, 8 + 0xE2, 8 + 0x96],
    [20, 8 + 0xC3, 8 + 0xA9, 21, 8 + 0xC3, 22, 8 + 0xF0, 8 + 0x9F],
]


def random_ids(name: str, rows: int = 6, seq: int = 10, seed: int = 0) -> list:
    """Rows of ids over the model's vocabulary and a few past it, seeded."""
    import random

    rnd = random.Random(f"{name}-{seed}")
    return [[rnd.randrange(SIZES[name] + 4) for _ in range(seq)] for _ in range(rows)]


def detokenizer_rows(Case, Error, T) -> tuple:
    """Cases and errors the two detokenizers share (their outputs differ, the plugin says which)."""

    def ids(rows, const=False, shape=None):
        flat = [i for r in rows for i in r]
        return T("i32", shape or (len(rows), len(rows[0]) if rows else 0), flat, const=const)

    cases = [Case((model(n), ids(random_ids(n))), name=f"{n}: random ids") for n in NAMES]
    cases += [Case((model(n), ids(PICKED)), name=f"{n}: picked ids") for n in NAMES]
    cases += [
        Case((model(n), ids(BYTES_ROWS, const=True)), name=f"{n}: byte pieces, constant ids")
        for n in ("unigram_bytes", "bpe_bytes")
    ]
    cases += [
        Case((model("unigram"), ids([[], []], shape=(2, 0))), name="no ids: empty strings"),
        Case((model("bpe"), ids([], shape=(0, 4))), name="empty batch"),
    ]
    errors = [
        Error(
            (model("unigram"), ids([[1, 9, -1]])),
            match=r"'s id -1 at \[0, 2\] is negative: no piece has it",
            at="run",
        ),
        Error(
            (model("unigram"), ids([[9]], shape=(1,))),
            match=r"'s ids must be 2-D, \[batch, seq\], got \[1\]",
            code="S005",
            at="lint",
        ),
        Error(
            (blob(b"\x12\x02\x18\x04\x0a\x03\x0a\x01a"), ids([[0]])),
            match=r"'s SentencePiece model is refused: model_type CHAR: irexec runs UNIGRAM and BPE models only",
            at="run",
        ),
        Error(
            (blob(b"\x0a\x05\x0a\x01a\x18\x09"), ids([[0]])),
            match=r"'s SentencePiece model is refused: piece 0 has type 9",
            at="run",
        ),
    ]
    return cases, errors
