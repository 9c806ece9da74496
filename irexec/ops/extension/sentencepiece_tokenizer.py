"""SentencepieceTokenizer (openvinotoolkit/openvino_tokenizers): each string to its SentencePiece
token ids, given as a sparse tensor: ``indices`` (i64 ``[count, 2]``: row, position), ``values``
(i32 ids) and ``dense_shape`` (i64 ``[rows, longest]``), rows in the strings' C order.

Inputs: the serialized SentencePiece ModelProto (u8; ``_sentencepiece`` reads it: UNIGRAM and
BPE models), the strings (``begins``, ends, chars) and, optionally, special tokens (their
begins, ends, chars and i32 ids). Each string is normalized (the model's charsmap and whitespace
rules, user-defined symbols kept whole) and encoded (``_sentencepiece_encode``): unknown runs
give the unk id once, or their bytes' ``<0xNN>`` pieces where the model has ``byte_fallback``.
``add_bos``/``add_eos`` put the bos/eos piece's id first/last (a model without one is refused);
``reverse`` then reverses the ids (bos and eos included).

With special tokens, each string is cut at them first, as the extension's RE2 search does: the
leftmost match, the first listed token winning at one position; a token of ASCII letters only
matches where a word boundary (``\\b``) starts or ends it. Each token gives its id, each stretch
between them that is not empty its ids with bos first (a stretch that normalizes to nothing
gives the bos id alone), eos comes once after the string's last id (an empty string gives eos
alone), and ``reverse`` reverses the string's ids.

``nbest_size`` 0 or 1 is the best segmentation, whatever ``alpha``. Other values sample, which
irexec does not: for BPE, ``alpha <= 0`` is the best segmentation and ``alpha >= 1`` (dropout of
every merge) the characters' pieces, as the extension gives them; between, and for UNIGRAM, the
extension draws at random and irexec gives the best segmentation. ``nbest_size > 512`` is
refused, as the extension refuses it.

Where irexec departs: an empty special token is refused (the extension's search loops forever);
special tokens with fewer ids than tokens are refused (it reads past the ids); the model may
come at run time (the extension needs a Const); WORD and CHAR models are refused."""

import re

import numpy as np

from ...errors import ExecutionError, ValidationError
from ...shapes import DYN, fixed, fmt
from ..op import Attr, Fact, Input, Op
from ..registry import register
from ._normalizing import cached, exact_facts, string_input_facts
from ._ragged import I32, pieces, string_inputs, string_shape
from ._sentencepiece_kinds import BPE
from ._sentencepiece_op import MODEL, load, sparse_outputs
from .string_to_hash_bucket import I64

NAME = "SentencepieceTokenizer"
MAX_NBEST = 512


@register
class SentencepieceTokenizer(Op):
    type, version = NAME, "extension"
    inputs = (
        MODEL,
        *string_inputs(),
        *string_inputs("special", optional=True),
        Input("special_ids", "i32", optional=True, value=True),
    )
    outputs = ("indices", "values", "dense_shape")
    attrs = (
        Attr("nbest_size", "int"),
        Attr("alpha", "float"),
        Attr("add_bos", "bool"),
        Attr("add_eos", "bool"),
        Attr("reverse", "bool"),
    )

    def output_facts(self, sp_model, *ins):
        if len(ins) not in (3, 7):
            raise ValidationError(
                f"{NAME} takes the model and 3 string inputs, or 7 with special tokens and their ids; got {1 + len(ins)}"
            )
        string_input_facts(NAME, *ins[:3])
        if len(ins) == 7:
            string_input_facts(NAME, *ins[3:6])
            for k, f in ((4, ins[3]), (7, ins[6])):
                if f.shape is not None and len(f.shape) != 1:
                    raise ValidationError(f"{NAME}'s special tokens must be 1-D, got {fmt(f.shape)}", port=k)
        if self.nbest_size > MAX_NBEST:
            raise ValidationError(
                f"{NAME}'s nbest_size={self.nbest_size} is past {MAX_NBEST}, as SentencePiece refuses"
            )
        facts = [Fact(I64, (DYN, fixed(2))), Fact(I32, (DYN,)), Fact(I64, (fixed(2),))]
        return exact_facts(self, facts, (sp_model, *ins), self._run)

    def compute(self, sp_model, *ins):
        return cached(self, (sp_model, *ins), self._run)

    def _run(self, sp_model, begins, ends, chars, *special):
        model = load(self, sp_model)
        string_shape(NAME, begins, ends)
        texts = pieces(NAME, begins, ends, chars)
        sample = ""
        if self.nbest_size not in (0, 1) and model.model_type == BPE and self.alpha >= 1:
            sample = "chars"
        cache: dict = {}

        def encode(text: bytes, reverse: bool, eos: bool) -> list:
            key = (text, reverse, eos)
            if key not in cache:
                cache[key] = model.encode(text, self.add_bos, eos, reverse, sample)
            return cache[key]

        if not special:
            rows = [encode(t, self.reverse, self.add_eos) for t in texts]
        else:
            # With special tokens the extension adds eos itself, once a string.
            split = _Splitter(special)
            eos = model.special_id("eos") if self.add_eos else None
            rows = [split.encode(t, lambda s, r: encode(s, r, False), self.reverse, eos) for t in texts]
        return sparse_outputs(rows)


class _Splitter:
    """The special tokens as the extension's one RE2 alternation, and the cut at them."""

    def __init__(self, special):
        tokens = pieces(NAME + "'s special token", *special[:3])
        ids = np.asarray(special[3]).reshape(-1).tolist()
        if len(ids) < len(tokens):
            raise ExecutionError(f"{NAME} has {len(tokens)} special tokens and {len(ids)} ids for them")
        self.ids: dict = {}
        alternatives = []
        for tok, i in zip(tokens, ids):
            if not tok:
                raise ExecutionError(f"{NAME}'s special tokens hold an empty one (the extension's search never ends)")
            q = re.escape(tok)
            alternatives += [rb"\b" + q, q + rb"\b"] if tok.isalpha() else [q]
            self.ids.setdefault(tok, int(i))  # the first of equal tokens keeps its id
        self.pattern = re.compile(b"|".join(alternatives)) if alternatives else None

    def encode(self, text: bytes, encode, reverse: bool, eos) -> list:
        out, at = [], 0
        while at < len(text):
            # Searched in what is left as a text of its own: RE2's FindAndConsume sees a word
            # boundary (\b) at its start whatever came before.
            m = self.pattern.search(text[at:]) if self.pattern is not None else None
            if m is None:
                out += encode(text[at:], False)
                break
            if m.start():
                out += encode(text[at : at + m.start()], False)
            out.append(self.ids[m.group()])
            at += m.end()
        if eos is not None:
            out.append(eos)
        if reverse and len(out) > 1:
            out.reverse()
        return out
