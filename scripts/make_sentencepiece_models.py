"""Train the tiny SentencePiece models the Sentencepiece* tables read (tests/data/sentencepiece).

The models are small on purpose: a few sentences, a vocabulary of 100-400 pieces, and a
normalization rule file of a few lines (SentencePiece's built-in nmt_nfkc charsmap alone is
~240 KB), so that each table can put a model's bytes into a Const. ``sentencepiece`` is needed
only here (``pip install sentencepiece``), never by irexec.

    python3 scripts/make_sentencepiece_models.py
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path

import sentencepiece as spm

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "sentencepiece"

TEXT = """\
The quick brown fox jumps over the lazy dog.
A tokenizer splits text into pieces, and a detokenizer joins them again.
SentencePiece treats the input as a raw stream of Unicode characters.
Hello world! Hello there, how are you today?
Café crème brûlée, naïve façade, über Straße.
Numbers like 12345 and 2026 appear in text too.
The rain in Spain stays mainly in the plain.
She sells sea shells by the sea shore.
Peter Piper picked a peck of pickled peppers.
How much wood would a woodchuck chuck if a woodchuck could chuck wood?
To be, or not to be, that is the question.
All that glitters is not gold; all who wander are not lost.
"""

# A tiny normalization rule file (source code points, tab, target code points): full-width
# Latin letters and digits to ASCII, the "fi" ligature to two letters, the ideographic space to
# a space, and U+00AD (soft hyphen) to nothing.
RULES = (
    [f"{0xFF21 + i:X}\t{0x41 + i:X}" for i in range(26)]
    + [f"{0xFF41 + i:X}\t{0x61 + i:X}" for i in range(26)]
    + [f"{0xFF10 + i:X}\t{0x30 + i:X}" for i in range(10)]
    + ["FB01\t66 69", "3000\t20", "AD\t"]
)

# "<abcd>": a piece the stream detokenizer might take for a byte piece (it does not).
USER = ["<sep>", "[MASK]", "<abcd>"]

COMMON = dict(
    character_coverage=1.0,
    user_defined_symbols=USER,
    control_symbols=["<ctl>"],
    pad_id=3,
    num_threads=1,
    seed_sentencepiece_size=2000,
    hard_vocab_limit=False,
    minloglevel=2,
)

MODELS = {
    # name: trainer options on top of COMMON
    # "<0x41>": a byte piece's name on a piece that is not one (these models have no byte pieces).
    "unigram": dict(model_type="unigram", vocab_size=150, user_defined_symbols=USER + ["<0x41>"]),
    "unigram_bytes": dict(model_type="unigram", vocab_size=330, byte_fallback=True),
    "bpe": dict(model_type="bpe", vocab_size=150, user_defined_symbols=USER + ["<0x41>"]),
    "bpe_bytes": dict(model_type="bpe", vocab_size=330, byte_fallback=True),
    # SentencePiece's whitespace rules off: spaces kept as they come, no leading one added.
    "unigram_raw": dict(model_type="unigram", vocab_size=120, add_dummy_prefix=False, remove_extra_whitespaces=False),
}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    # (The trainer keeps the rule file's path in the model: a name relative to the folder it is
    # trained in, not where that folder was.)
    with tempfile.TemporaryDirectory() as tmp, contextlib.chdir(tmp):
        Path("rules.tsv").write_text("\n".join(RULES) + "\n")
        for name, options in MODELS.items():
            model = io.BytesIO()
            spm.SentencePieceTrainer.train(
                sentence_iterator=iter(TEXT.splitlines()),
                model_writer=model,
                normalization_rule_tsv="rules.tsv",
                **{**COMMON, **options},
            )
            data = model.getvalue()
            (OUT / f"{name}.model").write_bytes(data)
            size = spm.SentencePieceProcessor(model_proto=data).get_piece_size()
            print(f"{name}.model: {len(data)} bytes, {size} pieces")


if __name__ == "__main__":
    main()
