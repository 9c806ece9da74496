"""RegexSplit (openvino_tokenizers): cases against the CPU plugin with the extension loaded."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, ragged

# The pre-tokenizers' patterns, as openvino_tokenizers writes them.
GPT2 = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
GPT2_DIGITS = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
LLAMA3 = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
# BERT's: whitespace removed, then punctuation and CJK isolated (RegexSplitStep.bert_splitter).
BERT_PUNCT = (
    r"[!-/]|[:-@]|[\[-`]|[{-~]|[\p{P}]|[\x{4E00}-\x{9FFF}]|[\x{3400}-\x{4DBF}]|[\x{20000}-\x{2A6DF}]"
    r"|[\x{2A700}-\x{2B73F}]|[\x{2B740}-\x{2B81F}]|[\x{2B820}-\x{2CEAF}]|[\x{F900}-\x{FAFF}]|[\x{2F800}-\x{2FA1F}]"
)
WHITESPACE = r"\w+|[^\w\s]+"  # (HF's Whitespace pre-tokenizer, invert=true)

# One string a row, as a tokenizer's first split has them: without skips the extension reads a
# skip flag per string from an array of one per row (past its end from a row's second string on).
TEXTS = [
    ["Hello world! It's 2024, don't   stop."],
    ["naïve café — Ünïcödé"],
    ["東京タワーは333mです。"],
    [],
    ["emoji 🚀🎉👍🏽 x"],
    ["I'LL SEE'S we'Re"],
    [""],
    ["tabs\tand\nnew\r\nlines \n\n  end  "],
]
# Every kind of space: PCRE2's \s (U+180E too), and what it is not (U+200B, U+001C, U+FEFF).
SPACES = (
    "a\tb\nc\x0bd\x0ce\rf g\x85h\xa0i\u1680j\u180ek\u2000l\u200am\u2028n\u2029o\u202fp\u205fq\u3000r\u200bs\x1ct\ufeffu"
)
# Word characters as PCRE2 10.43+ has them under UCP: letters, \p{N} (², Ⅷ), \p{Mn}, \p{Pc}.
WORDS = "ab²Ⅷ e\u0301 x\u0903y a‿b ½ ٣"


def each(rows) -> list:
    """Rows as given, a string alone standing for a row of it."""
    return [[r] if isinstance(r, (str, bytes)) else r for r in rows]


def split(rows, pattern, attrs=None, name="", **kw):
    return Case(ragged(each(rows)) + (chars(pattern, const=True),), attrs=attrs or {}, name=name, **kw)


def with_skips(rows, skips, pattern, attrs=None, name="", **kw):
    r = ragged(rows)
    n = sum(map(len, rows))
    return Case(
        r + (T("boolean", (n,), skips), chars(pattern, const=True)), attrs=attrs or {}, name=name, outputs=6, **kw
    )


def legacy(rows, pattern, tokens, attrs=None, name="", **kw):
    from ._strings import strings

    return Case(
        ragged(each(rows)) + (chars(pattern, const=True),) + strings(tokens, const=True),
        attrs=attrs or {},
        name=name,
        **kw,
    )


def pinned(rows, pattern, attrs, name, expect):
    """A row whose value is pinned besides the plugin's: ``expect`` the four offset outputs
    (``chars`` passes through), the extension's where it departs from its behaviour's name."""
    data = list("".join(rows).encode())
    return split(rows, pattern, attrs, name, expect=expect + (data,))


ISO = {"behaviour": "isolate"}
EXPECT_SKIPS = (
    [0, 4],
    [4, 5],
    [0, 3, 5, 7, 8],
    [3, 4, 6, 8, 9],
    list(b"<s>a b cd"),
    [True, False, False, False, False],
)

TABLE = Table(
    "RegexSplit",
    "extension",
    outputs=5,
    cases=[
        split(TEXTS, GPT2, ISO, "GPT-2"),
        split(TEXTS, GPT2_DIGITS, ISO, "GPT-2, single digits"),
        split(TEXTS, LLAMA3, ISO, "Llama-3 / cl100k"),
        split(TEXTS, r"\s+", name="BERT whitespace, attributes left out (remove)"),
        split(TEXTS, BERT_PUNCT, ISO, "BERT punctuation and CJK"),
        split(TEXTS, WHITESPACE, {"invert": "true"}, "HF Whitespace: invert"),
        split([SPACES], r"\s+", ISO, "every kind of space, \\s"),
        split([SPACES], r"[^\s]+", ISO, "every kind of space, [^\\s]"),
        split([SPACES], r"[^\S\n]+", ISO, "a complemented set in a negated class"),
        split([SPACES], r"\h+|\v+", ISO, "\\h and \\v"),
        split([WORDS], r"\w+", ISO, "\\w under UCP"),
        split(
            ["東京タワー。ですー", "한국어 ΑΒΓ"],
            r"\p{Han}+|\p{Hiragana}+|\p{Greek}",
            ISO,
            "scripts by Script_Extensions",
        ),
        split(["1234567 89\r\n\r\n x", "They'RE WE'VE"], LLAMA3, ISO, "Llama-3: digits by three, CRLF, caseless"),
        split([WORDS], r"\b", ISO, "an empty match (\\b) leaves the string whole"),
        split([WORDS], r"[\W]+", ISO, "\\W in a class"),
        split([WORDS], r"\d+|\p{N}", ISO, "\\d and \\p{N}"),
        split(["a b  c", " lead", "trail "], r" ", {"behaviour": "remove"}, "remove"),
        split(["a b  c", " lead", "trail "], r" ", {"behaviour": "isolate", "invert": "true"}, "isolate, invert"),
        split(["a--b", "--", "x-y-z"], r"-", {"behaviour": "contiguous"}, "contiguous"),
        split(["a  b"], r" +", {"behaviour": "contiguous"}, "contiguous, pattern ending in +: not wrapped"),
        split(["a-b", "-a", "a-", "-"], r"-", {"behaviour": "mergedwithprevious"}, "mergedwithprevious"),
        split(["a▁b", "▁a▁b", "a▁", "▁"], "▁", {"behaviour": "mergedwithnext"}, "Metaspace: mergedwithnext"),
        split(["a-b-c"], r"-", {"behaviour": "mergedwithprevious", "invert": "true"}, "mergedwithprevious, invert"),
        split(["a-b-c-", "-a-"], r"-", {"behaviour": "mergedwithnext", "invert": "true"}, "mergedwithnext, invert"),
        pinned(
            ["a-b-c", "-a-"],
            "-",
            {"behaviour": "mergedwithnext", "invert": "true"},
            "mergedwithnext, invert: a last segment not a match is lost",
            ([0, 2], [2, 4], [0, 2, 5, 6], [2, 4, 6, 8]),
        ),
        pinned(
            ["a--b", "--a", "a-", "-"],
            "-",
            {"behaviour": "mergedwithprevious"},
            "mergedwithprevious: delimiters in a row repeat the text before (a--b gives a-, a--, b)",
            ([0, 3, 6, 7], [3, 6, 7, 8], [0, 0, 3, 4, 4, 6, 7, 9], [2, 3, 4, 5, 6, 7, 9, 10]),
        ),
        pinned(
            ["a-b", "ab-"],
            r"\w",
            {"behaviour": "mergedwithprevious", "invert": "true"},
            "mergedwithprevious, invert: a match held back with no delimiter after it is lost",
            ([0, 2], [2, 3], [0, 2, 4], [2, 3, 6]),
        ),
        pinned(
            ["▁▁b", "▁a▁▁b", "", "x"],
            "▁",
            {"behaviour": "mergedwithnext"},
            "mergedwithnext: of delimiters in a row only the last (▁▁b gives ▁b); an empty string, an empty piece",
            ([0, 1, 3, 4], [1, 3, 4, 5], [3, 7, 14, 18, 18], [7, 11, 18, 18, 19]),
        ),
        pinned(
            ["hello  world", "a▁▁", "▁▁"],
            "▁| ",
            {"behaviour": "mergedwithnext"},
            "mergedwithnext: Metaspace's double space, delimiters last",
            ([0, 2, 4], [2, 4, 5], [0, 6, 12, 16, 22], [5, 12, 13, 19, 25]),
        ),
        pinned(
            ["-ab-", "ab"],
            r"\w",
            {"behaviour": "mergedwithnext", "invert": "true"},
            "mergedwithnext, invert: matches in a row start back at the last delimiter",
            ([0, 2], [2, 4], [0, 0, 4, 5], [2, 3, 5, 6]),
        ),
        pinned(
            ["a b c ", "d e", "f"],
            " ",
            {"max_splits": "1"},
            "max_splits reached: the piece after runs to the end, the rest still given",
            ([0, 3, 5], [3, 5, 6], [0, 2, 4, 6, 8, 9], [1, 6, 5, 7, 9, 10]),
        ),
        pinned(
            ["a b c d"],
            " ",
            {"max_splits": "2", "behaviour": "isolate"},
            "max_splits, isolate",
            ([0], [7], [0, 1, 2, 3, 4, 5, 6], [1, 2, 7, 4, 5, 6, 7]),
        ),
        split(["a-b-c-d", "a--b-c"], "-", {"max_splits": "1", "behaviour": "mergedwithprevious"}, "max_splits, merged"),
        split(
            ["a▁b▁c", "▁▁a▁b"], "▁", {"max_splits": "2", "behaviour": "mergedwithnext"}, "max_splits, mergedwithnext"
        ),
        split([["a b c"], ["d e"]], r" ", {"max_splits": "2"}, "max_splits, not reached"),
        split(["abc"], r"(", ISO, "a pattern PCRE2 cannot compile matches nothing"),
        split(["aXbxc"], r"(?i)x", ISO, "caseless"),
        split(["ab ab"], r"(?<=a)b", ISO, "lookbehind sees before the search's start"),
        split(["aaa"], r"^a", ISO, "^ only at the string's start"),
        split(["x.y*z"], r"\Q.\E|\Q*\E", ISO, "\\Q...\\E"),
        split(["end\n"], r"$", ISO, "$ matches empty: nothing"),
        split(["end\n", "end"], r"d\Z", ISO, "\\Z before a final newline"),
        split(["a😀b"], r"\x{1F600}", ISO, "\\x{...} above the BMP"),
        # (The extension gives the skips output the input skips' static shape, which the plugin
        # cannot resize: with static shapes it runs only where the pieces are as many as the strings.)
        with_skips(
            [["<s>", "Hi there", "</s>", ""], ["x"]],
            [True, False, True, False, False],
            r"\s+",
            {},
            "skips pass whole, marked",
        ),
        with_skips([["a b", ""]], [False, False], r" ", {"behaviour": "remove"}, "skips: none set"),
        with_skips(
            [["<s>", "a b c"], ["d"]],
            [True, False, False],
            r" ",
            {},
            "skips: more pieces than strings",
            expect=EXPECT_SKIPS,
            oracle=False,
            why="the plugin cannot resize the skips output, declared with the input skips' static shape [3]",
        ),
        split(
            [["x y", "a b"], [], ["c"]],
            " ",
            ISO,
            "rows of several strings, no skips",
            expect=([0, 6, 6], [6, 6, 7], [0, 1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6, 7], list(b"x ya bc")),
            oracle=False,
            why="without skips the extension reads a skip flag per string from an array of one per row: from a "
            "row's second string on, past its end (uninitialised memory; a string it reads as skipped passes whole)",
        ),
        split(
            [["", ""], [""]],
            " ",
            ISO,
            "every string empty",
            expect=([0, 0], [0, 0], [], [], []),
            oracle=False,
            why="with no chars at all the extension passes begins and ends through and leaves the rows unwritten; "
            "the plugin then refuses the outputs' shapes",
        ),
        split(
            [b"a\xffb c\xc3"],
            r" |\p{L}",
            ISO,
            "not UTF-8: an invalid byte is a code point of its own",
            expect=([0], [6], [0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], [97, 255, 98, 32, 99, 195]),
            oracle=False,
            why="the extension's JIT matcher reads a string that is not UTF-8 unchecked: the plugin crashes",
        ),
        split(
            [],
            " ",
            ISO,
            "no rows",
            expect=([], [], [], [], []),
            oracle=False,
            why="with no chars the extension passes its inputs through as outputs, which the plugin refuses",
        ),
        legacy(["<s>", "a <s> b", "c d"], r" ", ["<s>", "c d"], ISO, "legacy skip tokens (9 inputs)"),
        legacy(["a b"], r" ", [], ISO, "legacy skip tokens, none"),
        split([[]], r" ", name="a row of no strings"),
    ],
)


ONE = ragged([["a b"]])
PATTERN = chars(" ", const=True)
TABLE.errors = [
    # A pattern that backtracks without bound stops at the budget (2 s here), in one line.
    Error(
        ragged([["a" * 30 + "!"]]) + (chars("(a|a)+$", const=True),),
        match=r"RegexSplit's pattern '\(a\|a\)\+\$' ran past 2\.0 s on a 31-byte string \(it backtracks without bound\)",
        modes=("param",),
        at="run",
    ),
    Error(
        ONE + (PATTERN,),
        attrs={"behaviour": "Isolate"},
        match="RegexSplit doesn't support unknown split mode: Isolate",
        code="O003",
        at="lint",
    ),
    Error(
        ONE + (PATTERN,),
        attrs={"max_splits": "0"},
        match=r"max_splits attribute must be greater then `0` or equal to `-1`, got 0",
        code="O003",
        at="lint",
    ),
    Error(
        ONE + (PATTERN, T("i32", (1,), [0]), T("i32", (1,), [1])),
        match="RegexSplit takes 6, 7 or 9 inputs, the layer declares 8",
        code="S005",
        at="lint",
    ),
    Error(
        ONE + (T("i32", (1,), [32], const=True),),
        match="RegexSplit's pattern_or_skips must be u8 or boolean, got i32",
        code="S005",
        at="lint",
    ),
    Error(
        ONE + (T("u8", (1, 1), [32], const=True),),
        match=r"RegexSplit's pattern must be a 1-D u8 tensor, got shape \[1,1\]",
        code="S005",
        at="lint",
    ),
    Error(
        ONE + (T("u8", (1,), [0]), PATTERN),
        match="RegexSplit's skips must be boolean, got u8",
        code="S005",
        at="lint",
        outputs=6,
    ),
    Error(
        ragged([["a b"]])[:2] + (T("i32", (1,), [0]), T("i32", (1,), [9]), chars("a b"), PATTERN),
        match=r"RegexSplit's string 0 spans \[0, 9\), outside the 3 it ranges over",
        at="run",
    ),
    Error(
        (T("i32", (1,), [0]), T("i32", (1,), [2])) + ragged([["a b"]])[2:] + (PATTERN,),
        match=r"RegexSplit's row 0 spans \[0, 2\), outside the 1 it ranges over",
        at="run",
    ),
    Error(
        ONE + (T("boolean", (2,), [False, False]), PATTERN),
        match="RegexSplit's skips hold 2 flags for 1 strings",
        at="run",
        outputs=6,
    ),
]
test_cases, test_errors = TABLE.pytest()
