"""One error model: every failure irexec reports is an IRExecError with a location.

The CLI prints ``str(err)`` as one line; the location fields are kept separate so
that callers (and the linter) can use them without parsing the message.
"""
from __future__ import annotations


# Names and paths come from the file: escape control characters so a message stays one line.
_ONE_LINE = {c: f"\\x{c:02x}" for c in range(32)} | {10: "\\n", 13: "\\r", 9: "\\t", 127: "\\x7f",
                                                      0x85: "\\x85", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def one_line(text) -> str:
    """``text`` (a name or path from a file) with control characters and line breaks escaped."""
    return str(text).translate(_ONE_LINE)


def printable(text) -> str:
    """``text`` on one line as it reads: characters that are not printable become escapes."""
    text = str(text)
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class IRExecError(Exception):
    """Base of every error irexec raises on purpose."""

    exit_code = 1

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 layer: str | None = None, layer_id: str | None = None,
                 layer_type: str | None = None, port: int | str | None = None,
                 code: str | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.layer = layer
        self.layer_id = layer_id
        self.layer_type = layer_type
        self.port = port
        self.code = code          # the lint rule it breaks (irexec.findings.RULES), when known
        self.column = column
        self.findings = []        # read_model: every finding, when it refuses a model

    def located(self, **where) -> "IRExecError":
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
        return one_line(text)


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
