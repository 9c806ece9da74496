"""Regular expressions as openvino_tokenizers runs them: PCRE2 (10.43 or later), compiled with
``PCRE2_UTF | PCRE2_UCP`` (Unicode properties for ``\\w``, ``\\d``, ``\\s`` and ``\\b``), matched on
each string's UTF-8 bytes from a byte offset, replaced by ``pcre2_substitute``'s ``$n``/``${name}``
syntax.

The engine is the ``regex`` package (the ``text`` extra): of Python's engines it is the one with
PCRE's flavour (``\\p{L}``, possessive quantifiers, atomic groups, variable-length lookbehind,
``\\R``, POSIX classes, branch reset) where ``re`` has none of them. What it reads otherwise is
rewritten first, in one pass over the pattern: the spellings it lacks (``\\x{...}``, ``\\o{...}``,
``\\Q...\\E``, ``\\e``, ``\\z``/``\\Z``, ``\\N``, ``\\h``/``\\v`` as PCRE2's horizontal and vertical
space, ``\\p{Xan}``, ``\\p{Xsp}``, ``\\p{Xps}``, ``\\p{Xwd}``), and the classes whose members differ:
PCRE2's ``\\s`` takes U+180E, its ``\\w`` is letters, numbers, ``\\p{Mn}`` and ``\\p{Pc}`` (so ``\\b``
too), and a script (``\\p{Han}``) is matched by Script_Extensions (``。`` is Han). A complemented
set inside a class (``[^\\S\\n]``) becomes lookaheads and alternatives. What the extension does
where PCRE2 fails is kept: a pattern PCRE2 cannot compile (or not UTF-8) matches nothing (its ops
then leave the strings as they are), and a replacement that names an unset or unknown group, or
a malformed ``$``, leaves the string as it was.

A PCRE pattern may backtrack without bound (``(a+)+$``), and the pattern comes from the file: each
search and substitution runs under a time budget proportional to the string (``budget``), and one
that overruns it stops the run with one line naming the op and the pattern, never a hang."""

from __future__ import annotations

import functools

import numpy as np

from ...errors import ExecutionError

# Seconds a search or a substitution may take: a floor for short strings, then per byte. A
# tokenizer's patterns take microseconds per string.
BUDGET_FLOOR, BUDGET_PER_BYTE = 2.0, 1e-5

_ESCAPED = {"e": r"\x1b", "z": r"\Z", "Z": r"(?=\n?\Z)"}

# PCRE2's classes under PCRE2_UCP, as class contents. ``regex`` reads \s as White_Space, which
# leaves out U+180E (in PCRE2's \h), and \w as Unicode's word characters (marks of every kind,
# Join_Control) where PCRE2 10.43+ takes letters, numbers (\p{N}: also ² and Ⅷ), \p{Mn}, \p{Pc}.
_H = r"\t \xa0\u1680\u180e\u2000-\u200a\u202f\u205f\u3000"
_V = r"\n\x0b\f\r\x85\u2028\u2029"
_SPACE = r"\p{Z}\t\n\x0b\f\r\x85\u180e"
_WORD = r"\p{L}\p{N}\p{Mn}\p{Pc}"
_SETS = {"s": _SPACE, "w": _WORD, "h": _H, "v": _V}
# PCRE2's own properties, which ``regex`` does not know.
_PROPS = {"xan": r"\p{L}\p{N}", "xsp": _SPACE, "xps": _SPACE, "xwd": _WORD}
_BOUNDARY = {
    "b": rf"(?:(?<=[{_WORD}])(?![{_WORD}])|(?<![{_WORD}])(?=[{_WORD}]))",
    "B": rf"(?:(?<=[{_WORD}])(?=[{_WORD}])|(?<![{_WORD}])(?![{_WORD}]))",
}


def _engine():
    try:
        import regex
    except ImportError:
        raise ExecutionError(
            "tokenizer ops need the 'regex' package for their PCRE patterns: pip install 'irexec[text]'"
        ) from None
    return regex


def budget(n_bytes: int) -> float:
    return BUDGET_FLOOR + BUDGET_PER_BYTE * n_bytes


def _code_point(digits: str, base: int) -> str:
    cp = int(digits, base)
    if cp > 0x10FFFF:
        raise ValueError("code point out of range")
    return rf"\U{cp:08x}"


# The general categories (p{L}, p{Mn}, ...): any other name ``regex`` reads as a script is one.
_CATEGORIES = {"l&", "lc", "any"} | {c + x for c in "lmnpszc" for x in ("", *"uldtmoecfknrsipz")}


@functools.lru_cache(maxsize=256)
def _is_script(name: str) -> bool:
    """Whether PCRE2 reads \\p{name} as a script, which since 10.40 it matches by Script_Extensions
    (。 is Han, as it is Hiragana and Katakana), where ``regex`` reads the Script property."""
    if name in _CATEGORIES or ":" in name or "=" in name:
        return False
    regex = _engine()
    try:
        regex.compile(rf"\p{{scx={name}}}")
    except regex.error:
        return False
    return True


