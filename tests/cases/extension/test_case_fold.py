"""CaseFold (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings

TEXTS = [
    "Hello World",
    "  ÅBC  ẞ ß İ ı Σ ΣΑΣ ς ﬁ ǅ Ǆ ᾈ ŉ",
    "ＡＢＣ Ⅻ Ⓐ 𐐀 Ꭰ ꭰ ÀÉÎÕÜ",
    "日本語 😀 ЖЁЛТЫЙ",
    "",
    "MiXeD 123 !?",
]
SKIPS = T("boolean", (len(TEXTS),), [i % 2 == 1 for i in range(len(TEXTS))])

TABLE = Table(
    "CaseFold",
    "extension",
    outputs=3,
    cases=[
        Case(strings(TEXTS), name="utf-8, the default: simple case folding"),
        Case(strings(TEXTS), attrs={"encoding": "utf-8", "lower": "true"}),
        Case(strings(TEXTS) + (SKIPS,), outputs=4, name="utf-8 with skips"),
        Case(strings(TEXTS), attrs={"encoding": ""}, name="ASCII only"),
        Case(strings(TEXTS), attrs={"encoding": "", "lower": "false"}, name="ASCII upper-casing"),
        Case(strings([b"AB\xffC\xc3", b"\xe2\x82Z"]), name="invalid UTF-8: U+FFFD per byte"),
        Case(strings([b"AB\xffC\xc3", b"\xe2\x82Z"]), attrs={"encoding": ""}, name="ASCII: invalid bytes kept"),
        Case((T("i32", (2, 2), [4, 0, 2, 2]), T("i32", (2, 2), [6, 2, 2, 4]), chars("ABCDEF")), attrs={"encoding": ""}),
        Case(strings([])),
        Case(strings([]), attrs={"encoding": ""}),
        Case(
            strings(["AB", "CD", "Éf"]) + (T("boolean", (3,), [True, False, True]),),
            attrs={"encoding": ""},
            outputs=4,
            expect=([0, 2, 4], [2, 4, 7], list(b"ABcd\xc3\x89f"), [True, False, True]),
            oracle=False,
            why="with encoding '' the extension ignores skips: it lowers the skipped strings too ('abcd\xc3\x89f'), "
            "and leaves its skips output unwritten (empty, or whatever the memory held)",
        ),
    ],
    errors=[
        Error(
            strings(["a"]), attrs={"encoding": "ascii"}, match=r"CaseFold's encoding='ascii' is not one of", at="lint"
        ),
        Error(strings(["a"]), attrs={"lower": "false"}, match=r"no upper-casing for encoding='utf-8'", at="lint"),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [1]), T("i8", (1,), [65])),
            match=r"CaseFold's chars must be u8, got i8",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
