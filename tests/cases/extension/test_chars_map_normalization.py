"""CharsMapNormalization (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._charsmaps import NFKC_SAMPLE, darts_blob
from ._strings import chars, strings

MAP = chars(darts_blob(NFKC_SAMPLE), const=True)
TEXTS = [
    "Hello world",
    "  Ｈｅｌｌｏ\u3000 ｗｏｒｌｄ  ",
    "caf\u00e9 cafe\u0301 na\u00efve",
    "\ufb01ve \u216b \u2460 \u1e9e ß",
    "日本語 ｶﾞｶ テスト",
    "emoji 😀\u200b👍🏽 end",
    "",
    "   ",
    "tab\there\u00a0nbsp",
]
ACCENTS = [
    "Ça va? Ｗｈａｔ'ｓ ＵＰ",
    "  Grüße, ẞ ŉ ǅ İstanbul ΣΑΣ ᾈ  ",
    "e\u0301 a\u0323\u0302 Å Å",
    "가 ㄱㅏ ᄀ\u1161 ㈜ ｶﾞ",
    "x² ½ ﬃ ℌ ㎒",
]
SKIPS = T("boolean", (len(TEXTS),), [i % 3 == 1 for i in range(len(TEXTS))])
WS = {"add_dummy_prefix": "true", "escape_whitespaces": "true"}


def form(name, **attrs):
    return {"normalization_form": name, **{k: str(v).lower() for k, v in attrs.items()}}


TABLE = Table(
    "CharsMapNormalization",
    "extension",
    outputs=3,
    cases=[
        Case(strings(TEXTS) + (MAP,), name="precompiled charsmap, attributes left out"),
        Case(strings(TEXTS) + (MAP,), attrs=WS, name="T5/ALBERT: dummy prefix, escaped spaces"),
        Case(strings(TEXTS) + (MAP,), attrs={**WS, "remove_extra_whitespaces": "false"}, name="spaces kept"),
        Case(strings(TEXTS) + (MAP,), attrs={"remove_extra_whitespaces": "false", "add_dummy_prefix": "true"}),
        Case(strings(TEXTS) + (SKIPS, MAP), attrs=WS, outputs=4, name="with skips"),
        Case(
            strings([b"ab\xffc\xc3", b"\xe2\x82", b"\xed\xa0\x80 x", b"\xc0\xafA"]) + (MAP,),
            name="invalid UTF-8: U+FFFD per byte",
        ),
        Case(strings([]) + (MAP,), name="no strings"),
        Case(
            strings(TEXTS) + (chars(darts_blob({"x": "y"}), const=True),),
            attrs={"nmt": "true"},
            name="nmt read by nothing",
        ),
        Case(
            strings(TEXTS) + (T("u8", (0,), [], const=True),), attrs=WS, name="an empty charsmap: whitespace rules only"
        ),
        Case(
            strings(TEXTS + ACCENTS) + (MAP,), attrs={"case_fold": "true"}, name="case_fold not applied to a charsmap"
        ),
        Case(
            strings(TEXTS) + (SKIPS, chars(darts_blob({"H": "J"}), const=True)),
            attrs=form("nfkc"),
            outputs=4,
            name="built-in form: a charsmap after skips ignored",
        ),
        Case(strings(TEXTS + ACCENTS), attrs=form("nfkc"), name="built-in NFKC"),
        Case(
            strings(TEXTS + ACCENTS),
            attrs=form("NFKC", case_fold=True, remove_extra_whitespaces=False),
            name="NFKC, case fold",
        ),
        Case(strings(TEXTS + ACCENTS), attrs=form("nfc", add_dummy_prefix=True, escape_whitespaces=True)),
        Case(strings(TEXTS + ACCENTS), attrs=form("nfd", case_fold=True)),
        Case(strings(TEXTS + ACCENTS), attrs=form("nfkd", remove_extra_whitespaces=False)),
        Case(strings(TEXTS + ACCENTS), attrs=form("identity", case_fold=True), name="case fold only: simple folding"),
        Case(strings(TEXTS) + (SKIPS,), attrs=form("nfkc", case_fold=True), outputs=4, name="built-in form with skips"),
        Case(
            (T("i32", (2, 2), [0, 3, 3, 9]), T("i32", (2, 2), [3, 3, 9, 12]), chars("ＡＢｂ\u3000 x  ｂ")) + (MAP,),
            name="2-D strings",
        ),
    ],
    errors=[
        Error(strings(["a"]), attrs={}, match=r"with normalization_form '' needs a charsmap", at="lint"),
        Error(
            strings(["a"]) + (MAP,),
            attrs=form("nfkc"),
            match=r"takes skips \(boolean\) after the strings, not a charsmap",
            at="lint",
            outputs=3,
        ),
        Error(strings(["a"]), attrs=form("nfx"), match=r"normalization_form='nfx' is not one of", at="lint"),
        Error(
            strings(["a"]), attrs=form("identity"), match=r"no map for normalization_form='identity' without case_fold"
        ),
        Error(
            strings(["a"]) + (chars(b"\x10\0\0\0abc", const=True),),
            match=r"charsmap says its trie holds 16 bytes",
            at="run",
        ),
        Error(
            strings(["a"]) + (chars(b"\x04\0\0\0\0\0\0\0", const=True),),
            match=r"its trie points past its 1 units",
            at="run",
        ),
        Error(
            (T("i64", (1,), [0]), T("i32", (1,), [1]), chars("a"), MAP),
            match=r"CharsMapNormalization's begins must be i32, got i64",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
