"""The streamer prints whole text as tokens come, and all of it by the end."""

from irexec.pipeline.streaming import TextStreamer

# A toy detokenizer: tokens are pieces of text; 9 and 10 are the two halves of an "é" whose first
# half alone decodes to U+FFFD, as a byte-fallback vocabulary gives.
PIECES = {1: "Hel", 2: "lo", 3: " wor", 4: "ld", 9: "\ufffd", 10: "é"}


def decode(tokens):
    text = "".join(PIECES[t] for t in tokens)
    return text.replace("\ufffdé", "é")


def test_pieces_are_printed_as_they_become_whole():
    out = []
    s = TextStreamer(decode, out.append)
    for t in (1, 2, 9, 10, 3, 4):
        s.put(t)
    assert out == ["Hel", "lo", "é", " wor", "ld"]
    s.end()
    assert "".join(out) == "Helloé world"


def test_end_prints_what_was_held_back_and_starts_again():
    out = []
    s = TextStreamer(decode, out.append)
    s.put(1)
    s.put(9)  # held: it ends in U+FFFD
    assert out == ["Hel"]
    s.end()
    assert out == ["Hel", "\ufffd"]
    s.put(2)
    assert out[-1] == "lo"


def test_a_rewritten_start_waits_for_the_end():
    out = []
    texts = iter(["  a", "a b"])  # a decoder that strips leading spaces once more text comes
    s = TextStreamer(lambda tokens: next(texts), out.append)
    s.put(1)
    s.put(2)
    assert out == ["  a"]
    s.end("  a b")
    assert "".join(out) == "  a b"
