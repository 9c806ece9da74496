"""TrieTokenizer (openvino_tokenizers): each word of a ragged string tensor cut greedily into the
longest vocabulary tokens, left to right (RWKV's "world" tokenizer), the rows kept
(ragged_begins, ragged_ends, ids).

Inputs: the words (ragged_begins, ragged_ends, begins, ends, chars), the vocabulary (begins, ends,
chars) and each token's id (``indices``, i32, one per token; a token listed twice takes its later
id, and an id of -1 is no token). A converted RWKV vocabulary holds every byte, so every word
cuts.

Where irexec departs from the extension (which hangs or fails): at a byte that starts no token
the extension loops forever; irexec stops with an error naming the word and the byte. The
extension's ragged_begins/ragged_ends take the shape of the strings' begins rather than the
rows': where the rows are as many as the strings and of their shape (each row one string, as the
converted pipeline has it, or any rows so counted) irexec's are the same; with fewer rows the
entries past them are left unset and the plugin stops, with more it writes past its outputs, with
rows of another shape (2-D) the plugin stops: irexec gives one per row, in the rows' shape."""

import numpy as np

from ...errors import ExecutionError, ValidationError
from ..op import Input, Op
from ..registry import register
from ._positional import check_rank
from ._ragged import WORDS, pieces, string_inputs
from ._vocab import Prefixes, RaggedIds


@register
class TrieTokenizer(RaggedIds, Op):
    type, version = "TrieTokenizer", "extension"
    inputs = (*WORDS, *string_inputs("vocab"), Input("indices", "i32", value=True))
    outputs = ("ragged_begins", "ragged_ends", "ids")

    def output_facts(self, *ins):
        for k in range(2, 9):
            check_rank(self.type, self.declared_input(k).name, ins[k], (1,), k)
        v, i = ins[6], ins[8]
        if v.shape is not None and i.shape is not None and not v.shape[0].compatible(i.shape[0]):
            raise ValidationError("TrieTokenizer's vocabulary and indices differ in number", port=8)
        return self.ragged_facts(ins)

    def model(self, ins: tuple):
        tokens = pieces(self.type, *ins[5:8], what="vocab string")
        ids = np.asarray(ins[8]).reshape(-1)
        if ids.size != len(tokens):
            raise ExecutionError(f"{self.type}'s {len(tokens)} vocabulary tokens have {ids.size} indices")
        vocab = {}
        for tok, i in zip(tokens, ids.tolist()):
            vocab[tok] = i
        prefixes = Prefixes(vocab)

        def tokenize(word: bytes) -> list:
            out, i, n = [], 0, len(word)
            while i < n:
                tok, i2 = prefixes.longest(word, i)
                if tok == -1:
                    raise ExecutionError(
                        f"TrieTokenizer: no token starts with byte 0x{word[i]:02X} at {i} of the word "
                        f"{word.decode('utf-8', 'backslashreplace')!r} (the extension would loop forever)"
                    )
                out.append(tok)
                i = i2
            return out

        return tokenize