def _escape(p: str, i: int) -> tuple:
    """The escape at ``p[i] == "\\"``, in or out of a class: (kind, text, next i). kind is "lit"
    (``regex`` text that stands for itself in or out of a class), "set"/"notset" (class contents
    and whether the escape is its complement), "raw" (copied; its meaning is the same in both), or
    "b"/"B"/"N"/"E" (out of a class only)."""
    n = len(p)
    if i + 1 >= n:
        raise ValueError("\\ at end of pattern")
    nxt = p[i + 1]
    if nxt in "xo" and p[i + 2 : i + 3] == "{":
        close = p.find("}", i + 3)
        if close < 0:
            raise ValueError("\\x{ without }")
        return "lit", _code_point(p[i + 3 : close], 16 if nxt == "x" else 8), close + 1
    if nxt == "Q":
        close = p.find("\\E", i + 2)
        end = n if close < 0 else close
        return (
            "lit",
            "".join("\\" + c if c.isascii() and not c.isalnum() else c for c in p[i + 2 : end]),
            n if close < 0 else close + 2,
        )
    if nxt in _ESCAPED:
        return "lit", _ESCAPED[nxt], i + 2
    if nxt.lower() in _SETS:
        return ("set" if nxt.islower() else "notset"), _SETS[nxt.lower()], i + 2
    if nxt in "pP" and p[i + 2 : i + 3] == "{":
        close = p.find("}", i + 3)
        if close < 0:
            raise ValueError("\\p{ without }")
        name = p[i + 3 : close].replace(" ", "").replace("_", "").lower()
        negated = (nxt == "P") != name.startswith("^")
        if name.lstrip("^") in _PROPS:
            return ("notset" if negated else "set"), _PROPS[name.lstrip("^")], close + 1
        if _is_script(name.lstrip("^")):
            return "raw", rf"\{'P' if negated else 'p'}{{scx={name.lstrip('^')}}}", close + 1
        return "raw", p[i : close + 1], close + 1
    if nxt == "c":
        return "raw", p[i : i + 3], i + 3
    if nxt in "bBE" or (nxt == "N" and p[i + 2 : i + 3] != "{"):
        return nxt, "", i + 2
    return "raw", p[i : i + 2], i + 2


def _class(p: str, i: int) -> tuple:
    """The class opening at ``p[i] == "["``, in ``regex``'s terms: (text, next i). A complemented
    set inside (``[^\\S\\d]``) becomes lookaheads and alternatives, which VERSION0 classes lack."""
    n, j = len(p), i + 1
    negated = p[j : j + 1] == "^"
    j += negated
    items, sets, notsets, first = [], [], [], True
    while True:
        if j >= n:
            raise ValueError("missing ]")
        c = p[j]
        if c == "]" and not first:
            j += 1
            break
        first = False
        if c == "[" and p[j + 1 : j + 2] in (":", ".", "="):
            close = p.find(p[j + 1] + "]", j + 2)
            if close > 0:
                items.append(p[j : close + 2])
                j = close + 2
                continue
        if c in "[]":
            items.append("\\" + c)
            j += 1
        elif c != "\\":
            items.append(c)
            j += 1
        else:
            kind, text, j = _escape(p, j)
            if kind == "set":
                sets.append(text)
            elif kind == "notset":
                notsets.append(text)
            elif kind == "b":
                items.append(r"\x08")
            elif kind in "BNE":  # (\E alone is nothing; \B, \N in a class PCRE2 refuses)
                if kind != "E":
                    raise ValueError(f"\\{kind} in a class")
            else:
                items.append(text)
    body = "".join(items) + "".join(sets)  # (sets last: never an end of a range)
    if not notsets:
        return "[" + "^" * negated + body + "]", j
    if not negated:  # any of the class's own, or outside one of the complemented sets
        alts = ([f"[{body}]"] if body else []) + [f"[^{s}]" for s in notsets]
        return "(?:" + "|".join(alts) + ")", j
    # none of the class's own, and inside every complemented set
    guard = f"(?![{body}])" if body else ""
    return "(?:" + guard + "".join(f"(?=[{s}])" for s in notsets[:-1]) + f"[{notsets[-1]}])", j


def translate(pattern: str) -> str:
    """PCRE2's spellings and classes in ``regex``'s: one pass, linear."""
    out, i, n = [], 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "[":
            text, i = _class(pattern, i)
            out.append(text)
            continue
        if c != "\\":
            out.append(c)
            i += 1
            continue
        kind, text, i = _escape(pattern, i)
        if kind == "set":
            out.append(f"[{text}]")
        elif kind == "notset":
            out.append(f"[^{text}]")
        elif kind in _BOUNDARY:
            out.append(_BOUNDARY[kind])
        elif kind == "N":
            out.append(r"[^\n]")
        elif kind != "E":  # (an \E with no \Q: PCRE ignores it)
            out.append(text)
    return "".join(out)


