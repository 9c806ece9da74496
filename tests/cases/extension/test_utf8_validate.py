"""UTF8Validate (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings

VALID = ["Hello", " caf\u00e9", " 日本語", " 😀👍🏽", ""]
INVALID = [
    b"ab\xffc",  # a byte that starts nothing
    b"\x80\xbf x",  # stray continuations
    b"\xe2\x82",  # cut short by the end
    b"\xe2\x82A\xe2\x82\xac",  # cut short by a byte that starts afresh
    b"\xc0\xaf \xe0\x80\xaf \xf0\x80\x80\xaf",  # overlongs: one U+FFFD per byte
    b"\xc1\xbf",  # overlong 2-byte
    b"\xed\xa0\x80 \xf4\x90\x80\x80 \xf7\xbf\xbf\xbf",  # surrogate, past U+10FFFF: kept
    b"\xf8\x88\x80\x80\x80 \xfe\xff",
    b"\xf0\x9f\x98",  # an emoji cut by the token's end
    b"\x80",
]

TABLE = Table(
    "UTF8Validate",
    "extension",
    outputs=3,
    cases=[
        Case(strings(VALID + INVALID), name="replace_mode left out: invalid dropped"),
        Case(strings(VALID + INVALID), attrs={"replace_mode": "true"}, name="U+FFFD per invalid sequence"),
        Case(strings(VALID + INVALID), attrs={"replace_mode": "false"}),
        Case(
            strings([b"\xf0\x9f", b"\x98\x80"]), attrs={"replace_mode": "true"}, name="an emoji split between strings"
        ),
        Case(strings(VALID)),
        Case(
            (T("i32", (2,), [2, 4]), T("i32", (2,), [4, 6]), chars(b"xxab\xffc")),
            attrs={"replace_mode": "true"},
            expect=([0, 2], [2, 6], list(b"ab\xef\xbf\xbdc")),
            oracle=False,
            name="strings not from 0",
            why="the extension writes from begins[0] on but sizes its chars from 0: offsets shifted, the tail cut off",
        ),
        Case(
            (T("i32", (2, 2), [0, 1, 2, 3]), T("i32", (2, 2), [1, 2, 3, 4]), chars(b"a\xffbc")),
            attrs={"replace_mode": "true"},
            expect=([[0, 1], [4, 5]], [[1, 4], [5, 6]], list(b"a\xef\xbf\xbdbc")),
            oracle=False,
            name="2-D strings",
            why="the extension walks only the first dimension's count of strings, leaving the others unwritten",
        ),
    ],
    errors=[
        Error(
            (T("i32", (2,), [0, 1]), T("i32", (2,), [1, 5]), chars("abc")),
            match=r"UTF8Validate's string 1 spans \[1, 5\), outside the 3",
            at="run",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [1]), T("i8", (1,), [1])),
            match=r"UTF8Validate's chars must be u8, got i8",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
