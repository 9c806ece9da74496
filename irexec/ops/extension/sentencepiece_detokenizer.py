"""SentencepieceDetokenizer (openvinotoolkit/openvino_tokenizers): each row of token ids
(i32 ``[batch, seq]``) to one string (begins, ends, chars), as SentencePiece's ``Decode`` writes
it (``_sentencepiece``): control pieces give nothing, the unknown piece its ``unk_surface``
(" ⁇ " by default), a run of ``<0xNN>`` byte pieces its bytes (each byte that starts no valid
UTF-8 character U+FFFD), any other piece its text with U+2581 written as a space; the first
piece's leading U+2581 is dropped where the model adds a dummy prefix or removes extra
whitespace. A model with a denormalizer charsmap has the text go through it last.

Inputs: the serialized SentencePiece ModelProto (u8) and the ids. Ids past the vocabulary are
dropped, as the extension drops them. Where irexec departs: a negative id is refused (the
extension fails with SentencePiece's "Invalid id"; irexec names it in one line); the model may
come at run time (the extension needs a Const)."""

from ..op import Op
from ..registry import register
from ._sentencepiece_op import Detokenizer


@register
class SentencepieceDetokenizer(Detokenizer, Op):
    type, version = "SentencepieceDetokenizer", "extension"

    def row(self, model, ids: list) -> bytes:
        return model.decode(ids)
