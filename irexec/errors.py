"""One error model: every failure irexec reports is an IRExecError with a location.

The CLI prints ``str(err)`` as one line; the location fields are kept separate so
that callers (and the linter) can use them without parsing the message.
"""

from __future__ import annotations


# One rule for every channel a human reads (error lines, tables, reports, lint text): a character
# Python does not count as printable -- C0 and C1 controls (ESC, CSI U+009B ...), line breaks, bidi
# overrides and isolates (U+202A-U+202E, U+2066-U+2069), zero-width and other format characters,
# surrogates (undecodable file names), private-use and unassigned code points, spaces other than
# ' ' -- is shown as its Python escape: \t \n \r, \xHH, \uHHHH or \UHHHHHHHH. A name then reads the
# same everywhere, cannot move the cursor, recolour or reorder the terminal, and stays on one line.
def _escape(c: str) -> str:
    code = ord(c)
    if c in "\t\n\r":
        return repr(c)[1:-1]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def one_line(text) -> str:
    """``text`` (a name, path or message) with every non-printable character escaped (see above)."""
    text = str(text)
    return text if text.isprintable() else "".join(c if c.isprintable() else _escape(c) for c in text)


printable = one_line  # the name show.py and the reader know it by


def terminal_text(text) -> str:
    """Several lines for the terminal: each line through ``one_line``, the line breaks kept."""
    return "\n".join(one_line(line) for line in str(text).split("\n"))


# A message lists at most LISTED items, and a line is at most MAX_LINE characters: a file with
# 20,000 layers in a cycle gives a readable line, not hundreds of kilobytes.
LISTED = 10
MAX_LINE = 2000


def listing(items, sep: str = ", ", shown: int = LISTED) -> str:
    """The first ``shown`` items joined by ``sep``, then ``... and K more`` when there are more."""
    items = list(items)
    text = sep.join(str(i) for i in items[:shown])
    return text + (f"{sep}... and {len(items) - shown} more" if len(items) > shown else "")


def capped(text: str, limit: int = MAX_LINE) -> str:
    """``text`` cut to about ``limit`` characters in the middle, saying how many were left out:
    the location at the start and the reason at the end stay."""
    if len(text) <= limit:
        return text
    head, tail = limit * 3 // 4, limit // 4
    return f"{text[:head]} ... ({len(text) - head - tail} characters left out) ... {text[len(text) - tail :]}"


def clipped(value, limit: int = 60) -> str:
    """A value from the file quoted in a message (``repr``), shortened in the middle past ``limit``."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit // 2]}...{text[-(limit // 2) :]} ({len(text)} characters)"


class IRExecError(RuntimeError):
    """Base of every error irexec raises on purpose. A RuntimeError, as OpenVINO's Python API raises
    for a model it cannot read, compile or run: a program's ``except RuntimeError`` written for
    ``openvino`` catches irexec's errors too."""

    exit_code = 1
    fix: str  # (set only where a check knows one: read with getattr)

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        layer: str | None = None,
        layer_id: str | None = None,
        layer_type: str | None = None,
        port: int | str | None = None,
        code: str | None = None,
        column: int | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.layer = layer
        self.layer_id = layer_id
        self.layer_type = layer_type
        self.port = port
        self.code = code  # the lint rule it breaks (irexec.check.findings.RULES), when known
        self.column = column
        self.findings: list = []  # read_model: every finding, when it refuses a model

    def located(self, **where) -> IRExecError:
        """Fill in location fields (and the rule code) still unknown: inner code knows less than outer."""
        for key, value in where.items():
            if getattr(self, key) is None and value is not None:
                setattr(self, key, value)
        return self

    def __str__(self) -> str:
        where = []
        if self.file:
            where.append(self.file if self.line is None else f"{self.file}:{self.line}")
        elif self.line is not None:
            where.append(f"line {self.line}")
        if self.layer is not None or self.layer_id is not None:
            desc = f"layer '{self.layer}'" if self.layer is not None else "layer"
            if self.layer_id is not None:
                desc += f" (id {self.layer_id}"
                desc += f", {self.layer_type})" if self.layer_type else ")"
            elif self.layer_type:
                desc += f" ({self.layer_type})"
            where.append(desc)
        if self.port is not None:
            where.append(f"port {self.port}")
        text = f"{': '.join(where)}: {self.message}" if where else self.message
        return capped(one_line(text))


class ParseError(IRExecError):
    """The XML or the weights file cannot be read as an IR."""


class ValidationError(IRExecError):
    """The IR reads but is not a valid model (unknown op, bad attribute, bad shapes)."""


class ExecutionError(IRExecError):
    """A layer failed while computing (e.g. an index out of range at run time)."""


class InputError(IRExecError):
    """The caller's inputs do not fit the model."""


class UsageError(IRExecError):
    """The command line itself is wrong."""

    exit_code = 2


# Errors of OpenVINO's Python API that are also the built-in class OpenVINO raises there (irexec.api).
class ShapeError(ValidationError, RuntimeError):
    """A shape or dimension asked for what it does not have: a dynamic one's sizes, a dim past its
    rank, text that is not a shape (OpenVINO's RuntimeError)."""


class DimIndexError(ShapeError, IndexError):
    """A dim index past the rank (OpenVINO's RuntimeError, and Python's IndexError)."""


class ArgumentTypeError(InputError, TypeError):
    """An argument of a kind the call does not take (OpenVINO's TypeError)."""


class ArgumentValueError(InputError, ValueError):
    """An argument of the right kind with a value the call refuses (OpenVINO's ValueError)."""
