"""Text as it is generated: each new token decoded with the ones before it, and the text printed
once it is whole. Decoding a token alone is wrong for byte-fallback and byte-level vocabularies
(a character may span tokens), so the streamer decodes everything generated so far and prints
what is new, holding back while the text ends in an incomplete character (U+FFFD) or rewrites
what was already printed (a decoder that strips or joins at the start). ``end()`` prints the
rest: what was printed is the text ``generate`` returns."""

from __future__ import annotations

from collections.abc import Callable

REPLACEMENT = "\ufffd"


class TextStreamer:
    def __init__(self, decode: Callable[[list], str], write: Callable[[str], None]):
        self._decode, self._write = decode, write
        self._tokens: list = []
        self._printed = ""

    def put(self, token: int) -> None:
        self._tokens.append(int(token))
        text = self._decode(self._tokens)
        if text.endswith(REPLACEMENT) or not text.startswith(self._printed):
            return
        self._emit(text)

    def end(self, text: str | None = None) -> None:
        """Print what is left of ``text`` (default: all tokens decoded), then start again."""
        final = self._decode(self._tokens) if text is None else text
        if final.startswith(self._printed):
            self._emit(final)
        self._tokens, self._printed = [], ""

    def _emit(self, text: str) -> None:
        new = text[len(self._printed) :]
        if new:
            self._write(new)
            self._printed = text
