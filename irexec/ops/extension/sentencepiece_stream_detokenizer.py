"""SentencepieceStreamDetokenizer (openvinotoolkit/openvino_tokenizers): each row of token ids
(i32 ``[batch, seq]``) to the pieces' raw text laid end to end (begins, ends, chars): what a
streaming decoder emits a token at a time, the U+2581 kept (the IR replaces it with a space in a
later step) and no piece special (control and unknown pieces give their text, "<s>", "<unk>").

A piece named like a byte piece, ``<0xNN>`` (upper-case hex), gives that byte, whatever its type
(a user-defined ``<0x41>`` of a model without byte pieces gives "A"); any other piece its text.

Inputs: the serialized SentencePiece ModelProto (u8) and the ids. Ids past the vocabulary are
dropped, as the extension drops them. Where irexec departs: a negative id is refused (the
extension reads a piece before its vocabulary); the model may come at run time (the extension
needs a Const)."""

from ..op import Op
from ..registry import register
from ._sentencepiece import BYTE_PIECES
from ._sentencepiece_op import Detokenizer


@register
class SentencepieceStreamDetokenizer(Detokenizer, Op):
    type, version = "SentencepieceStreamDetokenizer", "extension"

    def row(self, model, ids: list) -> bytes:
        out = bytearray()
        for i in ids:
            piece = model.pieces[i]
            byte = BYTE_PIECES.get(piece)
            if byte is None:
                out += piece
            else:
                out.append(byte)
        return bytes(out)
