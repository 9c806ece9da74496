"""Inputs of the extension ops' tables: strings decomposed as the ops take them."""

from cases.rows import T


def chars(text: str | bytes, const: bool = False) -> T:
    """A u8 1-D tensor of the bytes (a pattern, a replacement, a vocabulary's characters)."""
    raw = text.encode() if isinstance(text, str) else text
    return T("u8", (len(raw),), list(raw), const=const)


def strings(items: list, const: bool = False) -> tuple:
    """begins, ends, chars of strings laid end to end."""
    raw = [s.encode() if isinstance(s, str) else s for s in items]
    ends, at = [], 0
    for s in raw:
        at += len(s)
        ends.append(at)
    begins = [e - len(s) for e, s in zip(ends, raw)]
    n = len(raw)
    return (T("i32", (n,), begins, const=const), T("i32", (n,), ends, const=const), chars(b"".join(raw), const))


def ragged(rows: list, const: bool = False) -> tuple:
    """ragged_begins, ragged_ends, begins, ends, chars of rows of strings."""
    flat = [s for row in rows for s in row]
    rb, re_, at = [], [], 0
    for row in rows:
        rb.append(at)
        at += len(row)
        re_.append(at)
    n = len(rows)
    return (T("i32", (n,), rb, const=const), T("i32", (n,), re_, const=const)) + strings(flat, const)
