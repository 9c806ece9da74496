"""StringToHashBucket (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, strings

# Every length class of CityHash64: 0, 1-3, 4-7, 8-16, 17-32, 33-64, over 64 (one and more blocks).
TEXTS = ["", "a", "ab", "abc", "abcd", "日本", "abcdefg", "abcdefgh", "hello world 😀", "x" * 16]
TEXTS += ["x" * 17, "the quick brown fox jumps", "é" * 16, "y" * 33, "lorem ipsum " * 5, "z" * 64]
TEXTS += ["w" * 65, "naïve café " * 8, "q" * 128, "0123456789" * 13, "日本語テキスト" * 20]

TABLE = Table(
    "StringToHashBucket",
    "extension",
    cases=[
        Case(strings(TEXTS), attrs={"num_buckets": "1000"}),
        Case(strings(TEXTS), attrs={"num_buckets": "1"}),
        Case(strings(TEXTS), attrs={"num_buckets": "9223372036854775807"}, name="the largest bucket count"),
        Case(strings([b"\x00\xff\x80", b"\xff" * 70]), attrs={"num_buckets": "7"}, name="any bytes"),
        Case(
            (T("i32", (2, 2), [0, 1, 3, 3]), T("i32", (2, 2), [1, 3, 3, 6]), chars("abcdef")),
            attrs={"num_buckets": "97"},
        ),
        Case(strings([]), attrs={"num_buckets": "5"}, name="no strings"),
    ],
    errors=[
        Error(strings(["a"]), match=r"num_buckets must be positive, got 0", at="lint", name="num_buckets left out"),
        Error(strings(["a"]), attrs={"num_buckets": "-3"}, match=r"num_buckets must be positive, got -3", at="lint"),
        Error(
            (T("i32", (1,), [2]), T("i32", (1,), [1]), chars("abc")),
            attrs={"num_buckets": "3"},
            match=r"StringToHashBucket's string 0 spans \[2, 1\)",
            at="run",
        ),
    ],
)

test_cases, test_errors = TABLE.pytest()
