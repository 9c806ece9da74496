"""SentencePiece's numbering of piece types and model types (its ModelProto's enums), shared by the
model's reader and its encoders."""

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
UNIGRAM, BPE = 1, 2
