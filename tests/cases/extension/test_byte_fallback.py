"""ByteFallback (openvino_tokenizers): cases against the CPU plugin with the extension loaded.

Detokenized SentencePiece tokens (llama-style): byte tokens <0xNN> among ordinary pieces."""

from cases.rows import Case, Error, T, Table

from ._strings import strings

TOKENS = ["▁Hello", "<0xE6>", "<0x9D>", "<0xB1>", "▁world", "<0x0A>", "<0x00>", "<0xFF>", "<s>", "", "東京", "<0x41>"]

TABLE = Table(
    "ByteFallback",
    "extension",
    outputs=3,
    cases=[
        Case(strings(TOKENS), name="byte tokens among pieces"),
        Case(strings(["<0x4", "<0x41>>", "x<0x41>", "<<0x41>", "0x41>"]), name="near misses are kept"),
        Case(
            strings(["<mask>", "<0xab>", "<0x41>", "<0x4G>", "<a>b>>", "<0x>>>"]),
            name="six-byte tags that name no byte: 0xFF, as the extension gives",
            expect=([0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], [255, 255, 65, 255, 255, 255]),
        ),
        Case(
            strings(["<<0x4>", "<0x<1>", "<0x41", "<0x41 ", "[0x41>", "<0x41>"]),
            name="six bytes with a second '<' or without the brackets are kept",
            expect=([0, 6, 12, 17, 23, 29], [6, 12, 17, 23, 29, 30], list(b"<<0x4><0x<1><0x41<0x41 [0x41>A")),
        ),
        Case(
            (
                T("i32", (2, 2), [6, 0, 12, 12]),
                T("i32", (2, 2), [12, 6, 12, 18]),
                T("u8", (18,), list(b"<0x42><0x41>ABCDEF")),
            ),
            name="2-D, out of order, an empty string",
        ),
        Case((T("i32", (0,)), T("i32", (0,)), T("u8", (0,))), name="no strings"),
    ],
    errors=[
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [7]), T("u8", (6,), list(b"<0x41>"))),
            match=r"ByteFallback's string 0 spans \[0, 7\), outside the 6",
            at="run",
        ),
        Error(
            (T("i32", (1,), [0]), T("i32", (1,), [6]), T("i32", (6,), list(b"<0x41>"))),
            match=r"ByteFallback's chars must be u8, got i32",
            code="S005",
            at="lint",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
