"""NormalizeUnicode (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings

TEXTS = [
    "Hello world",
    "  Ｈｅｌｌｏ\u3000 ｗｏｒｌｄ  ",
    "caf\u00e9 cafe\u0301 na\u00efve Å Å",
    "\ufb01ve \u216b \u2460 \u1e9e ß x² ½ ℌ ㎒",
    "e\u0301 a\u0323\u0302 a\u0302\u0323 ǅ İ",
    "가 ㄱㅏ ᄀ\u1161 ㈜ 日本語 ｶﾞｶ",
    "emoji 😀\u200b👍🏽 end",
    "",
    "   ",
]
SKIPS = T("boolean", (len(TEXTS),), [i % 3 == 1 for i in range(len(TEXTS))])

TABLE = Table(
    "NormalizeUnicode",
    "extension",
    outputs=3,
    cases=[
        Case(strings(TEXTS), name="NFD, the default"),
        *(Case(strings(TEXTS), attrs={"normalization_form": f}) for f in ("NFC", "NFD", "NFKC", "NFKD")),
        Case(strings(TEXTS) + (SKIPS,), attrs={"normalization_form": "NFKC"}, outputs=4, name="with skips"),
        Case(
            strings([b"ab\xffc\xc3", b"\xe2\x82", b"\xed\xa0\x80 e\xcc\x81"]),
            attrs={"normalization_form": "NFC"},
            name="invalid UTF-8",
        ),
        Case(strings([]), name="no strings"),
        Case(
            (T("i32", (2, 2), [0, 3, 3, 6]), T("i32", (2, 2), [3, 3, 6, 9]), chars("ＡＢｂ")),
            attrs={"normalization_form": "NFKC"},
        ),
    ],
    errors=[
        Error(
            strings(["a"]),
            attrs={"normalization_form": "nfc"},
            match=r"normalization_form='nfc' is not one of NFC",
            at="lint",
        ),
        Error(
            strings(["a"]) + (T("u8", (1,), [1]),),
            match=r"NormalizeUnicode's skips must be boolean, got u8",
            code="S005",
            at="lint",
            outputs=4,
        ),
        Error(
            (T("i32", (2,), [0, 1]), T("i32", (2,), [1, 5]), chars("abc")),
            match=r"NormalizeUnicode's string 1 spans \[1, 5\), outside the 3",
            at="run",
        ),
        Error(
            strings(["a", "b"]) + (T("boolean", (3,), [False, True, False]),),
            match=r"NormalizeUnicode's skips has 3 flags for 2 strings",
            at="run",
            outputs=4,
            name="a skip flag per string, or refused",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
