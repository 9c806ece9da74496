"""SentencepieceDetokenizer (openvino_tokenizers): cases against the CPU plugin with the extension loaded, over
the tiny models of scripts/make_sentencepiece_models.py (rows shared in _sentencepiece.py)."""

from cases.rows import Case, Error, T, Table

from ._sentencepiece import detokenizer_rows

CASES, ERRORS = detokenizer_rows(Case, Error, T)

TABLE = Table("SentencepieceDetokenizer", "extension", outputs=3, cases=CASES, errors=ERRORS)

test_cases, test_errors = TABLE.pytest()
