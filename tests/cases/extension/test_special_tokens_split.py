"""SpecialTokensSplit (openvino_tokenizers): cases against the CPU plugin with the extension loaded.

The extension gives the skips output a static shape (the input skips' or begins'), which the
plugin cannot resize: the rows the plugin runs give as many pieces as strings, or say so."""

from cases.rows import Case, Error, T, Table

from ._strings import chars, ragged

# As openvino_tokenizers writes them (SpecialTokensSplit.get_ov_subgraph): escaped tokens in a
# group, (?:\s*) around those with lstrip/rstrip.
TOKENS = r"(\[CLS\]|\<\|im_start\|\>|\<\|endoftext\|\>|\<unk\>|\<s\>|\<\/s\>)"
STRIPPED = r"(?:\s*)(\<mask\>)(?:\s*)|(\<s\>)"


# (The extension's constructor reads the pattern from input 5 whatever the inputs: with skips
# that is the skips, which as a Parameter is no Const, and the plugin crashes compiling.)
SKIPS_CRASH = "with skips the extension takes input 5, the skips, for the pattern Const: the plugin crashes"


def split(rows, pattern, name="", **kw):
    return Case(ragged(rows) + (chars(pattern, const=True),), name=name, **kw)


def with_skips(rows, skips, pattern, name="", **kw):
    n = sum(map(len, rows))
    return Case(ragged(rows) + (T("boolean", (n,), skips), chars(pattern, const=True)), name=name, **kw)


TABLE = Table(
    "SpecialTokensSplit",
    "extension",
    outputs=6,
    cases=[
        split([["<s>Hi"], ["x</s>"], [""], [""]], TOKENS, "a token at either end, empty strings"),
        split([["<s>"], ["<|endoftext|>"], ["[CLS]"], ["plain"]], TOKENS, "a token alone"),
        split([["héllo<unk>"], ["東京"], ["🚀"], [""]], TOKENS, "non-ASCII around a token"),
        split([["a <mask> b"], ["<s>"], ["c"], [""], [""]], STRIPPED, "lstrip and rstrip: the spaces dropped"),
        split([["<s><s>", ""], []], TOKENS, "tokens in a row"),
        split([["a b", ""]], r"()a", "an empty group: the whole match"),
        split([["xyz"]], r"(", "a pattern PCRE2 cannot compile matches nothing"),
        split([["ab"]], r"x*", "an empty match ends the search"),
        with_skips(
            [["<s>", "a<s>"], ["b"]],
            [True, False, False],
            TOKENS,
            "skips pass whole, marked",
            expect=([0, 3], [3, 4], [0, 3, 4, 7], [3, 4, 7, 8], list(b"<s>a<s>b"), [True, False, True, False]),
            oracle=False,
            why=SKIPS_CRASH,
        ),
        split(
            [["<s>a</s>", "b"]],
            TOKENS,
            "more pieces than strings",
            expect=([0], [4], [0, 3, 4, 8], [3, 4, 8, 9], list(b"<s>a</s>b"), [True, False, True, False]),
            oracle=False,
            why="the plugin cannot resize the skips output, declared with begins' static shape [2]",
        ),
        with_skips(
            [["<s>", "a<s>b"]],
            [True, False],
            TOKENS,
            "skips: more pieces than strings",
            expect=([0], [4], [0, 3, 4, 7], [3, 4, 7, 8], list(b"<s>a<s>b"), [True, False, True, False]),
            oracle=False,
            why=SKIPS_CRASH,
        ),
    ],
)

ONE = ragged([["a<s>"]])
PAT = chars(TOKENS, const=True)
TABLE.errors = [
    Error(
        ONE + (T("i32", (1,), [32], const=True),),
        match="SpecialTokensSplit's pattern_or_skips must be u8 or boolean, got i32",
        code="S005",
        at="lint",
    ),
    Error(
        ONE + (T("u8", (1,), [0]), PAT),
        match="SpecialTokensSplit's skips must be boolean, got u8",
        code="S005",
        at="lint",
    ),
    Error(
        ragged([["a"]])[:2] + (T("i32", (1,), [0]), T("i32", (1,), [5]), chars("a<s>"), PAT),
        match=r"SpecialTokensSplit's string 0 spans \[0, 5\), outside the 4 it ranges over",
        at="run",
    ),
    Error(
        ONE + (T("boolean", (2,), [False, True]), PAT),
        match="SpecialTokensSplit's skips hold 2 flags for 1 strings",
        at="run",
    ),
]

test_cases, test_errors = TABLE.pytest()
