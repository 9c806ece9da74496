"""SentencePiece as openvino_tokenizers' Sentencepiece* ops run it: the serialized ModelProto read
(``_protobuf``), checked as ``SentencePieceProcessor::LoadFromSerializedProto`` checks it, and its
normalizer, encoders (``_sentencepiece_encode``) and decoder.

Fields read (proto2 defaults where absent): pieces (piece, score, type: NORMAL 1, UNKNOWN 2,
CONTROL 3, USER_DEFINED 4, UNUSED 5, BYTE 6); trainer_spec's model_type (UNIGRAM 1, BPE 2; WORD
3 and CHAR 4 are refused), byte_fallback, treat_whitespace_as_suffix, unk_surface and the
bos/eos piece names; normalizer_spec's precompiled_charsmap, add_dummy_prefix,
remove_extra_whitespaces, escape_whitespaces; denormalizer_spec the same."""

from __future__ import annotations

from ...errors import ExecutionError
from ._charsmap import DartsTrie, _char_length, normalize
from ._protobuf import BYTES, FIXED32, VARINT, ProtobufError, as_float, as_int32, expect, fields
from ._sentencepiece_encode import make_encoder
from ._sentencepiece_kinds import BPE, BYTE, CONTROL, NORMAL, UNIGRAM, UNKNOWN, UNUSED, USER_DEFINED

SPACE_SYMBOL = "\u2581".encode()
REPLACEMENT = "\ufffd".encode()
MAX_PIECE = 8000  # SentencePiece refuses a piece this long or longer
MAX_PREFIX_BYTES = 1 << 28
BYTE_PIECES = {f"<0x{b:02X}>".encode(): b for b in range(256)}


def _message(data: bytes, schema: dict, defaults: dict) -> dict:
    """The scalar fields of ``schema`` (number: (name, kind)) in ``data``; the last occurrence wins,
    as protobuf's parser keeps it. Sub-messages are merged by concatenating their bytes."""
    out = dict(defaults)
    for number, wire, value in fields(data):
        if number not in schema:
            continue
        name, kind = schema[number]
        if kind in ("bytes", "message", "repeated"):
            expect(number, wire, BYTES, name)
            if kind == "repeated":
                out.setdefault(name, []).append(value)
            elif kind == "message":
                out.setdefault(name, []).append(value)
            else:
                out[name] = value
        elif kind == "float":
            expect(number, wire, FIXED32, name)
            out[name] = as_float(value)
        else:
            expect(number, wire, VARINT, name)
            out[name] = bool(value) if kind == "bool" else as_int32(value)
    # joined once: a message repeated many times must not be copied each time
    return {k: b"".join(v) if schema_kind(schema, k) == "message" else v for k, v in out.items()}


def schema_kind(schema: dict, name: str) -> str:
    return next((kind for n, kind in schema.values() if n == name), "")


_MODEL = {1: ("pieces", "repeated"), 2: ("trainer", "message"), 3: ("normalizer", "message"), 5: ("denorm", "message")}
_PIECE = {1: ("piece", "bytes"), 2: ("score", "float"), 3: ("type", "int")}
_TRAINER = {
    3: ("model_type", "int"),
    24: ("treat_whitespace_as_suffix", "bool"),
    35: ("byte_fallback", "bool"),
    44: ("unk_surface", "bytes"),
    45: ("unk_piece", "bytes"),
    46: ("bos_piece", "bytes"),
    47: ("eos_piece", "bytes"),
}
_TRAINER_DEFAULTS = dict(
    model_type=UNIGRAM,
    treat_whitespace_as_suffix=False,
    byte_fallback=False,
    unk_surface=" \u2047 ".encode(),
    unk_piece=b"<unk>",
    bos_piece=b"<s>",
    eos_piece=b"</s>",
)
_NORMALIZER = {
    2: ("charsmap", "bytes"),
    3: ("add_dummy_prefix", "bool"),
    4: ("remove_extra_whitespaces", "bool"),
    5: ("escape_whitespaces", "bool"),
}
_NORMALIZER_DEFAULTS = dict(charsmap=b"", add_dummy_prefix=True, remove_extra_whitespaces=True, escape_whitespaces=True)