class Pattern:
    """One compiled pattern (``None`` inside: PCRE2 would not compile it, invalid UTF-8 included)."""

    def __init__(self, op: str, source: bytes):
        self.op, self.text = op, source.decode("utf-8", "surrogateescape")
        regex = _engine()
        try:
            source.decode("utf-8")
            self.compiled = regex.compile(translate(self.text), regex.VERSION0)
        except (regex.error, ValueError, OverflowError, RecursionError):
            self.compiled = None

    def _overrun(self, n: int):
        return ExecutionError(
            f"{self.op}'s pattern {self.text[:80]!r} ran past {budget(n):.1f} s on a {n}-byte string "
            "(it backtracks without bound): stopped"
        )

    def find(self, text: str, pos: int, n_bytes: int):
        """The first match at or after char ``pos`` (lookbehind sees before it, ``^`` does not match
        there unless ``pos`` is 0, as pcre2_match from an offset): a ``regex`` match, or None."""
        if self.compiled is None:
            return None
        try:
            return self.compiled.search(text, pos, timeout=budget(n_bytes))
        except TimeoutError:
            raise self._overrun(n_bytes) from None

    def search(self, text: str, pos: int, n_bytes: int):
        """As ``find``: (start, end) in chars, or None."""
        m = self.find(text, pos, n_bytes)
        return None if m is None else m.span()

    def substitute(self, text: str, replacement: Replacement, everywhere: bool) -> str:
        """pcre2_substitute: every match (``everywhere``) or the first replaced; the text unchanged
        when the replacement names a group the match left unset or the pattern lacks."""
        if self.compiled is None:
            return text
        n_bytes = len(text)
        try:
            return self.compiled.sub(replacement.expand, text, count=0 if everywhere else 1, timeout=budget(n_bytes))
        except TimeoutError:
            raise self._overrun(n_bytes) from None
        except _Unset:
            return text


def pairs_set(match) -> int:
    """What pcre2_match returns for a match: one more than the highest group that is set."""
    spans = match.regs
    return 1 + max((k for k in range(1, len(spans)) if spans[k][0] >= 0), default=0)


class _Unset(Exception):
    """A replacement named a group that did not take part in the match (PCRE2_ERROR_UNSET)."""


class Replacement:
    """pcre2_substitute's replacement syntax (without its extended mode): ``$$`` is ``$``, ``$n``
    (digits as far as they go), ``${n}``, ``$name`` and ``${name}`` (ASCII word characters, not
    starting with a digit) a group's text; everything else, backslashes included, is itself. A
    malformed ``$`` (``${`` unclosed, ``$`` then nothing usable) fails the substitution: the text
    stays as it was, as the extension leaves it."""

    def __init__(self, source: bytes):
        text = source.decode("utf-8", "surrogateescape")
        self.parts: list = []  # str: literal; int or str (a name) in a tuple: a group
        self.broken = False
        i, n, literal = 0, len(text), []
        while i < n:
            c = text[i]
            if c != "$":
                literal.append(c)
                i += 1
                continue
            if i + 1 < n and text[i + 1] == "$":
                literal.append("$")
                i += 2
                continue
            braced = i + 1 < n and text[i + 1] == "{"
            j = i + 1 + braced
            digits = j < n and text[j].isdigit() and text[j].isascii()
            k = j
            while (
                k < n and text[k].isascii() and (text[k].isdigit() if digits else text[k].isalnum() or text[k] == "_")
            ):
                k += 1
            ref = text[j:k]
            if braced:
                if k >= n or text[k] != "}":
                    ref = ""
                k += 1
            if not ref:
                self.broken = True
                break
            i = k
            if literal:
                self.parts.append("".join(literal))
                literal = []
            self.parts.append((int(ref),) if digits else (ref,))
        if literal:
            self.parts.append("".join(literal))

    def expand(self, match) -> str:
        if self.broken:
            raise _Unset
        out = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            try:
                value = match.group(part[0])
            except (IndexError, KeyError, ValueError):  # no such group: PCRE2 refuses the substitution
                raise _Unset from None
            if value is None:
                raise _Unset
            out.append(value)
        return "".join(out)


def byte_offsets(text: str, raw: bytes) -> np.ndarray | None:
    """For each char index (and one past the end) its byte offset in ``raw``, the UTF-8 of
    ``text``; None when they coincide (ASCII). surrogateescape'd bytes are one char each."""
    if len(raw) == len(text):
        return None
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), "<u4")
    width = 1 + (points >= 0x80) + (points >= 0x800) + (points >= 0x10000)
    width[(points >= 0xDC80) & (points <= 0xDCFF)] = 1
    return np.concatenate(([0], np.cumsum(width)))


def char_offsets(offsets: np.ndarray | None, byte_pos: int) -> int:
    """The char index at byte ``byte_pos`` (a char boundary)."""
    return byte_pos if offsets is None else int(np.searchsorted(offsets, byte_pos))
