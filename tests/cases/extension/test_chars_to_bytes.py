"""CharsToBytes (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, ragged


def gpt2(text: bytes) -> str:
    """``text`` in GPT-2's byte-level alphabet (as BytesToChars writes it)."""
    printable = [*range(33, 127), *range(161, 173), *range(174, 256)]
    extra = [b for b in range(256) if b not in printable]
    return "".join(chr(b) if b in printable else chr(256 + extra.index(b)) for b in text)


TOKENS = [
    [gpt2(b"Hello"), gpt2(b" world"), gpt2(b"!")],
    [gpt2(" café".encode())],
    [],
    [gpt2(" 日本".encode()), gpt2("語 😀".encode())],
]

TABLE = Table(
    "CharsToBytes",
    "extension",
    outputs=3,
    cases=[
        Case(ragged(TOKENS), name="tokens of rows: ASCII, accents, CJK, emoji"),
        Case(ragged([[gpt2(bytes(range(0, 128)))], [gpt2(bytes(range(128, 256)))]]), name="every byte"),
        Case(ragged([[gpt2("😀".encode())[:2], gpt2("😀".encode())[2:]]]), name="a character split between tokens"),
        Case(ragged([]), name="no rows"),
        Case(ragged([[], []]), name="empty rows"),
        Case(
            (
                T("i32", (2,), [1, 0]),
                T("i32", (2,), [2, 1]),
                T("i32", (2,), [3, 0]),
                T("i32", (2,), [6, 3]),
                chars("ab def"),
            ),
            name="rows out of order, strings out of order in chars",
        ),
        Case(
            ragged([["ab", "日本", "\u0120x"]]),
            expect=([0], [10], list("ab日本".encode()) + [ord(" "), ord("x")]),
            oracle=False,
            name="a token outside the alphabet",
            why="the extension reads its pair table out of range for a character past U+017F (garbage, or a crash)",
        ),
    ],
    errors=[
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [2]), T("i32", (1,), [0]), T("i32", (1,), [1]), chars("a")),
            match=r"CharsToBytes's row 0 spans \[0, 2\), outside the 1",
            at="run",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [1]), T("i32", (1,), [0]), T("i32", (1,), [1]), T("i32", (1,), [1])),
            match=r"CharsToBytes's chars must be u8, got i32",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