class _Prefixes:
    """What ``Normalizer::NormalizePrefix`` looks up at a position: the longest user-defined symbol
    first (copied as it is), then the charsmap's longest key (``_charsmap.normalize``'s trie)."""

    empty = False

    def __init__(self, symbols, charsmap):
        self.symbols = {}
        for s in symbols:
            for k in range(1, len(s) + 1):
                self.symbols[s[:k]] = self.symbols.get(s[:k], False) or k == len(s)
        self.charsmap = charsmap

    def user_symbol(self, s: bytes, i: int) -> int:
        """The length of the longest user-defined symbol at ``s[i]`` (0: none)."""
        best, j, table = 0, i + 1, self.symbols
        while j <= len(s):
            hit = table.get(s[i:j])
            if hit is None:
                break
            if hit:
                best = j - i
            j += 1
        return best

    def longest(self, s: bytes, i: int) -> tuple:
        size = self.user_symbol(s, i) if self.symbols else 0
        if size:
            return size, s[i : i + size]
        if self.charsmap is None:
            return 0, None
        return self.charsmap.longest(s, i)


class SentencePiece:
    """A loaded ModelProto: ``encode`` (``SampleEncode`` with its extra options) and ``decode``."""

    def __init__(self, op: str, blob: bytes):
        self.op = op
        try:
            self._load(blob)
        except ProtobufError as e:
            raise ExecutionError(f"{op}'s SentencePiece model does not parse: {e}") from None

    def _bad(self, why: str):
        return ExecutionError(f"{self.op}'s SentencePiece model is refused: {why}")

    def _load(self, blob: bytes):
        model = _message(blob, _MODEL, {})
        self.trainer = _message(model.get("trainer", b""), _TRAINER, _TRAINER_DEFAULTS)
        self.norm = _message(model.get("normalizer", b""), _NORMALIZER, _NORMALIZER_DEFAULTS)
        denorm = _message(model.get("denorm", b""), _NORMALIZER, _NORMALIZER_DEFAULTS)
        self.model_type = self.trainer["model_type"]
        if self.model_type not in (UNIGRAM, BPE):
            kind = {3: "WORD", 4: "CHAR"}.get(self.model_type, str(self.model_type))
            raise self._bad(f"model_type {kind}: irexec runs UNIGRAM and BPE models only")
        self.pieces, self.scores, self.types = [], [], []
        self.normal_ids, self.reserved_ids = {}, {}
        self.unk_id = -1
        self.byte_fallback = self.trainer["byte_fallback"]
        found_bytes = set()
        for i, raw in enumerate(model.get("pieces", [])):
            p = _message(raw, _PIECE, dict(piece=b"", score=0.0, type=NORMAL))
            piece, kind = p["piece"], p["type"]
            if kind not in (NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE):
                raise self._bad(f"piece {i} has type {kind}")
            if len(piece) >= MAX_PIECE:
                raise self._bad(f"piece {i} is {len(piece)} bytes long")
            if not piece or b"\0" in piece:
                raise self._bad(f"piece {i} is empty or holds a NUL byte")
            table = self.normal_ids if kind in (NORMAL, USER_DEFINED, UNUSED) else self.reserved_ids
            if piece in table:
                raise self._bad(f"piece {i} {piece!r} is already defined")
            table[piece] = i
            if kind == UNKNOWN:
                if self.unk_id >= 0:
                    raise self._bad("unk is already defined")
                self.unk_id = i
            if kind == BYTE:
                if not self.byte_fallback or piece not in BYTE_PIECES:
                    raise self._bad(f"byte piece {piece!r} is invalid, or byte_fallback is off")
                found_bytes.add(BYTE_PIECES[piece])
            self.pieces.append(piece)
            self.scores.append(p["score"])
            self.types.append(kind)
        if self.unk_id < 0:
            raise self._bad("unk is not defined")
        # The encoders index every prefix of every piece: bounded here, as a hostile model of long
        # pieces would otherwise take gigabytes (SentencePiece itself allows pieces to 8000 bytes).
        weight = sum(len(p) * (len(p) + 1) // 2 for p in self.pieces)
        if weight > MAX_PREFIX_BYTES:
            raise self._bad(f"its pieces' prefixes would take {weight} bytes, past irexec's {MAX_PREFIX_BYTES}")
        if self.byte_fallback and len(found_bytes) != 256:
            raise self._bad("there are not 256 byte pieces although byte_fallback is true")
        self.user_symbols = [p for p, t in zip(self.pieces, self.types) if t == USER_DEFINED]
        charsmap = self.norm["charsmap"]
        self.prefixes = _Prefixes(self.user_symbols, DartsTrie(self.op, charsmap) if charsmap else None)
        self.denormalizer = None
        if denorm["charsmap"]:
            self.denorm = denorm
            self.denormalizer = _Prefixes((), DartsTrie(self.op, denorm["charsmap"]))
        self.encoder = make_encoder(self)

    def piece_to_id(self, piece: bytes) -> int:
        """``ModelInterface::PieceToId``: control, unknown and byte pieces first, else unk."""
        hit = self.reserved_ids.get(piece)
        if hit is None:
            hit = self.normal_ids.get(piece, self.unk_id)
        return hit

    def special_id(self, name: str) -> int:
        """The id of the bos or eos piece, as the ``bos``/``eos`` extra options look it up."""
        piece = self.trainer[f"{name}_piece"] or _TRAINER_DEFAULTS[f"{name}_piece"]
        i = self.piece_to_id(piece)
        if self.types[i] == UNKNOWN:
            raise self._bad(f"id for `{piece.decode(errors='replace')}` is not defined (add_{name} is on)")
        return i

    def normalize(self, text: bytes) -> bytes:
        """``Normalizer::Normalize``, user-defined symbols kept as they are."""
        n = self.norm
        if self.trainer["treat_whitespace_as_suffix"]:
            out = normalize(self.prefixes, text, False, n["remove_extra_whitespaces"], n["escape_whitespaces"])
            if out and n["add_dummy_prefix"]:
                out += SPACE_SYMBOL if n["escape_whitespaces"] else b" "
            return out
        return normalize(
            self.prefixes, text, n["add_dummy_prefix"], n["remove_extra_whitespaces"], n["escape_whitespaces"]
        )

    def encode(self, text: bytes, bos: bool, eos: bool, reverse: bool, sample: str = "") -> list:
        """``SampleEncode`` then the extra options in their order (bos, eos, reverse). ``sample``:
        "chars" for BPE-dropout that drops every merge."""
        ids = self.populate(self.encoder(self.normalize(text), sample))
        if bos:
            ids.insert(0, self.special_id("bos"))
        if eos:
            ids.append(self.special_id("eos"))
        if reverse:
            ids.reverse()
        return ids

    def populate(self, result: list) -> list:
        """``PopulateSentencePieceText``: an unknown piece as its bytes' pieces with byte_fallback,
        else runs of unknown pieces given once."""
        ids, prev_unk = [], False
        for piece, i in result:
            unk = i == self.unk_id
            if unk and self.byte_fallback:
                ids.extend(self.piece_to_id(f"<0x{b:02X}>".encode()) for b in piece)
            elif not (unk and prev_unk):
                ids.append(i)
            prev_unk = unk
        return ids

    def decode(self, ids: list) -> bytes:
        """``SentencePieceProcessor::Decode`` of pieces: control pieces give nothing, the unk piece
        its surface, byte pieces their bytes (a run read as UTF-8, each invalid byte U+FFFD),
        others their text with U+2581 as a space; the first leading U+2581 is dropped where the
        normalizer adds a dummy prefix or removes extra whitespace."""
        pieces = [self.pieces[i] for i in ids]
        strip = self.norm["add_dummy_prefix"] or self.norm["remove_extra_whitespaces"]
        text, run, is_bos_ws, seen = bytearray(), bytearray(), True, False
        for piece in pieces:
            i = self.piece_to_id(piece)
            if self.types[i] == BYTE:
                run.append(BYTE_PIECES[piece])
                continue
            text += _utf8_or_replacement(run)
            run.clear()
            if seen or text:
                is_bos_ws = False
            seen = False
            kind = self.types[i]
            if kind == CONTROL:
                continue
            if kind == UNKNOWN:
                text += self.trainer["unk_surface"] if self.pieces[i] == piece else piece
                continue
            if is_bos_ws and strip and piece.startswith(SPACE_SYMBOL):
                piece = piece[len(SPACE_SYMBOL) :]
                seen = not self.norm["remove_extra_whitespaces"]
            text += piece.replace(SPACE_SYMBOL, b" ")
        text += _utf8_or_replacement(run)
        if self.denormalizer is not None:
            d = self.denorm
            return normalize(
                self.denormalizer,
                bytes(text),
                d["add_dummy_prefix"],
                d["remove_extra_whitespaces"],
                d["escape_whitespaces"],
            )
        return bytes(text)


def _utf8_or_replacement(data: bytes) -> bytes:
    """The bytes of a run of byte pieces: each valid UTF-8 character kept, each other byte U+FFFD."""
    out, i, n = bytearray(), 0, len(data)
    while i < n:
        size = _char_length(data, i)
        if size:
            out += data[i : i + size]
            i += size
        else:
            out += REPLACEMENT
            i += 1
    return bytes(out)
