"""RegexNormalization (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings

# The normalizers' patterns, as openvino_tokenizers writes them (RegexNormalizationStep).
CONTROL = r"([\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cf}])"
TEXTS = [
    "Hello, World! It's 2024.",
    "naïve café — Ünïcödé",
    "東京タワーは333mです。",
    "",
    "emoji 🚀🎉👍🏽 x",
    "  lead and trail  ",
    "ctl\x00\x07\x1b\x7f\x85\u200b\u200d\ufeff end\u00ad",
]
SPACES = "a\tb\nc\x0bd\x0ce\rf g\x85h\xa0i\u1680j\u180ek\u2000l\u2028m\u3000n\u200bo\x1cp"
NFD = "cafe\u0301 nai\u0308ve A\u030a e\u0303\u0323"


def norm(texts, pattern, replacement, attrs=None, name="", **kw):
    return Case(
        strings(texts) + (chars(pattern, const=True), chars(replacement, const=True)),
        attrs=attrs or {},
        name=name,
        **kw,
    )


def with_skips(texts, skips, pattern, replacement, attrs=None, name="", **kw):
    ins = strings(texts) + (
        T("boolean", (len(texts),), skips),
        chars(pattern, const=True),
        chars(replacement, const=True),
    )
    return Case(ins, attrs=attrs or {}, name=name, outputs=4, **kw)


TABLE = Table(
    "RegexNormalization",
    "extension",
    outputs=3,
    cases=[
        norm(TEXTS, CONTROL, "", {"global_replace": "true"}, "BERT: control characters removed"),
        norm([SPACES], CONTROL, "", name="control characters among spaces, global_replace left out"),
        norm(TEXTS + [SPACES], r"\s", " ", {"global_replace": "true"}, "BERT: every space to ' '"),
        norm(TEXTS, r"([\p{Han}])", " $1 ", {"global_replace": "true"}, "BERT: CJK spaced"),
        norm([NFD] + TEXTS, r"\p{Mn}", "", {"global_replace": "true"}, "strip accents"),
        norm(TEXTS, r"^(\S)", " $1", {"global_replace": "true"}, "add prefix space"),
        norm(TEXTS, " ", "▁", {"global_replace": "true"}, "Metaspace: spaces"),
        norm(TEXTS, " ", "▁", {"global_replace": "false"}, "the first match only"),
        norm(["▁a", "b c", "", " "], r"(^)([^▁])", "▁$2", {"global_replace": "false"}, "Metaspace: prepend with check"),
        norm(["a", "", "\nb"], r"(?:^)([\s\S])", "▁$1", {"global_replace": "false"}, "Prepend"),
        norm(TEXTS + [SPACES], r"^\s*|\s*$", "", {"global_replace": "true"}, "Strip"),
        norm(TEXTS, r"^\s*", "", {"global_replace": "true"}, "Strip, left"),
        norm(["abxd", "", "xx"], r"x*", "-", name="empty matches"),
        norm(["ab", "ba"], r"(a)|(b)", "[\\1]", name="\\1 rewritten to $1; an unset group leaves the string"),
        norm(["ab"], r"(a)(b)", "${2}$1$$", name="${n} and $$"),
        norm(["ab"], r"(?<x>a)", "<${x}$x>", name="named groups"),
        norm(["ab"], r"(a)", "$2", name="an unknown group leaves the string"),
        norm(["ab"], r"(a)", "${1", name="a malformed $ leaves the string"),
        norm(["ab"], r"(a)", "$1x\\n\\\\", name="backslashes are themselves"),
        norm(["ab", "xyz"], r"(", "-", name="a pattern PCRE2 cannot compile leaves the strings"),
        norm(["abc", "x"], r"(^)(.+)", "<$2>", name="an old pattern rewritten: (^)(.+) takes one char"),
        norm(["abc"], r"(^)(.)", "<$2>", name="an old pattern rewritten: (^)(.)"),
        norm(
            ["Hello , world ! I 'm n't"],
            r" ([\\.\\?\\!,])| ('[ms])| (') | ('[rv]e)| (n't)",
            "$1",
            name="an old pattern rewritten: branch reset",
        ),
        Case(
            (
                T("i32", (2, 2), [0, 2, 4, 4]),
                T("i32", (2, 2), [2, 4, 4, 6]),
                chars("a bc d e"),
                chars(" ", True),
                chars("_", True),
            ),
            name="2-D strings",
        ),
        norm(["", ""], r"^", "x", name="every string empty: ^ matches"),
        norm([], " ", "_", name="no strings"),
        with_skips(["<s>", "a b", "</s> x"], [True, False, True], " ", "▁", name="skips left as they are"),
        with_skips(["a b"], [False], " ", "▁", {"global_replace": "false"}, "skips: none set"),
        # The extension's buffer: 4 x (the string's bytes + the replacement's x what pcre2_match
        # gives for the first match); a result that does not fit with its terminating zero is dropped.
        norm(
            ["aaaaaa", "aaaaa"],
            "a",
            "b" * 12,
            name="a result one zero past the extension's buffer (72 bytes in 72) leaves the string",
            expect=([0, 6], [6, 66], list(b"aaaaaa" + b"b" * 60)),
        ),
        norm(
            ["aaaaa", "aaaaaa"],
            "a",
            "b" * 19,
            name="a result and its zero filling the extension's buffer (95 bytes in 96)",
            expect=([0, 95], [95, 101], list(b"b" * 95 + b"aaaaaa")),
        ),
        norm(
            ["aaaaa", "aaaa"],
            "a",
            "b" * 21,
            name="a result a byte past the extension's buffer (105 bytes in 104)",
            expect=([0, 5], [5, 89], list(b"aaaaa" + b"b" * 84)),
        ),
        norm(
            ["aaaaaa", "baaaaa", "abaaaa"],
            "b|(a)",
            "c" * 12,
            name="the buffer counts the first match's groups",
            expect=([0, 72, 78], [72, 78, 150], list(b"c" * 72 + b"baaaaa" + b"c" * 72)),
        ),
        norm(
            ["      ", "     "],
            " ",
            "▁▁▁▁",
            name="the buffer counts bytes",
            expect=([0, 6], [6, 66], list(b"      " + "▁".encode() * 20)),
        ),
    ],
)

ONE = strings(["a b"])
PAT, REP = chars(" ", const=True), chars("_", const=True)
TABLE.errors = [
    Error(
        ONE + (T("i32", (1,), [32], const=True), REP),
        match="RegexNormalization's pattern_or_skips must be u8 or boolean, got i32",
        code="S005",
        at="lint",
    ),
    Error(
        ONE + (PAT, T("u8", (1, 1), [32], const=True)),
        match=r"RegexNormalization's replacement must be a 1-D u8 tensor, got shape \[1,1\]",
        code="S005",
        at="lint",
    ),
    Error(
        ONE + (T("u8", (1,), [0]), PAT, REP),
        match="RegexNormalization's skips must be boolean, got u8",
        code="S005",
        at="lint",
        outputs=4,
    ),
    Error(
        (T("i32", (1,), [0]), T("i32", (1,), [9]), chars("a b"), PAT, REP),
        match=r"RegexNormalization's string 0 spans \[0, 9\), outside the 3 it ranges over",
        at="run",
    ),
    Error(
        ONE + (T("boolean", (2,), [False, False]), PAT, REP),
        match="RegexNormalization's skips hold 2 flags for 1 strings",
        at="run",
        outputs=4,
    ),
]

test_cases, test_errors = TABLE.pytest()
