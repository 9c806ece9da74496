"""irexec/ops/extension/_regex.py: PCRE2's spellings and classes translated for ``regex``,
pcre2_substitute's replacement syntax, and the time budget that stops a pattern backtracking
without bound."""

import time

import pytest

pytest.importorskip("regex")

from irexec.errors import ExecutionError  # noqa: E402
from irexec.ops.extension import _regex  # noqa: E402
from irexec.ops.extension._regex import Pattern, Replacement, translate  # noqa: E402


def spans(pattern: str, text: str) -> list:
    p, out, pos = Pattern("T", pattern.encode()), [], 0
    while (m := p.search(text, pos, len(text.encode()))) is not None and m[0] != m[1]:
        out.append(text[m[0] : m[1]])
        pos = m[1]
    return out


def sub(pattern: str, replacement: str, text: str, everywhere: bool = True) -> str:
    return Pattern("T", pattern.encode()).substitute(text, Replacement(replacement.encode()), everywhere)


@pytest.mark.parametrize(
    "pattern,text,want",
    [
        (r"\x{4E00}\x{1F600}", "\u4e00\U0001f600", ["\u4e00\U0001f600"]),
        (r"\o{101}", "A", ["A"]),
        (r"\Qa.b*\E", "a.b*axbb", ["a.b*"]),
        (r"[\Q]^\E]+", "x]^y", ["]^"]),
        (r"a\E", "a", ["a"]),
        (r"\e", "\x1b", ["\x1b"]),
        (r"a\z", "a\n a", ["a"]),
        (r"a\Z", "a\n", ["a"]),
        # \s under UCP: U+180E (in \h) is a space to PCRE2, U+200B and U+001C are not.
        (r"\s", "\u180e\u200b\x1c\x85\u2029", ["\u180e", "\x85", "\u2029"]),
        (r"[^\s]+", "a\u180eb", ["a", "b"]),
        (r"\S+", "a\u180eb", ["a", "b"]),
        (r"\h+", "\t \xa0\n\u3000", ["\t \xa0", "\u3000"]),
        (r"\v+", "a\n\x0b\x0c\r\x85b", ["\n\x0b\x0c\r\x85"]),
        (r"\H\V", "ab", ["ab"]),
        # \w: letters, \p{N} (², Ⅷ, ½), \p{Mn}, \p{Pc}; not \p{Mc} (U+0903).
        (r"\w+", "a²Ⅷ½e\u0301‿x\u0903y", ["a²Ⅷ½e\u0301‿x", "y"]),
        (r"\W", "a\u0903", ["\u0903"]),
        (r"\bx", "x ax x²", ["x", "x"]),
        (r"a\B", "ab a", ["a"]),
        (r"\N+", "ab\ncd", ["ab", "cd"]),
        (r"\p{Xan}+|\p{Xwd}", "a1_-", ["a1", "_"]),
        (r"\P{Xsp}+", "a b", ["a", "b"]),
        # Complemented sets inside classes.
        (r"[^\S\n]+", "a \t\nb", [" \t"]),
        (r"[\S\n]+", "a \nb", ["a", "\nb"]),
        (r"[^\W\d]+", "ab12cd", ["ab", "cd"]),
        (r"[]a]+", "]a]", ["]a]"]),
        (r"[\[-`]", "x[_`", ["[", "_", "`"]),
        (r"[[:alpha:]]+", "ab1", ["ab"]),
        # Scripts by Script_Extensions: 。 and ー are Han, Hiragana and Katakana.
        (r"\p{Han}", "東。ーa", ["東", "。"]),
        (r"\p{Katakana}+", "タワー。", ["タワー。"]),
        (r"\p{L}\p{Mn}", "e\u0301", ["e\u0301"]),
        (r"(?i:'s|'LL)", "'S 'll", ["'S", "'ll"]),
    ],
)
def test_translated_patterns_match_as_pcre2(pattern, text, want):
    assert spans(pattern, text) == want


@pytest.mark.parametrize("pattern", [r"(", r"[a", r"\x{110000}", r"\p{Nonsense}", "a\\", r"[\B]"])
def test_what_pcre2_cannot_compile_matches_nothing(pattern):
    p = Pattern("T", pattern.encode())
    assert p.compiled is None and p.search("abc", 0, 3) is None
    assert p.substitute("abc", Replacement(b"x"), True) == "abc"


def test_a_pattern_not_utf8_matches_nothing():
    assert Pattern("T", b"\xff").compiled is None


def test_search_from_an_offset():
    p = Pattern("T", rb"(?<=a)b|^c")
    assert p.search("abab", 2, 4) == (3, 4)  # lookbehind sees before the offset
    assert p.search("xc", 1, 2) is None  # ^ is the string's start, not the offset


@pytest.mark.parametrize(
    "pattern,replacement,text,want",
    [
        (r"(a)(b)", "$2$1", "ab", "ba"),
        (r"(a)(b)", "${2}x${1}", "ab", "bxa"),
        (r"(a)", "$$1", "a", "$1"),
        (r"(a)", "$10", "a", "a"),  # group 10: unknown, the string stays
        (r"(?<n>a)", "<$n${n}>", "a", "<aa>"),
        (r"(a)", "$1b", "a", "ab"),  # digits as far as they go, then literal
        (r"(a)|(b)", "$2", "ab", "ab"),  # an unset group: the string stays
        (r"(a)", "${1", "a", "a"),  # malformed
        (r"(a)", "x$", "a", "a"),  # malformed
        (r"(a)", "${1a}", "a", "a"),  # malformed
        (r"(a)", r"\1\n", "a", r"\1\n"),  # backslashes are themselves (the op rewrites \1)
        (r"x*", "-", "abxd", "-a-b--d-"),
        (r"a", "b", "aaa", "bbb"),
    ],
)
def test_replacement_syntax(pattern, replacement, text, want):
    assert sub(pattern, replacement, text) == want


def test_first_match_only():
    assert sub(" ", "_", "a b c", everywhere=False) == "a_b c"


# (``regex`` answers (a+)+$ at once; these two it backtracks on, as PCRE2 would.)
@pytest.mark.parametrize("pattern", [r"(a|aa)+$", r"(a|a)+$"])
def test_budget_stops_catastrophic_backtracking(pattern, monkeypatch):
    monkeypatch.setattr(_regex, "BUDGET_FLOOR", 0.05)
    monkeypatch.setattr(_regex, "BUDGET_PER_BYTE", 0.0)
    text = "a" * 40 + "!"
    p = Pattern("RegexSplit", pattern.encode())
    started = time.perf_counter()
    with pytest.raises(ExecutionError, match=r"RegexSplit's pattern .* ran past 0\.1 s on a 41-byte string") as e:
        p.search(text, 0, len(text))
    assert time.perf_counter() - started < 2.0
    assert "\n" not in str(e.value)
    with pytest.raises(ExecutionError, match="backtracks without bound"):
        p.substitute(text, Replacement(b"x"), True)


def test_translate_is_one_pass():
    assert translate("a" * 100000 + r"\s").endswith("]")
